import type {
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
  irr,
  mirr,
  monthlyToAnnual,
  npv,
  paybackPeriod,
  priceSchedule,
  roundCents,
} from './finance.ts';
import { acquisitionCostRules } from './acquisition-costs.ts';
import { financingPlanFor, NO_COSTS, rowOutflow, systemLoan, termCosts, type LoanCosts } from './financing.ts';
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
const CAPITAL_GAINS_NOTE =
  'Alíquotas progressivas da Lei 13.259/2016 (15% até R$ 5 mi, 17,5% até R$ 10 mi, 20% até R$ 30 mi, 22,5% acima) sobre o ' +
  'ganho (valor de saída − custo total de aquisição). A isenção do imóvel único de até R$ 440 mil e os fatores de redução ' +
  'da Lei 11.196/2005 não são aplicados automaticamente.';

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

/** Capital-gains tax of an individual on a property sale (Lei 13.259/2016 brackets). */
export function capitalGainsTax(gain: number): number {
  if (!(gain > 0)) return 0;
  const brackets: [number, number][] = [
    [5_000_000, 0.15],
    [10_000_000, 0.175],
    [30_000_000, 0.2],
    [Infinity, 0.225],
  ];
  let tax = 0;
  let lower = 0;
  for (const [upper, rate] of brackets) {
    if (gain <= lower) break;
    tax += (Math.min(gain, upper) - lower) * rate;
    lower = upper;
  }
  return tax;
}

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
}

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
  cashFlow: CashFlowPoint[] | null;
}

function runAcquisition(p: AcquisitionParams): AcquisitionScenario {
  const P = p.price;
  let loan: AcquisitionScenario['loan'] = null;
  if (p.financingAllowed && p.termMonths >= 1) {
    // SAC loan = min(price − down payment, price × LTV), with TR, insurance and fee (financing.ts).
    const sac = systemLoan('SAC', {
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

  let noi: number | null = null;
  if (p.rent !== null) {
    const egi = 12 * p.rent * (1 - p.vacancyRate);
    // The tenant pays condominium and IPTU while the unit is let; the owner pays them when vacant.
    const opex = egi * p.managementRate + P * p.maintenanceRate + p.vacancyRate * (12 * p.condominiumFee + p.annualTax);
    noi = egi - opex;
  }

  const H = p.horizonMonths;
  const exitValue = P * (1 + p.appreciationAnnual) ** (H / 12);
  const tax = capitalGainsTax(exitValue - acquisitionTotal);

  let cashFlow: CashFlowPoint[] | null = null;
  if (noi !== null) {
    const inflows = new Array<number>(H + 1).fill(0);
    const outflows = new Array<number>(H + 1).fill(0);
    outflows[0] = equity;
    const operating = noi / 12;
    for (let m = 1; m <= H; m++) {
      inflows[m] = Math.max(0, operating);
      const debtRow = sacRows[m - 1];
      outflows[m] = Math.max(0, -operating) + (debtRow ? rowOutflow(debtRow) : 0);
    }
    inflows[H]! += exitValue - tax;
    outflows[H]! += H <= sacRows.length ? sacRows[H - 1]!.balance : 0;
    cashFlow = toCashFlow(inflows, outflows);
  }
  return { itbi, notary, acquisitionTotal, loan, equity, noi, firstYearDebtService, exitValue, capitalGainsTax: tax, cashFlow };
}

function scenarioIrr(p: AcquisitionParams): number | null {
  const cf = runAcquisition(p).cashFlow;
  return cf ? annualIrr(cf.map((x) => x.net)) : null;
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
      metricLabel: 'TIR anual',
      metricUnit: 'fraction',
      rowLabel: 'Taxa de juros do financiamento (a.a.)',
      rowUnit: 'fraction',
      rowValues: rates,
      colLabel: 'Preço',
      colUnit: 'BRL',
      colValues: prices.map(roundCents),
      cells: rates.map((financingRateAnnual) => prices.map((price) => scenarioIrr({ ...base, financingRateAnnual, price }))),
      base: { row: 2, col: 2 },
    });
  }
  return matrices;
}

// ------------------------------------------------------------------------------------------------

const PRICE_SOURCE: FigureSource = { kind: 'questionnaire', field: 'targetValue', label: 'Valor pretendido (R$)' };
const AREA_SOURCE: FigureSource = { kind: 'questionnaire', field: 'usableArea', label: 'Área útil (m²)' };
const RENT_SOURCE: FigureSource = { kind: 'questionnaire', field: 'monthlyRent', label: 'Aluguel mensal (R$)' };

export function computeFinancial(inputs: ResolvedInputs): FinancialResult {
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
  const docItbiValue = inputs.itbi?.value;
  const docItbi = typeof docItbiValue === 'number' && Number.isFinite(docItbiValue) && docItbiValue > 0 && P !== null && P > 0 ? docItbiValue : null;
  // Loan rules (financing.ts): regime, LTV by system, SFH rate cap, TR, insurance, fee, CET.
  const plan = P !== null && inputs.acceptsFinancing !== false ? financingPlanFor(inputs, inputs.asOf, inputs.refs) : null;
  const costRules = acquisitionCostRules(inputs, { documentItbi: docItbi !== null, planSfh: plan ? plan.terms.sfhEligible : null });
  const params: AcquisitionParams | null =
    P === null
      ? null
      : {
          price: P,
          rent,
          // The ITBI the guia / receipt states, as the rate it implies at this price (sensitivity cells scale with it).
          itbiRate: docItbi !== null ? docItbi / P : finite(a.itbiRate.value),
          notaryRate: finite(a.notaryRate.value),
          ...(costRules.itbiOf ? { itbiOf: costRules.itbiOf } : {}),
          ...(costRules.notaryOf ? { notaryOf: costRules.notaryOf } : {}),
          downPayment: typedDown,
          downPaymentRate: finite(a.downPaymentRate.value),
          financingAllowed: inputs.acceptsFinancing !== false,
          financingRateAnnual: Math.max(0, finite(plan ? plan.terms.rateAnnual.value : a.financingRateAnnual.value)),
          termMonths: plan ? Math.min(term.months, plan.terms.termMonths) : term.months,
          ltvMax: plan ? finite(plan.terms.ltv.SAC.value, 1) : 1,
          loanCosts: plan ? termCosts(plan.terms, P) : NO_COSTS,
          horizonMonths: horizon.months,
          appreciationAnnual: Math.max(-1, finite(a.appreciationAnnual.value)),
          vacancyRate: finite(a.vacancyRate.value),
          managementRate: finite(a.managementRate.value),
          maintenanceRate: finite(a.maintenanceRate.value),
          condominiumFee: Math.max(0, finite(inputs.condominiumFee?.value)),
          annualTax: Math.max(0, finite(inputs.annualTax?.value)),
        };
  const s = params ? runAcquisition(params) : null;

  const priceNote = P === null ? PRICE_MISSING_NOTE : undefined;
  const incomeNote = priceNote ?? (rent === null ? RENT_MISSING_NOTE : undefined);
  const fig = (id: string, label: string, value: number | null | undefined, unit: Figure['unit'], formula: string, note?: string) =>
    figure(id, label, value, unit, computed(formula), note ?? outOfRangeNote(value));

  let financing: FinancialResult['financing'] = null;
  if (s?.loan && params) {
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
      sac: loan.sac,
      price: plan?.loans.PRICE?.schedule ?? priceSchedule(loan.amount, loan.monthlyRate, params.termMonths),
      ...(plan ? plan.extras : {}),
    };
  }

  const noi = s?.noi ?? null;
  const equity = s ? s.equity : null;
  const returns = returnFigures(s?.cashFlow ?? null, discount, financing ? params!.financingRateAnnual : discount.value, incomeNote ?? OUT_OF_RANGE_NOTE);
  const NOI = 'NOI (aluguel × 12 × (1 − vacância) − administração − manutenção − condomínio e IPTU na vacância)';

  return {
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
      `Preço × (1 + valorização anual)^anos (${(horizon.months / 12).toLocaleString('pt-BR', { maximumFractionDigits: 2 })} anos)`,
      priceNote ?? (horizon.capped ? `Horizonte limitado a ${MAX_MONTHS / 12} anos.` : undefined),
    ),
    capitalGainsTax: fig(
      'capitalGainsTax',
      'IR sobre ganho de capital',
      s?.capitalGainsTax,
      'BRL',
      'Alíquotas progressivas sobre (valor de saída − custo total de aquisição)',
      priceNote ?? CAPITAL_GAINS_NOTE,
    ),
    cashFlow: s?.cashFlow ?? [],
    sensitivity: params && s?.cashFlow ? acquisitionSensitivity(params, financing !== null) : [],
  };
}
