import type { CashFlowPoint, DevelopmentResult, Figure, SensitivityMatrix } from '@viabiliza/contracts/analysis-result';
import { computed, figure } from './figure.ts';
import { roundCents, sCurveWeights } from './finance.ts';
import {
  PRICE_MISSING_NOTE,
  SENSITIVITY_STEPS,
  annualIrr,
  finite,
  monthsIn,
  outOfRangeNote,
  returnFigures,
  toCashFlow,
} from './financial.ts';
import type { ResolvedInputs } from './types.ts';

/*
 * Development feasibility (ARGUS Developer / Estate Master-like): land, construction on an
 * S-curve, sales over a sales period with 20% paid at sale and 80% at delivery (the 'repasse'),
 * commissions and RET, margin, residual land value, peak exposure and returns.
 */

const BUILT_AREA_MISSING_NOTE = 'Informe a área construída prevista para calcular.';
const NEGATIVE_RLV_NOTE = 'Valor residual negativo: o projeto não comporta o terreno na margem-alvo';
/** Share of soft costs paid up front (projects, approvals); the rest runs with the works. */
const SOFT_COSTS_UPFRONT = 0.3;
/** Share of a pre-delivery sale received at signing; the rest is paid at delivery (bank 'repasse'). */
const PAID_AT_SALE = 0.2;
const SALES_SPEED_STEPS = [0.5, 0.75, 1, 1.5, 2] as const;

interface DevelopmentParams {
  /** Land price + ITBI + notary, or null when the price is unknown. */
  landAllIn: number | null;
  builtArea: number;
  sellableEfficiency: number;
  salePricePerSqm: number;
  constructionCostPerSqm: number;
  softCostRate: number;
  commissionRate: number;
  retRate: number;
  constructionMonths: number;
  salesMonths: number;
}

interface DevelopmentTotals {
  sellableArea: number;
  vgv: number;
  constructionCost: number;
  softCosts: number;
  commissions: number;
  ret: number;
  /** Everything but the land. */
  costsExLand: number;
}

function totals(p: DevelopmentParams): DevelopmentTotals {
  const sellableArea = p.builtArea * p.sellableEfficiency;
  const vgv = sellableArea * p.salePricePerSqm;
  const constructionCost = p.builtArea * p.constructionCostPerSqm;
  const softCosts = constructionCost * p.softCostRate;
  const commissions = vgv * p.commissionRate;
  const ret = vgv * p.retRate;
  return { sellableArea, vgv, constructionCost, softCosts, commissions, ret, costsExLand: constructionCost + softCosts + commissions + ret };
}

function marginOnVgv(p: DevelopmentParams): number | null {
  if (p.landAllIn === null) return null;
  const t = totals(p);
  if (!(t.vgv > 0)) return null;
  const m = (t.vgv - p.landAllIn - t.costsExLand) / t.vgv;
  return Number.isFinite(m) ? m : null;
}

/** Monthly cash flow; null without a land cost or when a value is out of range. */
function developmentCashFlow(p: DevelopmentParams): CashFlowPoint[] | null {
  if (p.landAllIn === null) return null;
  const t = totals(p);
  const T = p.constructionMonths;
  const S = p.salesMonths;
  const delivery = T + 1;
  const horizon = Math.max(delivery, S);
  const inflows = new Array<number>(horizon + 1).fill(0);
  const outflows = new Array<number>(horizon + 1).fill(0);

  outflows[0] = p.landAllIn + t.softCosts * SOFT_COSTS_UPFRONT;
  const weights = sCurveWeights(T);
  const softMonthly = (t.softCosts * (1 - SOFT_COSTS_UPFRONT)) / T;
  for (let m = 1; m <= T; m++) outflows[m]! += t.constructionCost * weights[m - 1]! + softMonthly;

  const salePerMonth = t.vgv / S;
  const commissionPerMonth = t.commissions / S;
  for (let m = 1; m <= S; m++) {
    outflows[m]! += commissionPerMonth;
    if (m < delivery) {
      inflows[m]! += salePerMonth * PAID_AT_SALE;
      inflows[delivery]! += salePerMonth * (1 - PAID_AT_SALE);
    } else {
      inflows[m]! += salePerMonth;
    }
  }
  // RET is due on receipts, month by month.
  for (let m = 0; m <= horizon; m++) outflows[m]! += inflows[m]! * p.retRate;
  return toCashFlow(inflows, outflows);
}

function scenarioIrr(p: DevelopmentParams): number | null {
  const cf = developmentCashFlow(p);
  return cf ? annualIrr(cf.map((x) => x.net)) : null;
}

function developmentSensitivity(base: DevelopmentParams): SensitivityMatrix[] {
  if (base.landAllIn === null) return [];
  const salePrices = SENSITIVITY_STEPS.map((s) => base.salePricePerSqm * s);
  const costs = SENSITIVITY_STEPS.map((s) => base.constructionCostPerSqm * s);
  const speeds = SALES_SPEED_STEPS.map((s) => (s === 1 ? base.salesMonths : Math.max(1, Math.round(base.salesMonths * s))));
  return [
    {
      id: 'salePriceCost',
      title: 'Preço de venda × custo de obra',
      metricLabel: 'Margem sobre VGV',
      metricUnit: 'fraction',
      rowLabel: 'Custo de obra (R$/m²)',
      rowUnit: 'BRL/m2',
      rowValues: costs.map(roundCents),
      colLabel: 'Preço de venda (R$/m²)',
      colUnit: 'BRL/m2',
      colValues: salePrices.map(roundCents),
      cells: costs.map((constructionCostPerSqm) =>
        salePrices.map((salePricePerSqm) => marginOnVgv({ ...base, constructionCostPerSqm, salePricePerSqm })),
      ),
      base: { row: 2, col: 2 },
    },
    {
      id: 'salePriceSpeed',
      title: 'Preço de venda × velocidade de vendas',
      metricLabel: 'TIR anual',
      metricUnit: 'fraction',
      rowLabel: 'Prazo de vendas (meses)',
      rowUnit: 'months',
      rowValues: speeds,
      colLabel: 'Preço de venda (R$/m²)',
      colUnit: 'BRL/m2',
      colValues: salePrices.map(roundCents),
      cells: speeds.map((salesMonths) => salePrices.map((salePricePerSqm) => scenarioIrr({ ...base, salesMonths, salePricePerSqm }))),
      base: { row: 2, col: 2 },
    },
  ];
}

export function computeDevelopment(inputs: ResolvedInputs): DevelopmentResult {
  const a = inputs.assumptions;
  const priceValue = inputs.price?.value;
  const P = typeof priceValue === 'number' && Number.isFinite(priceValue) && priceValue > 0 ? priceValue : null;
  const builtValue = finite(inputs.builtArea?.value, NaN);
  const built = builtValue > 0 ? builtValue : null;
  const landFactor = 1 + finite(a.itbiRate.value) + finite(a.notaryRate.value);
  const landAllIn = P === null ? null : P * landFactor;

  const params: DevelopmentParams | null =
    built === null
      ? null
      : {
          landAllIn: landAllIn !== null && Number.isFinite(landAllIn) ? landAllIn : null,
          builtArea: built,
          sellableEfficiency: finite(a.sellableEfficiency.value),
          salePricePerSqm: finite(a.salePricePerSqm.value),
          constructionCostPerSqm: finite(a.constructionCostPerSqm.value),
          softCostRate: finite(a.softCostRate.value),
          commissionRate: finite(a.commissionRate.value),
          retRate: finite(a.retRate.value),
          constructionMonths: monthsIn(a.constructionMonths.value, 1).months,
          salesMonths: monthsIn(a.salesMonths.value, 1).months,
        };
  const t = params ? totals(params) : null;

  const builtNote = built === null ? BUILT_AREA_MISSING_NOTE : undefined;
  const priceNote = P === null ? PRICE_MISSING_NOTE : undefined;
  const bothNote = [builtNote, priceNote].filter(Boolean).join(' ') || undefined;
  const fig = (id: string, label: string, value: number | null | undefined, unit: Figure['unit'], formula: string, note?: string) =>
    figure(id, label, value, unit, computed(formula), note ?? outOfRangeNote(value));

  const totalCost = t && landAllIn !== null ? landAllIn + t.costsExLand : null;
  const profit = t && totalCost !== null ? t.vgv - totalCost : null;
  const margin = params ? marginOnVgv(params) : null;
  const targetMargin = finite(a.targetMargin.value);
  const rlv = t ? (t.vgv * (1 - targetMargin) - t.costsExLand) / landFactor : null;

  const cashFlow = params ? developmentCashFlow(params) : null;
  let peak: number | null = null;
  if (cashFlow) {
    let min = 0;
    for (const p of cashFlow) min = Math.min(min, p.cumulative);
    peak = -min;
  }
  const discount = { value: Math.max(0, finite(a.discountRateAnnual.value)), source: a.discountRateAnnual.source };
  const returns = returnFigures(cashFlow, discount, discount.value, bothNote ?? 'Valor fora da faixa calculável com as premissas informadas.');

  return {
    landCost: fig('landCost', 'Custo do terreno (com ITBI e cartório)', landAllIn, 'BRL', 'Preço + ITBI + cartório e registro', priceNote),
    builtArea:
      inputs.builtArea && built !== null
        ? inputs.builtArea
        : figure('builtArea', 'Área construída prevista', null, 'm2', inputs.builtArea?.source ?? { kind: 'questionnaire', field: 'builtArea', label: 'Área construída (m²)' }, BUILT_AREA_MISSING_NOTE),
    sellableArea: fig('sellableArea', 'Área vendável', t?.sellableArea, 'm2', 'Área construída × eficiência', builtNote),
    vgv: fig('vgv', 'VGV (Valor Geral de Vendas)', t?.vgv, 'BRL', 'Área vendável × preço de venda por m²', builtNote),
    constructionCost: fig('constructionCost', 'Custo de obra', t?.constructionCost, 'BRL', 'Área construída × custo de construção por m²', builtNote),
    softCosts: fig('softCosts', 'Custos indiretos', t?.softCosts, 'BRL', 'Custo de obra × custos indiretos (%)', builtNote),
    commissions: fig('commissions', 'Comissões de venda', t?.commissions, 'BRL', 'VGV × comissão (%)', builtNote),
    ret: fig('ret', 'RET (Regime Especial de Tributação)', t?.ret, 'BRL', 'VGV × alíquota do RET (sobre as receitas)', builtNote),
    totalCost: fig('totalCost', 'Custo total', totalCost, 'BRL', 'Terreno com ITBI e cartório + obra + indiretos + comissões + RET', bothNote),
    profit: fig('profit', 'Lucro', profit, 'BRL', 'VGV − custo total', bothNote),
    marginOnVgv: fig(
      'marginOnVgv',
      'Margem sobre VGV',
      margin,
      'fraction',
      'Lucro / VGV',
      bothNote ?? (t && !(t.vgv > 0) ? 'VGV nulo: a margem sobre o VGV não é definida.' : undefined),
    ),
    marginOnCost: fig(
      'marginOnCost',
      'Margem sobre custo',
      profit !== null && totalCost !== null && totalCost > 0 ? profit / totalCost : null,
      'fraction',
      'Lucro / custo total',
      bothNote ?? (totalCost !== null && !(totalCost > 0) ? 'Custo total nulo: a margem sobre o custo não é definida.' : undefined),
    ),
    residualLandValue: fig(
      'residualLandValue',
      'Valor residual do terreno',
      rlv,
      'BRL',
      '(VGV × (1 − margem-alvo) − obra − indiretos − comissões − RET) / (1 + ITBI + cartório)',
      builtNote ?? (rlv !== null && rlv < 0 ? NEGATIVE_RLV_NOTE : undefined),
    ),
    peakExposure: fig('peakExposure', 'Exposição máxima de caixa', peak, 'BRL', '−(menor saldo acumulado do fluxo de caixa)', bothNote),
    npv: returns.npv,
    irr: returns.irr,
    mirr: returns.mirr,
    paybackMonths: returns.paybackMonths,
    cashFlow: cashFlow ?? [],
    sensitivity: params && cashFlow ? developmentSensitivity(params) : [],
  };
}
