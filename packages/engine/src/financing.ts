import type { AssumptionUsed, Figure, FigureSource, FinancingPlanExtras, FinancingSchedule, ScheduleRow } from '@viabiliza/contracts/analysis-result';
import type { FinancingRegime } from '@viabiliza/contracts/result/financing';
import { computed, figure } from './figure.ts';
import { annualToMonthly, irr, monthlyToAnnual, pmt } from './finance.ts';
import { MIP_BANDS } from './reference/financing.ts';
import { findReference, lookupGeneric, referenceSource, type ReferenceRow } from './reference-data.ts';
import type { ResolvedInputs } from './types.ts';

/*
 * Loan rules (issue 17, item 4): which regime a purchase is financed under (SFH, SFI or commercial
 * credit), the maximum LTV of each amortisation system, the SFH rate cap, TR on the balance, MIP and
 * DFI insurance, the bank's monthly fee and the CET (custo efetivo total) of each system.
 * Pure: every figure comes from the inputs' assumptions or dated reference rows.
 */

export type LoanSystem = 'SAC' | 'PRICE';
export const LOAN_SYSTEMS: readonly LoanSystem[] = ['SAC', 'PRICE'];

/** The reference lookups the plan needs; the analysis' dataset (`inputs.refs`) satisfies it. */
export interface FinancingRefs {
  find(id: string): ReferenceRow | null;
  generic(series: string, asOf?: string): ReferenceRow | null;
}

const SHIPPED_REFS: FinancingRefs = { find: findReference, generic: lookupGeneric };

/** Property types the SFH finances (residential); anything else is commercial credit. */
const RESIDENTIAL_TYPES: ReadonlySet<string> = new Set(['casa', 'apartamento', 'cobertura']);

/** Longest loan modelled (50 years, as financial.ts's MAX_MONTHS); longer terms are capped. */
const MAX_LOAN_MONTHS = 600;

/** Used only when a reference row is unexpectedly missing (kept equal to the shipped rows). */
const FALLBACK = { sfhCeiling: 2_250_000, sfhRateCap: 0.12, ltvSac: 0.8, ltvPrice: 0.7, commercialLtv: 0.6, commercialRate: 0.14, commercialTerm: 120 };

/** Everything about a loan that does not depend on the amortisation system. */
export interface FinancingTerms {
  regime: FinancingRegime;
  sfhEligible: boolean;
  residential: boolean;
  /** Max LTV (fraction of the price) per system. */
  ltv: Record<LoanSystem, Figure>;
  /** The rate charged (a.a., effective): the person's or the default, capped at 12 % under SFH. */
  rateAnnual: Figure;
  termMonths: number;
  sfhCeiling: Figure;
  trMonthly: Figure;
  borrowerAge: Figure;
  mipRateMonthly: Figure;
  dfiRateMonthly: Figure;
  adminFeeMonthly: Figure;
  notes: string[];
}

export interface TermsParams {
  price: number;
  propertyType?: string | null;
  purposes?: readonly string[] | null;
  assumptions: ResolvedInputs['assumptions'];
  asOf?: string;
  refs?: FinancingRefs;
}

function rowValue(row: ReferenceRow | null, fallback: number): number {
  return row && Number.isFinite(row.value) ? row.value : fallback;
}

function rowFigure(id: string, label: string, row: ReferenceRow | null, fallback: number, unit: Figure['unit'], note?: string): Figure {
  const source: FigureSource = row ? referenceSource(row) : computed(`Valor padrão (${label}); linha de referência ausente`);
  return figure(id, label, rowValue(row, fallback), unit, source, note ?? row?.note);
}

function assumptionValue(a: AssumptionUsed | undefined, fallback: number): number {
  return a && typeof a.value === 'number' && Number.isFinite(a.value) ? a.value : fallback;
}

function assumptionFigure(id: string, label: string, a: AssumptionUsed | undefined, fallback: number, unit: Figure['unit'], note?: string): Figure {
  const source: FigureSource = a?.source ?? computed(`Valor padrão (${label})`);
  return figure(id, label, assumptionValue(a, fallback), unit, source, note);
}

const pct = (x: number) => `${(x * 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}%`;
const brl = (x: number) => x.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL', maximumFractionDigits: 0 });

/** The MIP reference row of an age (18–80); outside the table, the nearest band. */
export function mipRowForAge(age: number, refs: FinancingRefs = SHIPPED_REFS): ReferenceRow | null {
  const a = Number.isFinite(age) ? Math.round(age) : 35;
  const band = MIP_BANDS.find((b) => a >= b.minAge && a <= b.maxAge) ?? (a < MIP_BANDS[0]!.minAge ? MIP_BANDS[0]! : MIP_BANDS[MIP_BANDS.length - 1]!);
  return refs.find(band.rowId);
}

/**
 * Regime and terms: SFH when the property is residential (casa, apartamento, cobertura; not bought
 * for commercial use) and its value is within the SFH ceiling, with the rate capped at the SFH
 * maximum; SFI at the requested rate for residential property above the ceiling; commercial
 * real-estate credit (estimated LTV, rate and term, flagged) for everything else.
 */
export function financingTerms(p: TermsParams): FinancingTerms {
  const refs = p.refs ?? SHIPPED_REFS;
  const a = p.assumptions;
  const notes: string[] = [];
  const type = p.propertyType ?? null;
  const commercialUse = (p.purposes ?? []).includes('comercial');
  const residential = (type === null || RESIDENTIAL_TYPES.has(type)) && !commercialUse;
  if (type === null && !commercialUse) notes.push('Tipo de imóvel não informado: supõe-se imóvel residencial para as regras do financiamento.');

  const ceilingRow = refs.generic('sfh-teto', p.asOf);
  const sfhCeiling = rowFigure('sfhCeiling', 'Teto do SFH (valor do imóvel)', ceilingRow, FALLBACK.sfhCeiling, 'BRL');
  const ceiling = sfhCeiling.value ?? FALLBACK.sfhCeiling;
  const sfhEligible = residential && p.price <= ceiling;
  const regime: FinancingRegime = sfhEligible ? 'SFH' : residential ? 'SFI' : 'Crédito comercial';

  const requestedRate = assumptionValue(a.financingRateAnnual, FALLBACK.sfhRateCap);
  const requestedTerm = Math.min(MAX_LOAN_MONTHS, Math.max(0, Math.round(assumptionValue(a.financingTermMonths, 360))));
  let rateAnnual: Figure;
  let termMonths = requestedTerm;
  let ltv: Record<LoanSystem, Figure>;
  const ltvSacRow = refs.generic('ltv-sac', p.asOf);
  const ltvPriceRow = refs.generic('ltv-price', p.asOf);
  const bankLtv = (): Record<LoanSystem, Figure> => ({
    SAC: rowFigure('ltvMaxSac', 'Cota máxima de financiamento (SAC)', ltvSacRow, FALLBACK.ltvSac, 'fraction'),
    PRICE: rowFigure('ltvMaxPrice', 'Cota máxima de financiamento (Price)', ltvPriceRow, FALLBACK.ltvPrice, 'fraction'),
  });

  if (regime === 'SFH') {
    const capRow = refs.generic('sfh-taxa-max', p.asOf);
    const cap = rowValue(capRow, FALLBACK.sfhRateCap);
    ltv = bankLtv();
    if (requestedRate > cap) {
      rateAnnual = rowFigure('rateAnnual', 'Taxa de juros (a.a.)', capRow, cap, 'fraction', `Taxa informada de ${pct(requestedRate)} a.a. limitada ao teto do SFH (${pct(cap)} a.a.).`);
      notes.push(`No SFH a taxa de juros é limitada a ${pct(cap)} a.a.; a taxa informada (${pct(requestedRate)}) foi reduzida ao teto.`);
    } else {
      rateAnnual = assumptionFigure('rateAnnual', 'Taxa de juros (a.a.)', a.financingRateAnnual, cap, 'fraction');
    }
    notes.push(`Enquadrado no SFH: imóvel residencial de até ${brl(ceiling)}, juros de até ${pct(cap)} a.a. mais TR.`);
  } else if (regime === 'SFI') {
    ltv = bankLtv();
    rateAnnual = assumptionFigure(
      'rateAnnual',
      'Taxa de juros (a.a.)',
      a.financingRateAnnual,
      requestedRate,
      'fraction',
      a.financingRateAnnual?.overridden ? undefined : 'Taxa de mercado do SFI não tabelada: usada a taxa padrão; confirme com o banco.',
    );
    notes.push(`Fora do SFH: o valor (${brl(p.price)}) passa do teto de ${brl(ceiling)}; financiamento pelo SFI, sem teto de juros e sem uso do FGTS.`);
  } else {
    const ltvRow = refs.generic('credito-comercial-ltv', p.asOf);
    const rateRow = refs.generic('credito-comercial-taxa', p.asOf);
    const termRow = refs.generic('credito-comercial-prazo', p.asOf);
    const commercialLtv = (id: string, label: string) => rowFigure(id, label, ltvRow, FALLBACK.commercialLtv, 'fraction');
    ltv = { SAC: commercialLtv('ltvMaxSac', 'Cota máxima de financiamento (SAC)'), PRICE: commercialLtv('ltvMaxPrice', 'Cota máxima de financiamento (Price)') };
    rateAnnual = a.financingRateAnnual?.overridden
      ? assumptionFigure('rateAnnual', 'Taxa de juros (a.a.)', a.financingRateAnnual, requestedRate, 'fraction')
      : rowFigure('rateAnnual', 'Taxa de juros (a.a.)', rateRow, FALLBACK.commercialRate, 'fraction');
    const commercialTerm = Math.round(rowValue(termRow, FALLBACK.commercialTerm));
    if (!a.financingTermMonths?.overridden && requestedTerm > commercialTerm) termMonths = commercialTerm;
    const what = commercialUse ? 'imóvel para uso comercial' : `imóvel do tipo '${type}'`;
    notes.push(
      `Crédito imobiliário comercial: ${what} não entra no SFH (só residencial). Cota, taxa e prazo são estimativas ` +
        `(${pct(ltv.SAC.value ?? FALLBACK.commercialLtv)} do valor, ${pct(rateAnnual.value ?? FALLBACK.commercialRate)} a.a. mais TR, ${termMonths} meses): confirme com o banco.`,
    );
  }

  // TR, insurance and fee: the assumptions (their defaults are the dataset rows, with source); an
  // overridden age without an overridden MIP rate takes its own band's row.
  const estimate = (x: AssumptionUsed | undefined) =>
    x && !x.overridden && x.source.kind === 'reference' && x.source.uncertain ? 'Taxa típica (estimativa): cada banco e seguradora tem a sua; confirme no contrato.' : undefined;
  const trMonthly = assumptionFigure('trMonthly', 'TR (ao mês)', a.trMonthly, 0, 'fraction', a.trMonthly?.overridden ? undefined : 'TR projetada constante no último valor publicado.');
  const borrowerAge = assumptionFigure('borrowerAge', 'Idade do comprador', a.borrowerAge, 35, 'years', a.borrowerAge?.overridden ? undefined : 'Idade típica (estimativa): informe a sua para o seguro MIP.');
  const mipRateMonthly =
    a.borrowerAge?.overridden && !a.mipRateMonthly?.overridden
      ? rowFigure('mipRateMonthly', 'Seguro MIP (ao mês, sobre o saldo)', mipRowForAge(borrowerAge.value ?? 35, refs), assumptionValue(a.mipRateMonthly, 0), 'fraction')
      : assumptionFigure('mipRateMonthly', 'Seguro MIP (ao mês, sobre o saldo)', a.mipRateMonthly, 0, 'fraction', estimate(a.mipRateMonthly));
  const dfiRateMonthly = assumptionFigure('dfiRateMonthly', 'Seguro DFI (ao mês, sobre o valor do imóvel)', a.dfiRateMonthly, 0, 'fraction', estimate(a.dfiRateMonthly));
  const adminFeeMonthly = assumptionFigure('adminFeeMonthly', 'Tarifa mensal de administração', a.loanAdminFeeMonthly, 0, 'BRL/mes', estimate(a.loanAdminFeeMonthly));

  return { regime, sfhEligible, residential, ltv, rateAnnual, termMonths, sfhCeiling, trMonthly, borrowerAge, mipRateMonthly, dfiRateMonthly, adminFeeMonthly, notes };
}

// ------------------------------------------------------------------------------------------------
// Schedules with TR, insurance and fees

export interface LoanCosts {
  /** TR per month applied to the balance before interest (fraction). */
  trMonthly: number;
  /** MIP per month on the (corrected) balance. */
  mipRateMonthly: number;
  /** DFI per month on the property value. */
  dfiRateMonthly: number;
  propertyValue: number;
  /** Bank's monthly fee (BRL). */
  adminFeeMonthly: number;
}

export const NO_COSTS: LoanCosts = { trMonthly: 0, mipRateMonthly: 0, dfiRateMonthly: 0, propertyValue: 0, adminFeeMonthly: 0 };

/**
 * A SAC or Price schedule in whole cents. Each month: the balance is corrected by TR, interest is
 * charged on the corrected balance, MIP on the corrected balance and DFI on the property value.
 * SAC amortises the corrected balance over the months left; Price recomputes its payment over the
 * months left whenever TR moved the balance. Without TR it is exactly `sacSchedule`/`priceSchedule`.
 * `payment` is amortisation + interest (the bank's 'prestação'); insurance and fee come on top.
 */
export function loanSchedule(system: LoanSystem, principal: number, monthlyRate: number, months: number, costs: LoanCosts = NO_COSTS): FinancingSchedule {
  const empty: FinancingSchedule = { system, firstPayment: 0, lastPayment: 0, totalInterest: 0, totalPaid: 0, rows: [] };
  if (!(Number.isFinite(principal) && principal > 0 && Number.isFinite(monthlyRate) && monthlyRate > -1 && Number.isFinite(months) && months >= 1)) return empty;
  const n = Math.floor(months);
  const tr = Number.isFinite(costs.trMonthly) ? costs.trMonthly : 0;
  const mip = Number.isFinite(costs.mipRateMonthly) ? Math.max(0, costs.mipRateMonthly) : 0;
  const dfiCents = Math.round(Math.max(0, costs.propertyValue * (Number.isFinite(costs.dfiRateMonthly) ? Math.max(0, costs.dfiRateMonthly) : 0)) * 100);
  const feeCents = Math.round(Math.max(0, Number.isFinite(costs.adminFeeMonthly) ? costs.adminFeeMonthly : 0) * 100);
  let balance = Math.round(principal * 100);
  const sacAmortization = Math.round(balance / n);
  let pricePayment = Math.round(-pmt(monthlyRate, n, balance));
  const rows: ScheduleRow[] = [];
  let interestSum = 0;
  let paidSum = 0;
  let correctionSum = 0;
  let mipSum = 0;
  let dfiSum = 0;
  let feeSum = 0;
  for (let k = 1; k <= n; k++) {
    const correction = Math.round(balance * tr);
    balance += correction;
    const interest = Math.round(balance * monthlyRate);
    const mipCents = Math.round(balance * mip);
    const remaining = n - k + 1;
    let amort: number;
    if (system === 'SAC') {
      amort = k === n ? balance : correction !== 0 ? Math.round(balance / remaining) : Math.min(sacAmortization, balance);
    } else {
      if (correction !== 0) pricePayment = Math.round(-pmt(monthlyRate, remaining, balance));
      amort = Math.max(0, pricePayment - interest);
      if (k === n || amort > balance) amort = balance;
    }
    balance -= amort;
    interestSum += interest;
    paidSum += amort + interest;
    correctionSum += correction;
    mipSum += mipCents;
    dfiSum += dfiCents;
    feeSum += feeCents;
    const row: ScheduleRow = { month: k, payment: (amort + interest) / 100, interest: interest / 100, amortization: amort / 100, balance: balance / 100 };
    if (correction !== 0) row.correction = correction / 100;
    if (mipCents + dfiCents !== 0) row.insurance = (mipCents + dfiCents) / 100;
    if (feeCents !== 0) row.fee = feeCents / 100;
    rows.push(row);
  }
  const total = (r: ScheduleRow | undefined) => (r ? Math.round((r.payment + (r.insurance ?? 0) + (r.fee ?? 0)) * 100) / 100 : 0);
  return {
    system,
    firstPayment: rows[0]?.payment ?? 0,
    lastPayment: rows[rows.length - 1]?.payment ?? 0,
    totalInterest: interestSum / 100,
    totalPaid: paidSum / 100,
    firstPaymentTotal: total(rows[0]),
    lastPaymentTotal: total(rows[rows.length - 1]),
    totalCorrection: correctionSum / 100,
    totalMip: mipSum / 100,
    totalDfi: dfiSum / 100,
    totalInsurance: (mipSum + dfiSum) / 100,
    totalFees: feeSum / 100,
    totalPaidAll: (paidSum + mipSum + dfiSum + feeSum) / 100,
    rows,
  };
}

/** What the borrower pays in a schedule's month: prestação + insurance + fee. */
export function rowOutflow(r: ScheduleRow): number {
  return r.payment + (r.insurance ?? 0) + (r.fee ?? 0);
}

/**
 * CET (custo efetivo total), annual: the monthly IRR of the borrower's flows (the loan received
 * net of upfront costs at month 0, then every payment with insurance and fees), annualised as
 * (1 + IRR)^12 − 1, the same convention as the contract rate. `null` when undefined.
 */
export function cetAnnual(schedule: FinancingSchedule, principal: number, upfrontCosts = 0): number | null {
  if (schedule.rows.length === 0 || !(principal > 0)) return null;
  const flows = [principal - Math.max(0, upfrontCosts), ...schedule.rows.map((r) => -rowOutflow(r))];
  const m = irr(flows);
  return m === null ? null : monthlyToAnnual(m);
}

// ------------------------------------------------------------------------------------------------
// One system's loan for a price

export interface SystemLoan {
  system: LoanSystem;
  ltvMax: number;
  downPayment: number;
  amount: number;
  /** True when the LTV limit forced a larger down payment than the one asked for. */
  downPaymentRaised: boolean;
  monthlyRate: number;
  schedule: FinancingSchedule;
}

export interface LoanRequest {
  price: number;
  /** Down payment typed by the person (BRL), or null to use `downPaymentRate`. */
  typedDownPayment: number | null;
  downPaymentRate: number;
  rateAnnual: number;
  termMonths: number;
  ltvMax: number;
  costs: LoanCosts;
}

/** loan = min(price − down payment, price × LTV); null when nothing is financed. */
export function systemLoan(system: LoanSystem, r: LoanRequest): SystemLoan | null {
  const P = r.price;
  if (!(P > 0) || !(r.termMonths >= 1)) return null;
  const wantedDown = Math.max(0, r.typedDownPayment ?? P * r.downPaymentRate);
  const wanted = P - wantedDown;
  const ltvMax = Math.min(1, Math.max(0, r.ltvMax));
  const cap = P * ltvMax;
  const amount = Math.min(wanted, cap);
  if (!(amount > 0) || !Number.isFinite(amount)) return null;
  const monthlyRate = annualToMonthly(r.rateAnnual);
  if (!Number.isFinite(monthlyRate)) return null;
  return {
    system,
    ltvMax,
    downPayment: P - amount,
    amount,
    downPaymentRaised: wanted > cap + 0.005,
    monthlyRate,
    schedule: loanSchedule(system, amount, monthlyRate, r.termMonths, { ...r.costs, propertyValue: P }),
  };
}

/** The costs of `terms` as numbers. */
export function termCosts(terms: FinancingTerms, price: number): LoanCosts {
  return {
    trMonthly: terms.trMonthly.value ?? 0,
    mipRateMonthly: terms.mipRateMonthly.value ?? 0,
    dfiRateMonthly: terms.dfiRateMonthly.value ?? 0,
    propertyValue: price,
    adminFeeMonthly: terms.adminFeeMonthly.value ?? 0,
  };
}

// ------------------------------------------------------------------------------------------------
// The plan shown in the result

export interface FinancingPlan {
  terms: FinancingTerms;
  loans: Record<LoanSystem, SystemLoan | null>;
  /** The optional fields of the result's `financing` block. */
  extras: FinancingPlanExtras;
}

export interface PlanParams extends TermsParams {
  typedDownPayment: number | null;
  downPaymentRate: number;
}

const SYSTEM_LABEL: Record<LoanSystem, string> = { SAC: 'SAC', PRICE: 'Price' };

/** Terms, both systems' loans and schedules, CET per system and the notes, for one price. */
export function financingPlan(p: PlanParams): FinancingPlan {
  const terms = financingTerms(p);
  const costs = termCosts(terms, p.price);
  const loans = {} as Record<LoanSystem, SystemLoan | null>;
  const notes = [...terms.notes];
  const cet = {} as Record<LoanSystem, Figure>;
  const loanBySystem = {} as Record<LoanSystem, Figure>;
  const downBySystem = {} as Record<LoanSystem, Figure>;
  for (const system of LOAN_SYSTEMS) {
    const loan = systemLoan(system, {
      price: p.price,
      typedDownPayment: p.typedDownPayment,
      downPaymentRate: p.downPaymentRate,
      rateAnnual: terms.rateAnnual.value ?? 0,
      termMonths: terms.termMonths,
      ltvMax: terms.ltv[system].value ?? 0,
      costs,
    });
    loans[system] = loan;
    const label = SYSTEM_LABEL[system];
    if (loan?.downPaymentRaised) {
      notes.push(
        `${label}: a entrada subiu para ${brl(loan.downPayment)} (${pct(loan.downPayment / p.price)} do valor) porque o banco financia no máximo ${pct(loan.ltvMax)} neste sistema.`,
      );
    }
    const c = loan ? cetAnnual(loan.schedule, loan.amount) : null;
    cet[system] = figure(
      `cet${label}`,
      `CET (${label})`,
      c,
      'fraction',
      computed('TIR mensal de (valor financiado; −prestação − seguros MIP/DFI − tarifa, mês a mês, com TR), anualizada: (1 + TIR)^12 − 1'),
      loan ? undefined : 'Sem valor financiado neste sistema.',
    );
    loanBySystem[system] = figure(`loanAmount${label}`, `Valor financiado (${label})`, loan?.amount ?? null, 'BRL', computed('mín(preço − entrada, preço × cota máxima do sistema)'), loan ? undefined : 'Sem valor financiado neste sistema.');
    downBySystem[system] = figure(`downPayment${label}`, `Entrada (${label})`, loan?.downPayment ?? null, 'BRL', computed('Preço − valor financiado'), loan ? undefined : 'Sem valor financiado neste sistema.');
  }
  const extras: FinancingPlanExtras = {
    regime: terms.regime,
    sfhEligible: terms.sfhEligible,
    sfhCeiling: terms.sfhCeiling,
    ltvMax: terms.ltv,
    loanBySystem,
    downPaymentBySystem: downBySystem,
    tr: terms.trMonthly,
    insurance: { borrowerAge: terms.borrowerAge, mipRateMonthly: terms.mipRateMonthly, dfiRateMonthly: terms.dfiRateMonthly, adminFeeMonthly: terms.adminFeeMonthly },
    cet,
    notes,
  };
  return { terms, loans, extras };
}

/**
 * The loan terms alone for resolved inputs (no schedules, no CET), or null without a price: what a
 * stress scenario needs (rate, LTV, term, costs). Both systems' schedules and CETs were a fifth of a
 * complete analysis' time when every scenario built them.
 */
export function financingTermsFor(inputs: ResolvedInputs, asOf?: string, refs?: FinancingRefs): FinancingTerms | null {
  const price = inputs.price?.value;
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) return null;
  return financingTerms({
    price,
    propertyType: inputs.propertyType ?? null,
    purposes: inputs.purposes ?? [],
    assumptions: inputs.assumptions,
    ...(asOf ? { asOf } : {}),
    ...(refs ? { refs } : {}),
  });
}

/** The plan for resolved inputs (price from the inputs), or null without a price. */
export function financingPlanFor(inputs: ResolvedInputs, asOf?: string, refs?: FinancingRefs): FinancingPlan | null {
  const price = inputs.price?.value;
  if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0) return null;
  const down = inputs.downPayment?.value;
  return financingPlan({
    price,
    propertyType: inputs.propertyType ?? null,
    purposes: inputs.purposes ?? [],
    assumptions: inputs.assumptions,
    ...(asOf ? { asOf } : {}),
    ...(refs ? { refs } : {}),
    typedDownPayment: typeof down === 'number' && Number.isFinite(down) ? down : null,
    downPaymentRate: assumptionValue(inputs.assumptions.downPaymentRate, 0.2),
  });
}
