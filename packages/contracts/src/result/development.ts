import { z } from 'zod';
import type { Figure } from '../analysis-result.ts';

/*
 * Development (incorporação) as an incorporadora models it (issue 17, item 2): phases, budget lines,
 * 'na planta' payment flow, distratos, land deal, plano empresário funding, taxes, residual land
 * value to a target margin and to the hurdle IRR, break-evens. An optional field of
 * `DevelopmentResult`, so results stored before it still parse.
 */

const figureSchema = z.custom<Figure>(
  (v) => typeof v === 'object' && v !== null && 'id' in v && 'label' in v && 'value' in v && 'source' in v,
  'Figura inválida',
);

const num = z.number();
const cashFlowPointSchema = z.object({ month: num, inflow: num, outflow: num, net: num, cumulative: num });

export const LAND_DEALS = ['cash', 'permuta-fisica', 'permuta-financeira'] as const;
export const LAND_DEAL_LABELS: Record<(typeof LAND_DEALS)[number], string> = {
  cash: 'Compra à vista',
  'permuta-fisica': 'Permuta física (unidades ao proprietário)',
  'permuta-financeira': 'Permuta financeira (% das receitas ao proprietário)',
};
export const DEVELOPMENT_TAX_REGIMES = ['ret', 'ret-mcmv', 'presumido'] as const;
export const DEVELOPMENT_TAX_REGIME_LABELS: Record<(typeof DEVELOPMENT_TAX_REGIMES)[number], string> = {
  ret: 'RET 4 % (patrimônio de afetação)',
  'ret-mcmv': 'RET 1 % (Minha Casa, Minha Vida)',
  presumido: 'Lucro presumido (≈ 5,93 % das receitas)',
};

/** One budget line: a label, its amount (nominal, INCC-corrected) and the rule that built it. */
export const budgetLineSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** 'works' = CUB and what the CUB excludes; 'indirect' = costs by kind; 'sales' = commissions, taxes. */
  group: z.enum(['land', 'works', 'indirect', 'sales', 'finance']),
  value: num,
  formula: z.string(),
});
export type BudgetLine = z.infer<typeof budgetLineSchema>;

export const developmentPhaseSchema = z.object({
  id: z.enum(['approval', 'works', 'sales']),
  label: z.string(),
  /** First and last month (inclusive) of the phase; month 0 is the land purchase. */
  startMonth: num,
  endMonth: num,
  months: num,
});
export type DevelopmentPhase = z.infer<typeof developmentPhaseSchema>;

export const developmentDetailSchema = z.object({
  landDeal: z.enum(LAND_DEALS),
  landDealShare: num,
  taxRegime: z.enum(DEVELOPMENT_TAX_REGIMES),
  phases: z.array(developmentPhaseSchema),
  /** Month of delivery (keys, bank repasse, loan repayment). */
  deliveryMonth: num,
  units: figureSchema,
  privateArea: figureSchema,
  equivalentArea: figureSchema,
  vgvGross: figureSchema,
  permutaValue: figureSchema,
  distratoValue: figureSchema,
  inccCorrection: figureSchema,
  taxes: figureSchema,
  budget: z.array(budgetLineSchema),
  worksTotal: figureSchema,
  indirectTotal: figureSchema,
  /** Payment flow shares of a sale before delivery (fractions; repasse is the rest). */
  paymentFlow: z.object({ signal: num, monthly: num, balloons: num, keys: num, repasse: num }),
  projectNpv: figureSchema,
  projectIrr: figureSchema,
  equityNpv: figureSchema,
  equityIrr: figureSchema,
  peakDebt: figureSchema,
  peakEquity: figureSchema,
  interestPaid: figureSchema,
  rlvTargetMargin: figureSchema,
  rlvTargetIrr: figureSchema,
  breakEvenPricePerSqm: figureSchema,
  breakEvenCostPerSqm: figureSchema,
  maxDelayMonths: figureSchema,
  equityCashFlow: z.array(cashFlowPointSchema),
  notes: z.array(z.string()),
});
export type DevelopmentDetail = z.infer<typeof developmentDetailSchema>;
