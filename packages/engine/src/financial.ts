import type { AssumptionId } from '@viabiliza/contracts/analysis';
import type { FinancialAfterTax } from '@viabiliza/contracts/result/financial-after-tax';
import type {
  AssumptionUsed,
  CashFlowPoint,
  Figure,
  FigureSource,
  FinancialResult,
  FinancingSchedule,
  SensitivityMatrix,
} from '@viabiliza/contracts/analysis-result';
import { computed, figure } from './figure.ts';
import {
  annualToMonthly,
  discountedPayback,
  irr,
  irrRoots,
  mirr,
  monthlyToAnnual,
  npv,
  paybackPeriod,
  paybackWithDips,
  priceSchedule,
  roundCents,
  signChanges,
} from './finance.ts';
import { acquisitionCostRules } from './acquisition-costs.ts';
import { financingPlanFor, financingTermsFor, NO_COSTS, rowOutflow, systemLoan, termCosts, type LoanCosts } from './financing.ts';
import { RENT_TAX_NOTES, companyRentTax, irpfMarginal, saleTax, type CapitalGainsResult, type SaleTaxProfile } from './tax.ts';
import type { ResolvedInputs } from './types.ts';

/*
 * Acquisition and rental (DealCheck-like): all-in acquisition cost, SAC and Price financing,
 * yields, a monthly cash flow to a sale at the end of the holding period, and its returns.
 */

export const PRICE_MISSING_NOTE = 'Informe o valor do imóvel (Valor pretendido) para calcular.';
const RENT_MISSING_NOTE = 'Informe o aluguel mensal ou a área do imóvel para estimar o aluguel e calcular este valor.';
const RENT_FROM_REFERENCE_NOTE = 'Aluguel estimado pela referência de R$/m² da cidade';
export const OUT_OF_RANGE_NOTE = 'Valor fora da faixa calculável com as premissas informadas.';
export const IRR_NO_SIGN_CHANGE_NOTE = 'TIR indefinida: o fluxo não muda de sinal';
const IRR_NO_ROOT_NOTE = 'TIR indefinida: nenhuma taxa zera o VPL deste fluxo; veja a MTIR.';
const CAPITAL_GAINS_NOTE = RENT_TAX_NOTES.gain;

/** Longest horizon and loan term the engine models (50 years); longer inputs are capped with a note. */
export const MAX_MONTHS = 600;

/** Multipliers of the ±20% sensitivity axes; index 2 is the base case. */
export const SENSITIVITY_STEPS = [0.8, 0.9, 1, 1.1, 1.2] as const;
const RATE_STEPS_PP = [-0.02, -0.01, 0, 0.01, 0.02] as const;

/** Finite number or `fallback`. */
export function finite(x: number | null | undefined, fallback = 0): number {
  return typeof x === 'number' && Number.isFinite(x) ? x : fallback;
}

/** Months from a count that may be fractional, zero or absurd: an integer in [min, MAX_MONTHS]. */
export function monthsIn(x: number, min: number): { months: number; capped: boolean } {
  const m = Math.round(finite(x));
  if (m > MAX_MONTHS) return { months: MAX_MONTHS, capped: true };
  return { months: Math.max(min, m), capped: false };
}

export { capitalGainsTax } from './tax.ts';

/** Cash-flow points in cents from monthly inflows and outflows; `null` if any value is not finite. */
export function toCashFlow(inflows: readonly number[], outflows: readonly number[]): CashFlowPoint[] | null {
  const points: CashFlowPoint[] = [];
  let cumulative = 0;
  for (let month = 0; month < inflows.length; month++) {
    const inflow = roundCents(inflows[month]!);
    const outflow = roundCents(outflows[month] ?? 0);
    const net = roundCents(inflow - outflow);
    cumulative = roundCents(cumulative + net);
    if (!Number.isFinite(inflow) || !Number.isFinite(outflow) || !Number.isFinite(cumulative)) return null;
    points.push({ month, inflow, outflow, net, cumulative });
  }
  return points;
}

/** The note of a number that was computed but came out NaN or infinite. */
export function outOfRangeNote(value: number | null | undefined): string | undefined {
  return typeof value === 'number' && !Number.isFinite(value) ? OUT_OF_RANGE_NOTE : undefined;
}

function hasSignChange(flows: readonly number[]): boolean {
  return flows.some((f) => f > 0) && flows.some((f) => f < 0);
}

/** Annual IRR of monthly flows, or null. Shared by the headline figure and the sensitivity cells. */
export function annualIrr(nets: readonly number[]): number | null {
  const m = irr(nets);
  if (m === null) return null;
  const a = monthlyToAnnual(m);
  return Number.isFinite(a) ? a : null;
}

export interface ReturnFigures {
  npv: Figure;
  irr: Figure;
  mirr: Figure;
  paybackMonths: Figure;
}

/**
 * VPL, TIR, MTIR and payback of a monthly cash flow. Rates are annual and converted to monthly
 * equivalents; `cashFlow` null means the flow could not be built, and `missingNote` says why.
 */
export function returnFigures(
  cashFlow: CashFlowPoint[] | null,
  discountRateAnnual: { value: number; source: FigureSource },
  financeRateAnnual: number,
  missingNote: string,
): ReturnFigures {
  const discountPct = `${(discountRateAnnual.value * 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}% a.a.`;
  const npvSource = computed(`Fluxo de caixa mensal descontado a ${discountPct} (taxa de desconto convertida em mensal)`);
  const irrSource = computed('TIR mensal do fluxo de caixa, anualizada: (1 + TIR mensal)^12 − 1');
  const mirrSource = computed(
    'MTIR mensal (saídas descontadas à taxa de financiamento, entradas reinvestidas à taxa de desconto), anualizada',
  );
  const paybackSource = computed('Primeiro mês em que o fluxo de caixa acumulado volta a ser ≥ 0');
  if (!cashFlow || cashFlow.length === 0) {
    return {
      npv: figure('npv', 'VPL', null, 'BRL', npvSource, missingNote),
      irr: figure('irr', 'TIR anual', null, 'fraction', irrSource, missingNote),
      mirr: figure('mirr', 'MTIR anual', null, 'fraction', mirrSource, missingNote),
      paybackMonths: figure('paybackMonths', 'Payback', null, 'months', paybackSource, missingNote),
    };
  }
  const nets = cashFlow.map((p) => p.net);
  const monthlyDiscount = annualToMonthly(discountRateAnnual.value);
  const irrValue = annualIrr(nets);
  const irrNote = irrValue === null ? (hasSignChange(nets) ? IRR_NO_ROOT_NOTE : IRR_NO_SIGN_CHANGE_NOTE) : undefined;
  const m = mirr(nets, annualToMonthly(financeRateAnnual), monthlyDiscount);
  const mirrValue = m === null ? null : monthlyToAnnual(m);
  const payback = paybackPeriod(nets);
  return {
    npv: figure('npv', 'VPL', npv(monthlyDiscount, nets), 'BRL', npvSource),
    irr: figure('irr', 'TIR anual', irrValue, 'fraction', irrSource, irrNote),
    mirr: figure(
      'mirr',
      'MTIR anual',
      mirrValue,
      'fraction',
      mirrSource,
      m === null
        ? 'MTIR indefinida: o fluxo precisa de ao menos uma saída e uma entrada de caixa.'
        : irrValue === null
          ? 'A TIR é indefinida; a MTIR é mostrada no lugar.'
          : undefined,
    ),
    paybackMonths: figure(
      'paybackMonths',
      'Payback',
      payback,
      'months',
      paybackSource,
      payback === null ? 'O investimento não se paga dentro do horizonte analisado.' : undefined,
    ),
  };
}

// ------------------------------------------------------------------------------------------------
// One acquisition scenario: everything that depends on price, rent and the financing rate, so the
// headline figures and every sensitivity cell come from the same code.

interface AcquisitionParams {
  price: number;
  /** Monthly rent, or null when unknown (no operating cash flow can be built). */
  rent: number | null;
  itbiRate: number;
  notaryRate: number;
  /** ITBI by the city table for a price and loan amount (acquisition-costs.ts); absent: price × itbiRate. */
  itbiOf?: (price: number, financedAmount: number) => number;
  /** Notary + registry by the state table (acquisition-costs.ts); absent: price × notaryRate. */
  notaryOf?: (price: number) => number;
  /** Typed down payment in BRL, or null to use `downPaymentRate`. */
  downPayment: number | null;
  downPaymentRate: number;
  financingAllowed: boolean;
  /** The buyer's amortisation system (default SAC). */
  loanSystem?: 'SAC' | 'PRICE';
  financingRateAnnual: number;
  termMonths: number;
  /** Max LTV of the SAC loan (financing.ts: by regime and dataset row); 1 = no limit. */
  ltvMax: number;
  /** TR, MIP/DFI and the bank fee on the loan (financing.ts). */
  loanCosts: LoanCosts;
  horizonMonths: number;
  appreciationAnnual: number;
  vacancyRate: number;
  managementRate: number;
  maintenanceRate: number;
  condominiumFee: number;
  annualTax: number;
  /** Yearly rent adjustment (the chosen index: IPCA or IGP-M), applied every 12 months. */
  rentGrowthAnnual: number;
  /** Yearly adjustment of maintenance, condominium and IPTU (IPCA). */
  costGrowthAnnual: number;
  owner: OwnerType;
  exitCostRate: number;
  /** > 0: exit value = next 12 months' NOI / exit cap rate; 0: by appreciation. */
  exitCapRate: number;
  /** Stress: months at the start without rent (the owner pays condominium, IPTU and upkeep). */
  rentDelayMonths?: number;
  /** Other rent the owner receives a month (carnê-leão on the total). */
  otherRentalIncome?: number;
  /** Owner's sale profile: other properties, an earlier acquisition (FR1). */
  saleProfile?: SaleTaxProfile;
  /** Capital-gains basis when the property is already owned (declared cost); absent: the acquisition total. */
  taxBasis?: number;
  /** Exit value base when the market valuation (comparables) differs from the price; absent: the price. */
  exitBase?: number;
}

export type OwnerType = 'pf' | 'pj' | 'none';

interface AcquisitionScenario {
  itbi: number;
  notary: number;
  acquisitionTotal: number;
  /** Present only when there is a loan. */
  loan: { downPayment: number; amount: number; monthlyRate: number; sac: FinancingSchedule } | null;
  equity: number;
  noi: number | null;
  firstYearDebtService: number;
  exitValue: number;
  capitalGainsTax: number;
  /** The property's flow (unlevered, after tax): what the verdict judges. */
  cashFlow: CashFlowPoint[] | null;
  /** The buyer's own cash with the loan (down payment, installments, balance repaid at the sale); null without a loan. */
  leveredCashFlow: CashFlowPoint[] | null;
  grossRentYear1: number | null;
  rentTaxYear1: number | null;
  rentTaxTotal: number | null;
  exitCosts: number;
  sale: CapitalGainsResult;
  /** Flows without the loan: − acquisition total at month 0, NOI − tax monthly, net sale at exit. */
  unleveredNets: number[] | null;
  dscr: { min: number; average: number } | null;
}

function runAcquisition(p: AcquisitionParams): AcquisitionScenario {
  const P = p.price;
  let loan: AcquisitionScenario['loan'] = null;
  if (p.financingAllowed && p.termMonths >= 1) {
    // SAC loan = min(price − down payment, price × LTV), with TR, insurance and fee (financing.ts).
    const sac = systemLoan(p.loanSystem ?? 'SAC', {
      price: P,
      typedDownPayment: p.downPayment,
      downPaymentRate: p.downPaymentRate,
      rateAnnual: p.financingRateAnnual,
      termMonths: p.termMonths,
      ltvMax: p.ltvMax,
      costs: p.loanCosts,
    });
    if (sac) loan = { downPayment: sac.downPayment, amount: sac.amount, monthlyRate: sac.monthlyRate, sac: sac.schedule };
  }
  // ITBI by the city table (the SFH-financed part at its reduced rate), cartório by the state table.
  const itbi = p.itbiOf ? p.itbiOf(P, loan?.amount ?? 0) : P * p.itbiRate;
  const notary = p.notaryOf ? p.notaryOf(P) : P * p.notaryRate;
  const acquisitionTotal = P + itbi + notary;
  const equity = loan ? loan.downPayment + itbi + notary : acquisitionTotal;
  const sacRows = loan?.sac.rows ?? [];
  let firstYearDebtService = 0;
  for (const row of sacRows.slice(0, 12)) firstYearDebtService += rowOutflow(row);

  const H = p.horizonMonths;
  let noi: number | null = null;
  let grossRentYear1: number | null = null;
  let rentTaxYear1: number | null = null;
  let rentTaxTotal: number | null = null;
  let forwardNoi = 0;
  const operating = new Array<number>(H + 1).fill(0);
  const unlevered = new Array<number>(H + 1).fill(0);
  let dscr: AcquisitionScenario['dscr'] = null;
  if (p.rent !== null) {
    const rent = p.rent;
    // One month of the operation in year `y` (0-based): rent adjusted by its index every 12 months,
    // costs by IPCA. The tenant pays condominium and IPTU while the unit is let; the owner when vacant.
    // Without rent nobody else pays the condominium and IPTU: the owner pays them in full.
    const vacancy = rent > 0 ? p.vacancyRate : 1;
    const month = (y: number) => {
      const egi = rent * (1 + p.rentGrowthAnnual) ** y * (1 - p.vacancyRate);
      const cost = (1 + p.costGrowthAnnual) ** y;
      const management = egi * p.managementRate;
      const vacancyCost = vacancy * (p.condominiumFee + p.annualTax / 12) * cost;
      const noiM = egi - management - (P * p.maintenanceRate * cost) / 12 - vacancyCost;
      const tax = p.owner === 'pf' ? irpfMarginal(egi, egi - management - vacancyCost, p.otherRentalIncome ?? 0) : p.owner === 'pj' ? companyRentTax(egi) : 0;
      return { egi, noi: noiM, tax };
    };
    let year = -1;
    let cur = month(0);
    let taxTotal = 0;
    let dscrMin = Infinity;
    let dscrSum = 0;
    let dscrCount = 0;
    noi = 0;
    grossRentYear1 = 0;
    rentTaxYear1 = 0;
    for (let m = 1; m <= H; m++) {
      const y = Math.floor((m - 1) / 12);
      if (y !== year) {
        year = y;
        cur = month(y);
      }
      if (m <= 12) {
        noi += cur.noi;
        grossRentYear1 += cur.egi;
        rentTaxYear1 += cur.tax;
      }
      const idle = m <= (p.rentDelayMonths ?? 0);
      const monthTax = idle ? 0 : cur.tax;
      // A month without a tenant: no rent, the owner pays upkeep, condominium and IPTU.
      const monthNoi = idle ? -((P * p.maintenanceRate) / 12 + p.condominiumFee + p.annualTax / 12) * (1 + p.costGrowthAnnual) ** y : cur.noi;
      taxTotal += monthTax;
      operating[m] = monthNoi - monthTax;
      unlevered[m] = monthNoi - monthTax;
      const debtRow = sacRows[m - 1];
      const debt = debtRow ? rowOutflow(debtRow) : 0;
      if (debt > 0) {
        const ratio = cur.noi / debt;
        dscrMin = Math.min(dscrMin, ratio);
        dscrSum += ratio;
        dscrCount++;
      }
    }
    // Year-1 figures keep a 12-month basis when the horizon is shorter (yields are annual).
    if (H < 12) {
      const first = month(0);
      noi = first.noi * 12;
      grossRentYear1 = first.egi * 12;
      rentTaxYear1 = first.tax * 12;
    }
    rentTaxTotal = taxTotal;
    forwardNoi = month(Math.floor(H / 12)).noi * 12;
    if (dscrCount > 0) dscr = { min: dscrMin, average: dscrSum / dscrCount };
  }

  const exitValue =
    p.exitCapRate > 0 && p.rent !== null ? Math.max(0, forwardNoi) / p.exitCapRate : (p.exitBase ?? P) * (1 + p.appreciationAnnual) ** (H / 12);
  const exitCosts = exitValue * p.exitCostRate;
  const sale = saleTax(p.owner, exitValue, exitCosts, p.taxBasis ?? acquisitionTotal, H, p.saleProfile);
  const tax = sale.tax;
  const netSale = exitValue - exitCosts - tax;

  let cashFlow: CashFlowPoint[] | null = null;
  let leveredCashFlow: CashFlowPoint[] | null = null;
  let unleveredNets: number[] | null = null;
  if (noi !== null) {
    const flows = (withLoan: boolean) => {
      const inflows = new Array<number>(H + 1).fill(0);
      const outflows = new Array<number>(H + 1).fill(0);
      outflows[0] = withLoan ? equity : acquisitionTotal;
      for (let m = 1; m <= H; m++) {
        inflows[m] = Math.max(0, operating[m]!);
        const debtRow = withLoan ? sacRows[m - 1] : undefined;
        outflows[m] = Math.max(0, -operating[m]!) + (debtRow ? rowOutflow(debtRow) : 0);
      }
      inflows[H]! += Math.max(0, netSale);
      outflows[H]! += Math.max(0, -netSale) + (withLoan && H <= sacRows.length ? sacRows[H - 1]!.balance : 0);
      return toCashFlow(inflows, outflows);
    };
    cashFlow = flows(false);
    leveredCashFlow = loan ? flows(true) : null;
    unlevered[0] = -acquisitionTotal;
    unlevered[H]! += netSale;
    unleveredNets = unlevered;
  }
  return {
    itbi,
    notary,
    acquisitionTotal,
    loan,
    equity,
    noi,
    firstYearDebtService,
    exitValue,
    capitalGainsTax: tax,
    cashFlow,
    leveredCashFlow,
    grossRentYear1,
    rentTaxYear1,
    rentTaxTotal,
    exitCosts,
    sale,
    unleveredNets,
    dscr,
  };
}

/** NPV of the levered flow at the hurdle rate; null without a flow. */
function scenarioNpv(p: AcquisitionParams, monthlyRate: number): number | null {
  const cf = runAcquisition(p).cashFlow;
  return cf ? npv(monthlyRate, cf.map((x) => x.net)) : null;
}

/**
 * The value of `key` in [lo, hi] at which the NPV crosses zero, or null when it does not cross
 * inside the bracket. NPV is monotone and nearly linear in rent and in price, so regula falsi
 * (Illinois variant) converges in a handful of full runs; a bisection step guards the rest.
 */
function breakEven(p: AcquisitionParams, key: 'rent' | 'price', lo: number, hi: number, monthlyRate: number): number | null {
  const at = (x: number) => scenarioNpv({ ...p, [key]: x }, monthlyRate);
  let a = lo;
  let b = hi;
  let fa = at(a);
  let fb = at(b);
  if (fa === null || fb === null || !Number.isFinite(fa) || !Number.isFinite(fb) || (fa < 0) === (fb < 0)) return null;
  let side = 0;
  for (let i = 0; i < 40; i++) {
    let x = (a * fb - b * fa) / (fb - fa);
    if (!Number.isFinite(x) || x <= Math.min(a, b) || x >= Math.max(a, b)) x = (a + b) / 2;
    const fx = at(x);
    if (fx === null || !Number.isFinite(fx)) return null;
    if (Math.abs(fx) < 0.01 || Math.abs(b - a) < 0.005) return x;
    if ((fx < 0) === (fb < 0)) {
      b = x;
      fb = fx;
      if (side === -1) fa /= 2;
      side = -1;
    } else {
      a = x;
      fa = fx;
      if (side === 1) fb /= 2;
      side = 1;
    }
  }
  return (a + b) / 2;
}

function scenarioIrr(p: AcquisitionParams): number | null {
  const cf = runAcquisition(p).cashFlow;
  return cf ? annualIrr(cf.map((x) => x.net)) : null;
}

/** IRR of the buyer's own cash with the loan (the levered flow). */
function scenarioLeveredIrr(p: AcquisitionParams): number | null {
  const cf = runAcquisition(p).leveredCashFlow;
  return cf ? annualIrr(cf.map((x) => x.net)) : null;
}

/** A pure numeric function remembered by its arguments (one analysis' lifetime). */
function memoNumber<A extends number[]>(f: (...args: A) => number): (...args: A) => number {
  const cache = new Map<string, number>();
  return (...args: A) => {
    const key = args.join('|');
    let v = cache.get(key);
    if (v === undefined) {
      v = f(...args);
      cache.set(key, v);
    }
    return v;
  };
}

function roundRate(x: number): number {
  return Math.round(x * 1e10) / 1e10;
}

function acquisitionSensitivity(base: AcquisitionParams, financed: boolean): SensitivityMatrix[] {
  if (base.rent === null) return [];
  const prices = SENSITIVITY_STEPS.map((s) => base.price * s);
  const rents = SENSITIVITY_STEPS.map((s) => base.rent! * s);
  const matrices: SensitivityMatrix[] = [
    {
      id: 'priceRent',
      title: 'Preço × aluguel',
      metricLabel: 'TIR anual',
      metricUnit: 'fraction',
      rowLabel: 'Aluguel mensal',
      rowUnit: 'BRL/mes',
      rowValues: rents.map(roundCents),
      colLabel: 'Preço',
      colUnit: 'BRL',
      colValues: prices.map(roundCents),
      cells: rents.map((rent) => prices.map((price) => scenarioIrr({ ...base, rent, price }))),
      base: { row: 2, col: 2 },
    },
  ];
  if (financed) {
    const rates = RATE_STEPS_PP.map((d) => (d === 0 ? base.financingRateAnnual : Math.max(0, roundRate(base.financingRateAnnual + d))));
    matrices.push({
      id: 'priceRate',
      title: 'Preço × taxa de juros',
      metricLabel: 'TIR alavancada anual',
      metricUnit: 'fraction',
      rowLabel: 'Taxa de juros do financiamento (a.a.)',
      rowUnit: 'fraction',
      rowValues: rates,
      colLabel: 'Preço',
      colUnit: 'BRL',
      colValues: prices.map(roundCents),
      cells: rates.map((financingRateAnnual) => prices.map((price) => scenarioLeveredIrr({ ...base, financingRateAnnual, price }))),
      base: { row: 2, col: 2 },
    });
  }
  return matrices;
}

// ------------------------------------------------------------------------------------------------

const PRICE_SOURCE: FigureSource = { kind: 'questionnaire', field: 'targetValue', label: 'Valor pretendido (R$)' };
const AREA_SOURCE: FigureSource = { kind: 'questionnaire', field: 'usableArea', label: 'Área útil (m²)' };
const RENT_SOURCE: FigureSource = { kind: 'questionnaire', field: 'monthlyRent', label: 'Aluguel mensal (R$)' };

/** Options of one run: `light` skips the sensitivity and after-tax detail (stress scenarios). */
export interface FinancialRunOptions {
  light?: boolean;
  rentDelayMonths?: number;
}

export function computeFinancial(inputs: ResolvedInputs, options: FinancialRunOptions = {}): FinancialResult {
  const a = inputs.assumptions;
  const priceValue = inputs.price?.value;
  const P = typeof priceValue === 'number' && Number.isFinite(priceValue) && priceValue > 0 ? priceValue : null;
  const areaValue = finite(inputs.area?.value, NaN);
  const area = areaValue > 0 ? areaValue : null;

  const price = inputs.price && P !== null ? inputs.price : figure('price', 'Valor do imóvel', null, 'BRL', inputs.price?.source ?? PRICE_SOURCE, PRICE_MISSING_NOTE);
  const areaFigure =
    inputs.area && area !== null ? inputs.area : figure('area', 'Área', null, 'm2', inputs.area?.source ?? AREA_SOURCE, 'Área do imóvel não informada.');

  // Rent: typed by the person, else the city's reference R$/m² × area (flagged).
  let rent: number | null = null;
  let rentFromReference = false;
  let monthlyRent: Figure;
  const typedRent = finite(inputs.monthlyRent?.value, NaN);
  if (inputs.monthlyRent && typedRent >= 0) {
    rent = typedRent;
    monthlyRent = inputs.monthlyRent;
  } else if (area !== null && !inputs.noReferenceRent && finite(a.rentPerSqm.value, NaN) >= 0) {
    rent = a.rentPerSqm.value * area;
    rentFromReference = true;
    monthlyRent = figure('monthlyRent', 'Aluguel mensal', rent, 'BRL/mes', a.rentPerSqm.source, RENT_FROM_REFERENCE_NOTE);
    if (monthlyRent.value === null) rent = null;
  } else {
    monthlyRent = figure('monthlyRent', 'Aluguel mensal', null, 'BRL/mes', inputs.monthlyRent?.source ?? RENT_SOURCE, RENT_MISSING_NOTE);
  }

  const term = monthsIn(a.financingTermMonths.value, 0);
  const horizon = monthsIn(a.holdingYears.value * 12, 1);
  const discount = { value: Math.max(0, finite(a.discountRateAnnual.value)), source: a.discountRateAnnual.source };
  const typedDownValue = inputs.downPayment?.value;
  const typedDown = typeof typedDownValue === 'number' && Number.isFinite(typedDownValue) ? typedDownValue : null;
  const rentIndex: 'ipca' | 'igpm' = Math.round(finite(a.rentIndex?.value)) === 1 ? 'igpm' : 'ipca';
  const ownerCode = Math.round(finite(a.ownerType?.value));
  const owner: OwnerType = ownerCode === 1 ? 'pj' : ownerCode === 2 ? 'none' : 'pf';
  const docItbiValue = inputs.itbi?.value;
  const docItbi = typeof docItbiValue === 'number' && Number.isFinite(docItbiValue) && docItbiValue > 0 && P !== null && P > 0 ? docItbiValue : null;
  // Loan rules (financing.ts): regime, LTV by system, SFH rate cap, TR, insurance, fee, CET.
  // A light run (stress scenario) needs the terms only; the full plan adds both schedules and CETs.
  // A loan only when the buyer chose one ('Pretende financiar?') and the seller accepts a financed buyer.
  const financeable = P !== null && inputs.deal?.wantsFinancing === true && inputs.acceptsFinancing !== false;
  const loanSystem = inputs.deal?.financingSystem ?? 'SAC';
  const deal = inputs.deal;
  const plan = financeable && !options.light ? financingPlanFor(inputs, inputs.asOf, inputs.refs) : null;
  const terms = plan?.terms ?? (financeable ? financingTermsFor(inputs, inputs.asOf, inputs.refs) : null);
  const costRules = acquisitionCostRules(inputs, { documentItbi: docItbi !== null, planSfh: terms ? terms.sfhEligible : null });
  const params: AcquisitionParams | null =
    P === null
      ? null
      : {
          price: P,
          rent,
          // The ITBI the guia / receipt states, as the rate it implies at this price (sensitivity cells scale with it).
          itbiRate: docItbi !== null ? docItbi / P : finite(a.itbiRate.value),
          notaryRate: finite(a.notaryRate.value),
          // Memoised: the sensitivity cells and break-evens re-run the same prices many times.
          ...(costRules.itbiOf ? { itbiOf: memoNumber(costRules.itbiOf) } : {}),
          ...(costRules.notaryOf ? { notaryOf: memoNumber(costRules.notaryOf) } : {}),
          downPayment: typedDown,
          downPaymentRate: finite(a.downPaymentRate.value),
          financingAllowed: financeable,
          loanSystem,
          financingRateAnnual: Math.max(0, finite(terms ? terms.rateAnnual.value : a.financingRateAnnual.value)),
          termMonths: terms ? Math.min(term.months, terms.termMonths) : term.months,
          ltvMax: terms ? finite(terms.ltv[loanSystem].value, 1) : 1,
          loanCosts: terms ? termCosts(terms, P) : NO_COSTS,
          horizonMonths: horizon.months,
          appreciationAnnual: Math.max(-1, finite(a.appreciationAnnual.value)),
          vacancyRate: finite(a.vacancyRate.value),
          managementRate: finite(a.managementRate.value),
          maintenanceRate: finite(a.maintenanceRate.value),
          condominiumFee: Math.max(0, finite(inputs.condominiumFee?.value)),
          annualTax: Math.max(0, finite(inputs.annualTax?.value)),
          rentGrowthAnnual: Math.max(-0.99, finite(rentIndex === 'igpm' ? a.igpmAnnual?.value : a.inflationAnnual?.value)),
          costGrowthAnnual: Math.max(-0.99, finite(a.inflationAnnual?.value)),
          owner,
          exitCostRate: Math.max(0, finite(a.exitCostRate?.value)),
          exitCapRate: Math.max(0, finite(a.exitCapRate?.value)),
          ...(options.rentDelayMonths ? { rentDelayMonths: options.rentDelayMonths } : {}),
          ...(deal && deal.otherRentalIncome > 0 ? { otherRentalIncome: deal.otherRentalIncome } : {}),
          ...(deal && (deal.otherProperties || deal.acquisitionMonth !== null)
            ? {
                saleProfile: {
                  otherProperties: deal.otherProperties,
                  ...(deal.acquisitionMonth !== null ? { acquiredMonth: deal.acquisitionMonth, saleMonth: saleMonthOf(inputs.asOf, horizon.months) } : {}),
                },
              }
            : {}),
          ...(deal?.acquisitionCost ? { taxBasis: deal.acquisitionCost.value } : {}),
          ...(inputs.exitBase?.value != null && inputs.exitBase.value > 0 ? { exitBase: inputs.exitBase.value } : {}),
        };
  const s = params ? runAcquisition(params) : null;

  const priceNote = P === null ? PRICE_MISSING_NOTE : undefined;
  const incomeNote = priceNote ?? (rent === null ? RENT_MISSING_NOTE : undefined);
  const fig = (id: string, label: string, value: number | null | undefined, unit: Figure['unit'], formula: string, note?: string) =>
    figure(id, label, value, unit, computed(formula), note ?? outOfRangeNote(value));

  let financing: FinancialResult['financing'] = null;
  if (s?.loan && params && !options.light) {
    const { loan } = s;
    financing = {
      downPayment: inputs.downPayment && typedDown !== null
        ? figure('downPayment', 'Entrada', loan.downPayment, 'BRL', inputs.downPayment.source)
        : fig('downPayment', 'Entrada', loan.downPayment, 'BRL', 'Preço × entrada (%)'),
      loanAmount: fig('loanAmount', 'Valor financiado', loan.amount, 'BRL', 'mín(preço − entrada, preço × cota máxima do SAC)'),
      rateAnnual: plan?.terms.rateAnnual ?? figure('rateAnnual', 'Taxa de juros (a.a.)', params.financingRateAnnual, 'fraction', a.financingRateAnnual.source),
      termMonths: figure(
        'termMonths',
        'Prazo do financiamento',
        params.termMonths,
        'months',
        a.financingTermMonths.source,
        term.capped
          ? `Prazo limitado a ${MAX_MONTHS} meses.`
          : params.termMonths < term.months
            ? `Prazo limitado a ${params.termMonths} meses (crédito comercial, estimativa).`
            : undefined,
      ),
      sac: loanSystem === 'SAC' ? loan.sac : (plan?.loans.SAC?.schedule ?? loan.sac),
      price: loanSystem === 'PRICE' ? loan.sac : (plan?.loans.PRICE?.schedule ?? priceSchedule(loan.amount, loan.monthlyRate, params.termMonths)),
      ...(plan ? plan.extras : {}),
    };
  }

  const noi = s?.noi ?? null;
  const equity = s ? s.equity : null;
  // The headline returns are the property's (unlevered, after tax): the loan is judged beside them.
  const returns = returnFigures(s?.cashFlow ?? null, discount, discount.value, incomeNote ?? OUT_OF_RANGE_NOTE);
  const NOI = 'NOI (aluguel × 12 × (1 − vacância) − administração − manutenção − condomínio e IPTU na vacância)';

  const afterTax = params && s && !options.light ? afterTaxFigures(params, s, discount, rentIndex, a, financing !== null, inputs.hurdle?.reason) : undefined;
  const loanEffect = afterTax && financing ? describeLoanEffect(afterTax, discount.value) : null;
  const pricePerSqm = P !== null && area !== null ? figure('pricePerSqm', 'Preço por m²', P / area, 'BRL/m2', computed(`Preço / ${areaFigure.label.toLowerCase()}`)) : null;

  return {
    ...(afterTax ? { afterTax } : {}),
    strategy: 'aluguel',
    ...(pricePerSqm ? { pricePerSqm } : {}),
    financingChosen: inputs.deal?.wantsFinancing === true,
    ...(loanEffect ? { loanEffect } : {}),
    price,
    area: areaFigure,
    itbi:
      docItbi !== null && inputs.itbi && s
        ? figure('itbi', 'ITBI', s.itbi, 'BRL', inputs.itbi.source, inputs.itbi.note)
        : (s && P !== null ? costRules.itbiFigure(P, s.loan?.amount ?? 0) : null) ?? fig('itbi', 'ITBI', s?.itbi, 'BRL', 'Preço × alíquota de ITBI', priceNote),
    notary:
      (s && P !== null ? costRules.notaryFigure(P) : null) ??
      fig('notary', 'Cartório e registro', s?.notary, 'BRL', 'Preço × alíquota de escritura e registro', priceNote),
    acquisitionTotal: fig('acquisitionTotal', 'Custo total de aquisição', s?.acquisitionTotal, 'BRL', 'Preço + ITBI + cartório e registro', priceNote),
    financing,
    monthlyRent,
    rentFromReference,
    grossYield: fig('grossYield', 'Yield bruto', s && rent !== null ? (12 * rent) / P! : null, 'fraction', '12 × aluguel mensal / preço', incomeNote),
    netYield: fig('netYield', 'Yield líquido', s && noi !== null ? noi / s.acquisitionTotal : null, 'fraction', `${NOI} / custo total de aquisição`, incomeNote),
    capRate: fig('capRate', 'Cap rate', s && noi !== null ? noi / P! : null, 'fraction', `${NOI} / preço`, incomeNote),
    cashOnCash: fig(
      'cashOnCash',
      'Cash-on-cash',
      s && noi !== null && equity !== null && equity > 0 ? (noi - s.firstYearDebtService) / equity : null,
      'fraction',
      financing
        ? '(NOI − prestações SAC do 1º ano) / capital próprio (entrada + ITBI + cartório)'
        : 'NOI / custo total de aquisição (sem financiamento)',
      incomeNote ?? (equity !== null && equity <= 0 ? 'Sem capital próprio investido, o cash-on-cash não é definido.' : undefined),
    ),
    npv: returns.npv,
    irr: returns.irr,
    mirr: returns.mirr,
    paybackMonths: returns.paybackMonths,
    exitValue: fig(
      'exitValue',
      'Valor de saída',
      s?.exitValue,
      'BRL',
      params && params.exitCapRate > 0 && rent !== null
        ? 'NOI dos 12 meses seguintes à saída / cap rate de saída'
        : `${params?.exitBase ? 'Valor de mercado pelos comparáveis (mediana do R$/m² × área)' : 'Preço'} × (1 + valorização anual)^anos (${(horizon.months / 12).toLocaleString('pt-BR', { maximumFractionDigits: 2 })} anos)`,
      priceNote ?? (horizon.capped ? `Horizonte limitado a ${MAX_MONTHS / 12} anos.` : undefined),
    ),
    capitalGainsTax: fig(
      'capitalGainsTax',
      'IR sobre ganho de capital',
      s?.capitalGainsTax,
      'BRL',
      owner === 'pj'
        ? 'Lucro presumido: (valor de saída − custos de venda − custo de aquisição) × (IRPJ 15 % + CSLL 9 %) + 10 % acima de R$ 60 mil'
        : owner === 'none'
          ? 'Sem imposto nesta análise (premissa)'
          : 'Alíquotas progressivas sobre (valor de saída − custos de venda − custo total de aquisição) × FR2',
      priceNote ?? (owner === 'pf' ? (s?.sale.exempt ? `${CAPITAL_GAINS_NOTE} Venda até R$ 440 mil: considerada isenta (imóvel único).` : CAPITAL_GAINS_NOTE) : undefined),
    ),
    cashFlow: s?.cashFlow ?? [],
    ...(s?.leveredCashFlow && financing ? { leveredCashFlow: s.leveredCashFlow } : {}),
    sensitivity: params && s?.cashFlow && !options.light ? acquisitionSensitivity(params, financing !== null) : [],
  };
}

/** Month index of the sale: the analysis month plus the horizon. */
function saleMonthOf(asOf: string | undefined, horizonMonths: number): number | null {
  const m = asOf ? /^(\d{4})-(\d{2})/.exec(asOf) : null;
  return m ? Number(m[1]) * 12 + Number(m[2]) - 1 + horizonMonths : null;
}

const pctText = (x: number) => `${(x * 100).toLocaleString('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 2 })} %`;

/**
 * What the chosen loan does: leverage helps when the levered IRR beats the property's, hurts when
 * not. It decides the verdict only when the property meets the hurdle and the buyer's levered cash
 * does not (NPV < 0 or IRR below the hurdle with the loan).
 */
export function describeLoanEffect(t: FinancialAfterTax, hurdle: number): { text: string; decisive: boolean } | null {
  const un = t.unleveredIrr.value;
  const lev = t.leveredIrr.value;
  const unNpv = t.unleveredNpv.value;
  const levNpv = t.leveredNpv?.value ?? null;
  if (un === null && unNpv === null) return null;
  const propertyPasses = (unNpv === null || unNpv >= 0) && (un === null || un >= hurdle);
  const buyerPasses = (levNpv === null || levNpv >= 0) && (lev === null || lev >= hurdle);
  const decisive = propertyPasses && !buyerPasses;
  const dscr = t.dscrMin.value;
  const dscrText = dscr !== null ? ` DSCR mínimo ${dscr.toLocaleString('pt-BR', { maximumFractionDigits: 2 })}${dscr < 1 ? ' (o aluguel não paga a prestação: o comprador completa do bolso)' : ''}.` : '';
  const irrs = un !== null && lev !== null ? `TIR do imóvel ${pctText(un)} a.a., com o financiamento ${pctText(lev)} a.a.` : 'TIR indefinida em um dos fluxos.';
  const effect =
    un !== null && lev !== null ? (lev >= un ? 'A alavancagem aumenta o retorno do capital próprio.' : 'O custo do financiamento supera o retorno do imóvel: a alavancagem reduz o retorno do capital próprio.') : '';
  const text = decisive
    ? `O custo do financiamento é decisivo: à vista o imóvel atinge a TMA de ${pctText(hurdle)}, com o financiamento escolhido não. ${irrs}${dscrText}`
    : `${irrs} ${effect}${dscrText}`.trim();
  return { text, decisive };
}

// ------------------------------------------------------------------------------------------------
// After tax: unlevered and levered returns, DSCR, break-evens, payback details, several IRRs.

const OWNER_LABEL: Record<OwnerType, string> = { pf: 'pessoa física', pj: 'pessoa jurídica (lucro presumido)', none: 'sem imposto' };

function afterTaxFigures(
  p: AcquisitionParams,
  s: AcquisitionScenario,
  discount: { value: number; source: FigureSource },
  rentIndex: 'ipca' | 'igpm',
  a: Record<AssumptionId, AssumptionUsed>,
  financed: boolean,
  hurdleReason?: string,
): FinancialAfterTax {
  const fig = (id: string, label: string, value: number | null | undefined, unit: Figure['unit'], formula: string, note?: string) =>
    figure(id, label, value, unit, computed(formula), note ?? outOfRangeNote(value));
  const noRent = RENT_MISSING_NOTE;
  const monthly = annualToMonthly(discount.value);
  // Levered: the buyer's own cash with the loan (the same as the property's flow without one).
  const nets = (s.leveredCashFlow ?? s.cashFlow)?.map((x) => x.net) ?? null;
  const un = s.unleveredNets;
  const roots = nets ? irrRoots(nets).map(monthlyToAnnual).filter(Number.isFinite) : [];
  const changes = nets ? signChanges(nets) : 0;
  const warnings: string[] = [];
  if (nets && changes > 1) {
    warnings.push(
      roots.length > 1
        ? `O fluxo muda de sinal ${changes} vezes e tem ${roots.length} TIRs (${roots.map((r) => `${(r * 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`).join('; ')}): a TIR mostrada é a mais próxima de zero; use o VPL e a MTIR.`
        : `O fluxo muda de sinal ${changes} vezes: pode haver mais de uma TIR; use o VPL e a MTIR.`,
    );
  }
  const unIrr = un ? annualIrr(un) : null;
  const levIrr = nets ? annualIrr(nets) : null;
  const dips = nets ? paybackWithDips(nets) : { firstPositive: null, negativeAgain: null };
  const dPayback = nets ? discountedPayback(monthly, nets) : null;
  const beRent = p.rent !== null ? breakEven(p, 'rent', 0, Math.max(1, p.rent) * 20, monthly) : null;
  const maxPrice = p.rent !== null ? breakEven(p, 'price', 1, p.price * 20, monthly) : null;
  const indexRow = rentIndex === 'igpm' ? a.igpmAnnual : a.inflationAnnual;
  const hurdleNote = hurdleReason;
  const notes = [RENT_TAX_NOTES[p.owner]];
  if (p.owner === 'pf') notes.push(RENT_TAX_NOTES.gain);
  notes.push(
    `Aluguel reajustado a cada 12 meses pelo ${rentIndex === 'igpm' ? 'IGP-M' : 'IPCA'}; manutenção, condomínio e IPTU pelo IPCA; fluxos nominais descontados à TMA nominal.`,
  );
  return {
    ownerType: p.owner,
    rentIndex,
    rentGrowthAnnual: figure('rentGrowthAnnual', `Reajuste anual do aluguel (${rentIndex === 'igpm' ? 'IGP-M' : 'IPCA'})`, p.rentGrowthAnnual, 'fraction', indexRow?.source ?? computed('Premissa')),
    costGrowthAnnual: figure('costGrowthAnnual', 'Reajuste anual dos custos (IPCA)', p.costGrowthAnnual, 'fraction', a.inflationAnnual?.source ?? computed('Premissa')),
    hurdleRate: figure('hurdleRate', 'TMA (taxa mínima de atratividade, a.a.)', discount.value, 'fraction', discount.source, hurdleNote),
    grossRentYear1: fig('grossRentYear1', 'Aluguel recebido no 1º ano', s.grossRentYear1, 'BRL', 'Σ aluguel × (1 − vacância), meses 1–12', s.grossRentYear1 === null ? noRent : undefined),
    noiYear1: fig('noiYear1', 'NOI do 1º ano', s.noi, 'BRL', 'Aluguel recebido − administração − manutenção − condomínio e IPTU na vacância, meses 1–12', s.noi === null ? noRent : undefined),
    rentTaxYear1: fig('rentTaxYear1', `Imposto sobre o aluguel no 1º ano (${OWNER_LABEL[p.owner]})`, s.rentTaxYear1, 'BRL', 'Σ imposto mensal, meses 1–12', s.rentTaxYear1 === null ? noRent : RENT_TAX_NOTES[p.owner]),
    rentTaxTotal: fig('rentTaxTotal', 'Imposto sobre o aluguel no horizonte', s.rentTaxTotal, 'BRL', 'Σ imposto mensal no horizonte', s.rentTaxTotal === null ? noRent : undefined),
    exitMethod: p.exitCapRate > 0 && p.rent !== null ? 'capRate' : 'appreciation',
    exitCosts: fig('exitCosts', 'Custos de venda na saída', s.exitCosts, 'BRL', 'Valor de saída × custos de venda (%)'),
    capitalGain: fig('capitalGain', 'Ganho de capital', s.sale.gain, 'BRL', 'Valor de saída − custos de venda − custo total de aquisição'),
    reductionFactor: fig(
      'reductionFactor',
      s.sale.fr1 !== undefined ? 'Fatores de redução (FR1 × FR2)' : 'Fator de redução FR2',
      s.sale.reductionFactor,
      'fraction',
      p.owner !== 'pf'
        ? 'Não se aplica a pessoa jurídica'
        : p.saleProfile?.acquiredMonth != null
          ? 'Lei 7.713/1988 art. 18 (antes de 1989) × FR1 = 1/1,0060^meses até 11/2005 × FR2 = 1/1,0035^meses de 12/2005 (ou da aquisição) à venda (Lei 11.196/2005 art. 40)'
          : `1 / 1,0035^${p.horizonMonths} (Lei 11.196/2005 art. 40)`,
    ),
    capitalGainsExempt: s.sale.exempt,
    unleveredNpv: fig('unleveredNpv', 'VPL sem financiamento', un ? npv(monthly, un) : null, 'BRL', 'Fluxo sem financiamento (custo total à vista, NOI − imposto, venda líquida) descontado à TMA', un ? undefined : noRent),
    unleveredIrr: fig('unleveredIrr', 'TIR sem financiamento (a.a.)', unIrr, 'fraction', 'TIR do fluxo sem financiamento, anualizada', un ? (unIrr === null ? IRR_NO_ROOT_NOTE : undefined) : noRent),
    leveredIrr: fig(
      'leveredIrr',
      financed ? 'TIR alavancada (a.a.)' : 'TIR do capital próprio (a.a.)',
      levIrr,
      'fraction',
      financed ? 'TIR do fluxo do capital próprio (entrada, prestações, saldo quitado na venda), anualizada' : 'Sem financiamento: igual à TIR sem financiamento',
      nets ? (levIrr === null ? IRR_NO_ROOT_NOTE : undefined) : noRent,
    ),
    leveredNpv: fig(
      'leveredNpv',
      financed ? 'VPL alavancado (capital próprio)' : 'VPL do capital próprio',
      nets ? npv(monthly, nets) : null,
      'BRL',
      financed ? 'Fluxo do capital próprio (entrada, prestações, saldo quitado na venda) descontado à TMA' : 'Sem financiamento: igual ao VPL sem financiamento',
      nets ? undefined : noRent,
    ),
    dscrMin: fig('dscrMin', 'DSCR mínimo', s.dscr?.min ?? null, 'count', 'min(NOI mensal / prestação do mês)', s.dscr ? undefined : financed ? noRent : 'Sem financiamento.'),
    dscrAverage: fig('dscrAverage', 'DSCR médio', s.dscr?.average ?? null, 'count', 'média(NOI mensal / prestação do mês)', s.dscr ? undefined : financed ? noRent : 'Sem financiamento.'),
    breakEvenRent: fig('breakEvenRent', 'Aluguel de equilíbrio (VPL = 0)', beRent, 'BRL/mes', 'Aluguel mensal inicial que zera o VPL à TMA', p.rent === null ? noRent : beRent === null ? 'Nenhum aluguel até 20 × o atual zera o VPL.' : undefined),
    maxPrice: fig('maxPrice', 'Preço máximo (VPL = 0)', maxPrice, 'BRL', 'Preço que zera o VPL à TMA, com o mesmo aluguel', p.rent === null ? noRent : maxPrice === null ? 'Nenhum preço entre R$ 1 e 20 × o atual zera o VPL.' : undefined),
    discountedPaybackMonths: fig(
      'discountedPaybackMonths',
      'Payback descontado',
      dPayback,
      'months',
      'Primeiro mês em que o fluxo acumulado descontado à TMA volta a ser ≥ 0',
      nets ? (dPayback === null ? 'Não se paga à TMA dentro do horizonte.' : undefined) : noRent,
    ),
    payback: { firstPositiveMonth: dips.firstPositive, negativeAgainMonth: dips.negativeAgain },
    irrRoots: roots,
    signChanges: changes,
    irrWarnings: warnings,
    notes,
  };
}
