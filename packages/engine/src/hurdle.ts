import type { AssumptionUsed, FigureSource } from '@viabiliza/contracts/analysis-result';
import type { Hurdle } from '@viabiliza/contracts/result/hurdle';
import { referenceSource, type ReferenceDataset, type ReferenceRow } from './reference-data.ts';
import { fixedIncomeTaxRate } from './tax.ts';

/*
 * The hurdle rate (TMA) by purpose, on the same tax basis as the return it judges.
 *
 * - Rental / hold: the after-tax yield of a long government bond (Tesouro IPCA+, a dated reference
 *   row) held for the same horizon, plus a stated premium for the property's risk and illiquidity.
 *   It judges the after-tax IRR of the property (rent after carnê-leão, sale after capital gains).
 * - Flip: the same after-tax bond yield over the flip's months (the bond's tax is higher for short
 *   holdings, Lei 11.033/2004) plus the same premium; it judges the flip's after-tax IRR.
 * - Development: the bond's nominal yield before tax plus a development premium; it judges the
 *   project IRR, which is before the investor's income tax (the RET is a cost of the project).
 *
 * Nominal = (1 + real) × (1 + expected IPCA) − 1, with the IPCA the flows use (`inflationAnnual`).
 * An individual's bond is taxed at redemption (the deferral counts):
 * after-tax = ((1 + n)^T − t × ((1 + n)^T − 1))^(1/T) − 1. A company in the lucro presumido pays
 * IRPJ 15 % + 10 % + CSLL 9 % = 34 % on financial income as it accrues: n × (1 − 0,34).
 */

export type HurdleKind = Hurdle['kind'];

/** Default premium over the bond by purpose (a.a.): rental and flip 3 p.p., development 6 p.p. */
export const DEFAULT_PREMIUM: Record<HurdleKind, number> = { rental: 0.03, flip: 0.03, development: 0.06 };

/** A company's tax on financial income in the lucro presumido (IRPJ 15 % + adicional 10 % + CSLL 9 %). */
export const COMPANY_FINANCIAL_TAX = 0.34;

/** Fallback real yield when the dataset has no bond row (never expected: the shipped row exists). */
const FALLBACK_REAL = 0.0728;

export interface HurdleParams {
  kind: HurdleKind;
  owner: 'pf' | 'pj' | 'none';
  /** Months the money is tied up (rental horizon, flip months); the bond is held as long. */
  months: number;
  inflationAnnual: number;
  /** Premium over the bond: the person's, else DEFAULT_PREMIUM[kind]. */
  premium: number;
  premiumOverridden: boolean;
  refs: ReferenceDataset;
  asOf?: string;
}

/** Annual yield after an individual's tax paid at redemption after `months`. */
export function afterTaxAtRedemption(nominal: number, months: number, taxRate: number): number {
  const T = Math.max(1, months) / 12;
  const gross = (1 + nominal) ** T;
  return (gross - taxRate * (gross - 1)) ** (1 / T) - 1;
}

const pct = (x: number, digits = 2) => `${(x * 100).toLocaleString('pt-BR', { minimumFractionDigits: Math.min(1, digits), maximumFractionDigits: digits })} %`;
const pp = (x: number) => `${(x * 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })} p.p.`;

const KIND_TEXT: Record<HurdleKind, string> = {
  rental: 'TMA de locação, após impostos',
  flip: 'TMA de revenda, após impostos, no prazo da operação',
  development: 'TMA de incorporação, antes do IR do investidor',
};

export interface HurdleComputation {
  hurdle: Hurdle;
  /** The source the `discountRateAnnual` assumption cites. */
  source: FigureSource;
  row: ReferenceRow | null;
}

/** The hurdle from the reference bond, the purpose and the owner's tax. */
export function referenceHurdle(p: HurdleParams): HurdleComputation {
  const row = p.refs.lookup('tesouro-ipca-longo', {}, p.asOf);
  const real = row ? row.value : FALLBACK_REAL;
  const nominal = (1 + real) * (1 + p.inflationAnnual) - 1;
  const steps: Hurdle['steps'] = [
    { label: row ? `${row.label} (${row.asOf})` : 'Juro real de título público longo (estimativa)', value: real, unit: 'fraction' },
    { label: 'IPCA esperado (o mesmo dos fluxos)', value: p.inflationAnnual, unit: 'fraction' },
    { label: 'Rendimento nominal do título: (1 + real) × (1 + IPCA) − 1', value: nominal, unit: 'fraction' },
  ];
  let base = nominal;
  let taxText = '';
  if (p.kind !== 'development' && p.owner === 'pf') {
    const t = fixedIncomeTaxRate(Math.round(p.months * 30.4375));
    base = afterTaxAtRedemption(nominal, p.months, t);
    steps.push({ label: `IR de renda fixa no resgate após ${p.months} meses (Lei 11.033/2004)`, value: t, unit: 'fraction' });
    steps.push({ label: 'Rendimento do título após o IR, ao ano', value: base, unit: 'fraction' });
    taxText = `após IR de ${pct(t, 1)} no resgate em ${p.months} meses`;
  } else if (p.kind !== 'development' && p.owner === 'pj') {
    base = nominal * (1 - COMPANY_FINANCIAL_TAX);
    steps.push({ label: 'IRPJ + CSLL sobre receita financeira (lucro presumido)', value: COMPANY_FINANCIAL_TAX, unit: 'fraction' });
    steps.push({ label: 'Rendimento do título após os impostos da empresa', value: base, unit: 'fraction' });
    taxText = `após IRPJ e CSLL de ${pct(COMPANY_FINANCIAL_TAX, 0)}`;
  } else if (p.kind !== 'development') {
    taxText = 'sem imposto (premissa do usuário)';
  } else {
    taxText = 'antes do IR';
  }
  const value = Math.round((base + p.premium) * 1e6) / 1e6;
  steps.push({ label: p.kind === 'development' ? 'Prêmio de incorporação (risco de obra, vendas e aprovação)' : 'Prêmio de risco e iliquidez do imóvel', value: p.premium, unit: 'pp' });
  const bond = row ? `${row.label.replace(/ \(juros reais, a\.a\.\)$/, '')} (IPCA + ${pct(real)} em ${row.asOf.split('-').reverse().join('/')})` : 'título público longo (estimativa)';
  const basis: Hurdle['basis'] = p.kind === 'development' ? 'pre-tax' : 'after-tax';
  const compare =
    p.kind === 'development'
      ? 'comparada com a TIR do projeto, também antes do IR do investidor'
      : p.kind === 'flip'
        ? 'comparada com a TIR da revenda após o imposto sobre o ganho de capital'
        : 'comparada com a TIR do imóvel após o imposto sobre o aluguel e sobre o ganho de capital';
  const reason =
    `${KIND_TEXT[p.kind]}: ${pct(value)} a.a. = ${bond}, ${pct(nominal)} nominal, ${taxText}` +
    `${base !== nominal ? ` = ${pct(base)}` : ''}, + prêmio de ${pp(p.premium)}${p.premiumOverridden ? ' (informado)' : ''}; ${compare}.`;
  const label = `${KIND_TEXT[p.kind]}: ${bond} ${taxText} + prêmio de ${pp(p.premium)}`;
  const source: FigureSource = row ? referenceSource(row, label) : { kind: 'computed', formula: label };
  return { hurdle: { kind: p.kind, basis, value, origin: 'reference', reason, steps, referenceId: row?.id ?? null }, source, row };
}

/** The hurdle when the person set it: typed in the questionnaire or the assumption overridden. */
export function statedHurdle(kind: HurdleKind, value: number, origin: 'questionnaire' | 'override'): Hurdle {
  const basis: Hurdle['basis'] = kind === 'development' ? 'pre-tax' : 'after-tax';
  const where = origin === 'questionnaire' ? 'informada no questionário (Retorno mínimo exigido)' : 'informada nas premissas (Taxa de desconto)';
  const reason = `${KIND_TEXT[kind]}: ${pct(value)} a.a., ${where}; compare-a com uma TIR ${basis === 'pre-tax' ? 'antes' : 'depois'} dos impostos, como a desta análise.`;
  return { kind, basis, value, origin, reason, steps: [], referenceId: null };
}

/** The discount-rate assumption carrying the hurdle (value, default and source). */
export function hurdleAssumption(base: AssumptionUsed, h: HurdleComputation): AssumptionUsed {
  return { ...base, value: h.hurdle.value, defaultValue: h.hurdle.value, source: h.source };
}
