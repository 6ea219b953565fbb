import { z } from 'zod';
import type { Figure } from '../analysis-result.ts';

/*
 * Acquisition and rental after tax (issue 17, items 1 and 3) and the stress section (item 7):
 * optional fields of the analysis result, so results stored before them still parse.
 */

const figureSchema = z.custom<Figure>(
  (v) => typeof v === 'object' && v !== null && 'id' in v && 'label' in v && 'value' in v && 'source' in v,
  'Figura inválida',
);

export const financialAfterTaxSchema = z.object({
  /** 'pf' pessoa física (carnê-leão), 'pj' lucro presumido, 'none' no tax modelled. */
  ownerType: z.enum(['pf', 'pj', 'none']),
  /** The index rent is adjusted by every 12 months. */
  rentIndex: z.enum(['ipca', 'igpm']),
  rentGrowthAnnual: figureSchema,
  costGrowthAnnual: figureSchema,
  hurdleRate: figureSchema,
  grossRentYear1: figureSchema,
  noiYear1: figureSchema,
  rentTaxYear1: figureSchema,
  rentTaxTotal: figureSchema,
  exitMethod: z.enum(['appreciation', 'capRate']),
  exitCosts: figureSchema,
  capitalGain: figureSchema,
  /** FR2 of Lei 11.196/2005 art. 40 (1/1,0035^meses); 1 for a company. */
  reductionFactor: figureSchema,
  capitalGainsExempt: z.boolean(),
  unleveredNpv: figureSchema,
  unleveredIrr: figureSchema,
  leveredIrr: figureSchema,
  /** NPV of the buyer's own cash (down payment, installments, balance repaid at the sale) at the hurdle; absent in older results. */
  leveredNpv: figureSchema.optional(),
  dscrMin: figureSchema,
  dscrAverage: figureSchema,
  breakEvenRent: figureSchema,
  maxPrice: figureSchema,
  discountedPaybackMonths: figureSchema,
  /** First month the cumulative flow is ≥ 0, and the first later month it goes negative again. */
  payback: z.object({ firstPositiveMonth: z.number().int().nullable(), negativeAgainMonth: z.number().int().nullable() }),
  /** Annual rates that zero the NPV (several when the flow changes sign more than once). */
  irrRoots: z.array(z.number()),
  signChanges: z.number().int(),
  irrWarnings: z.array(z.string()),
  notes: z.array(z.string()),
});
export type FinancialAfterTax = z.infer<typeof financialAfterTaxSchema>;

export const stressScenarioSchema = z.object({
  id: z.enum(['base', 'price', 'cost', 'delay', 'rate', 'combined']),
  label: z.string(),
  npv: z.number().nullable(),
  irr: z.number().nullable(),
  /** Development only: profit / VGV. */
  margin: z.number().nullable(),
  npvDelta: z.number().nullable(),
});
export type StressScenario = z.infer<typeof stressScenarioSchema>;

export const stressResultSchema = z.object({
  model: z.enum(['acquisition', 'development']),
  scenarios: z.array(stressScenarioSchema),
  notes: z.array(z.string()),
});
export type StressResult = z.infer<typeof stressResultSchema>;
