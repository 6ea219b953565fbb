import { z } from 'zod';
import type { Figure } from '../analysis-result.ts';

/*
 * The hurdle rate by purpose, on the same tax basis as the return it judges, and the flip
 * (renovate and resell) model: optional parts of the analysis result, so older results still parse.
 */

const figureSchema = z.custom<Figure>(
  (v) => typeof v === 'object' && v !== null && 'id' in v && 'label' in v && 'value' in v && 'source' in v,
  'Figura inválida',
);

/** Which hurdle judges the deal: a rental/hold, a flip or an incorporação. */
export const HURDLE_KINDS = ['rental', 'flip', 'development'] as const;

export const hurdleSchema = z.object({
  kind: z.enum(HURDLE_KINDS),
  /** 'after-tax': compared with an after-tax IRR; 'pre-tax': with a project IRR before the investor's income tax. */
  basis: z.enum(['after-tax', 'pre-tax']),
  /** The rate used (a.a.), the same as `discountRateAnnual`. */
  value: z.number(),
  /** How it was set: from the reference (Tesouro + premium), typed in the questionnaire or overridden. */
  origin: z.enum(['reference', 'questionnaire', 'override']),
  /** One line: which hurdle and why ('TMA de locação após impostos: …'). */
  reason: z.string(),
  /** The steps: Tesouro real yield, inflation, nominal, tax on the bond, after-tax, premium. */
  steps: z.array(z.object({ label: z.string(), value: z.number(), unit: z.enum(['fraction', 'pp', 'months']) })),
  /** The reference row behind it (Tesouro IPCA+), when any. */
  referenceId: z.string().nullable(),
});
export type Hurdle = z.infer<typeof hurdleSchema>;

export const flipResultSchema = z.object({
  renovation: figureSchema,
  worksMonths: z.number().int(),
  sellMonths: z.number().int(),
  salePrice: figureSchema,
  /** Condomínio, IPTU, utilities and upkeep paid in full while the unit is empty. */
  carryingCosts: figureSchema,
  sellingCosts: figureSchema,
  /** Net sale − acquisition − renovation − carrying, after the capital-gains tax. */
  profit: figureSchema,
  /** Profit / everything put in (acquisition + renovation + carrying). */
  returnOnCost: figureSchema,
  notes: z.array(z.string()),
});
export type FlipResult = z.infer<typeof flipResultSchema>;

/** An input the engine thinks is implausible, naming the field. */
export const implausibleInputSchema = z.object({ field: z.string(), label: z.string(), message: z.string() });
export type ImplausibleInput = z.infer<typeof implausibleInputSchema>;
