import { ASSUMPTION_IDS, type AssumptionId, type AssumptionOverrides } from '@viabiliza/contracts/analysis';
import type { AssumptionUsed, FigureSource, FigureUnit, ReferenceRowUsed } from '@viabiliza/contracts/analysis-result';
import type { Hurdle } from '@viabiliza/contracts/result/hurdle';
import { DEFAULT_PREMIUM, hurdleAssumption, referenceHurdle, statedHurdle, type HurdleKind } from './hurdle.ts';
import {
  referenceSource,
  SHIPPED_DATASET,
  toUsed,
  type ReferenceDataset,
  type ReferenceRow,
} from './reference-data.ts';

/** Portuguese labels and units of every assumption a person may override. */
export const ASSUMPTION_META: Record<AssumptionId, { label: string; unit: FigureUnit }> = {
  itbiRate: { label: 'Alíquota de ITBI', unit: 'fraction' },
  notaryRate: { label: 'Escritura e registro (% do valor)', unit: 'fraction' },
  downPaymentRate: { label: 'Entrada (% do valor)', unit: 'fraction' },
  financingRateAnnual: { label: 'Taxa de juros do financiamento (a.a.)', unit: 'fraction' },
  financingTermMonths: { label: 'Prazo do financiamento', unit: 'months' },
  discountRateAnnual: { label: 'Taxa de desconto (TMA, a.a.)', unit: 'fraction' },
  holdingYears: { label: 'Horizonte de investimento', unit: 'years' },
  appreciationAnnual: { label: 'Valorização anual do imóvel', unit: 'fraction' },
  rentPerSqm: { label: 'Aluguel de referência (R$/m² ao mês)', unit: 'BRL/m2' },
  vacancyRate: { label: 'Vacância', unit: 'fraction' },
  managementRate: { label: 'Administração (% do aluguel)', unit: 'fraction' },
  maintenanceRate: { label: 'Manutenção (% do valor ao ano)', unit: 'fraction' },
  salePricePerSqm: { label: 'Preço de venda de referência (R$/m²)', unit: 'BRL/m2' },
  constructionCostPerSqm: { label: 'Custo de construção (R$/m²)', unit: 'BRL/m2' },
  sellableEfficiency: { label: 'Área privativa / área equivalente (NBR 12721)', unit: 'fraction' },
  softCostRate: { label: 'Custos indiretos (administração, marketing, jurídico, seguros…), % da obra', unit: 'fraction' },
  commissionRate: { label: 'Comissão de venda (% do VGV)', unit: 'fraction' },
  retRate: { label: 'RET (% das receitas)', unit: 'fraction' },
  targetMargin: { label: 'Margem-alvo (lucro / VGV)', unit: 'fraction' },
  constructionMonths: { label: 'Prazo de obra', unit: 'months' },
  salesMonths: { label: 'Prazo de vendas', unit: 'months' },
  riskPremium: { label: 'Prêmio de risco sobre o Tesouro IPCA+ (a.a.)', unit: 'fraction' },
  inflationAnnual: { label: 'Inflação esperada (IPCA, a.a.)', unit: 'fraction' },
  igpmAnnual: { label: 'IGP-M esperado (a.a.)', unit: 'fraction' },
  rentIndex: { label: 'Índice de reajuste do aluguel (0 = IPCA, 1 = IGP-M)', unit: 'count' },
  ownerType: { label: 'Proprietário (0 = pessoa física, 1 = pessoa jurídica no lucro presumido, 2 = sem imposto)', unit: 'count' },
  exitCostRate: { label: 'Custos de venda na saída (corretagem, % do valor)', unit: 'fraction' },
  exitCapRate: { label: 'Cap rate de saída (0 = saída pela valorização)', unit: 'fraction' },
  approvalMonths: { label: 'Prazo de aprovação (projetos, alvará, registro da incorporação)', unit: 'months' },
  cubExclusionsRate: { label: 'O que o CUB não inclui (fundações, elevadores, projetos, BDI, impostos), % do CUB', unit: 'fraction' },
  inccAnnual: { label: 'INCC anual (correção de custos e das parcelas até as chaves)', unit: 'fraction' },
  distratoRate: { label: 'Distratos (% das vendas antes das chaves)', unit: 'fraction' },
  constructionLoanShare: { label: 'Plano empresário: % do custo de obra financiado', unit: 'fraction' },
  constructionLoanRateAnnual: { label: 'Plano empresário: juros (a.a.)', unit: 'fraction' },
  trMonthly: { label: 'TR (ao mês, corrige o saldo do financiamento)', unit: 'fraction' },
  borrowerAge: { label: 'Idade do comprador (seguro MIP)', unit: 'years' },
  mipRateMonthly: { label: 'Seguro MIP (ao mês, sobre o saldo devedor)', unit: 'fraction' },
  dfiRateMonthly: { label: 'Seguro DFI (ao mês, sobre o valor do imóvel)', unit: 'fraction' },
  loanAdminFeeMonthly: { label: 'Tarifa mensal de administração do financiamento', unit: 'BRL/mes' },
};

/** Defaults that are plain assumptions (no reference row behind them). */
const PLAIN_DEFAULTS: Partial<Record<AssumptionId, number>> = {
  financingTermMonths: 360,
  holdingYears: 10,
  vacancyRate: 0.08,
  managementRate: 0.1,
  maintenanceRate: 0.005,
  sellableEfficiency: 0.7,
  softCostRate: 0.3,
  commissionRate: 0.05,
  targetMargin: 0.15,
  constructionMonths: 30,
  salesMonths: 36,
  riskPremium: 0.03,
  rentIndex: 0,
  ownerType: 0,
  exitCostRate: 0.06,
  exitCapRate: 0,
  approvalMonths: 12,
  cubExclusionsRate: 0.45,
  inccAnnual: 0.06,
  distratoRate: 0.1,
  constructionLoanShare: 0.5,
  constructionLoanRateAnnual: 0.12,
  // financing: a typical age (estimate; the person gives theirs), its MIP band is the default rate
  borrowerAge: 35,
};

/** Fallbacks when a reference row is unexpectedly missing (kept equal to the dataset's values). */
const FALLBACKS: Record<AssumptionId, number> = {
  itbiRate: 0.03,
  notaryRate: 0.015,
  downPaymentRate: 0.2,
  financingRateAnnual: 0.12,
  financingTermMonths: 360,
  discountRateAnnual: 0.15,
  holdingYears: 10,
  appreciationAnnual: 0.0426,
  rentPerSqm: 49.77,
  vacancyRate: 0.08,
  managementRate: 0.1,
  maintenanceRate: 0.005,
  salePricePerSqm: 9306,
  constructionCostPerSqm: 1810.25,
  sellableEfficiency: 0.7,
  softCostRate: 0.3,
  commissionRate: 0.05,
  retRate: 0.04,
  targetMargin: 0.15,
  constructionMonths: 30,
  salesMonths: 36,
  riskPremium: 0.03,
  inflationAnnual: 0.0426,
  igpmAnnual: -0.0105,
  rentIndex: 0,
  ownerType: 0,
  exitCostRate: 0.06,
  exitCapRate: 0,
  approvalMonths: 12,
  cubExclusionsRate: 0.45,
  inccAnnual: 0.06,
  distratoRate: 0.1,
  constructionLoanShare: 0.5,
  constructionLoanRateAnnual: 0.12,
  trMonthly: 0.001711,
  borrowerAge: 35,
  mipRateMonthly: 0.00028933,
  dfiRateMonthly: 0.00004684,
  loanAdminFeeMonthly: 25,
};

function roundRate(x: number): number {
  return Math.round(x * 1e10) / 1e10;
}

interface Default {
  value: number;
  source: FigureSource;
  row: ReferenceRow | null;
}

function fromRow(id: AssumptionId, row: ReferenceRow | null, label?: string, transform: (v: number) => number = (v) => v): Default {
  if (!row) return plain(id, FALLBACKS[id]);
  return { value: transform(row.value), source: referenceSource(row, label), row };
}

function plain(id: AssumptionId, value: number): Default {
  return { value, source: { kind: 'assumption', assumptionId: id, label: ASSUMPTION_META[id].label, overridden: false }, row: null };
}

function monthIndex(iso: string): number | null {
  const m = /^(\d{4})-(\d{2})/.exec(iso);
  return m ? Number(m[1]) * 12 + Number(m[2]) - 1 : null;
}

function monthLabel(index: number): string {
  return `${String((index % 12) + 1).padStart(2, '0')}/${Math.floor(index / 12)}`;
}

/**
 * A reference price of an earlier month brought to the analysis month by the IPCA of the last 12
 * months (the dataset's newest on the analysis date), compounded per month: value × (1 + IPCA)^(meses/12).
 * The label says so ('corrigido pelo IPCA de 08/2025 a 11/2026'). Without a date or an IPCA row: as it is.
 */
export function indexedByIpca(id: AssumptionId, row: ReferenceRow | null, asOf: string | undefined, refs: ReferenceDataset = SHIPPED_DATASET): Default {
  if (!row || !asOf) return fromRow(id, row);
  const from = monthIndex(row.asOf);
  const to = monthIndex(asOf);
  const ipca = refs.lookup('ipca', {}, asOf);
  if (from === null || to === null || to - from < 1 || !ipca) return fromRow(id, row);
  const factor = (1 + ipca.value) ** ((to - from) / 12);
  const label = `${row.label}, corrigido pelo IPCA de ${monthLabel(from)} a ${monthLabel(to)} (× ${factor.toLocaleString('pt-BR', { maximumFractionDigits: 4 })}; IPCA ${(ipca.value * 100).toLocaleString('pt-BR', { maximumFractionDigits: 2 })}% a.a.)`;
  return fromRow(id, row, label, (v) => Math.round(v * factor * 100) / 100);
}

/** The default of one assumption for a city and state, as of an ISO date (undefined: newest). */
export function defaultAssumption(
  id: AssumptionId,
  city: string | null,
  state: string | null,
  asOf?: string,
  refs: ReferenceDataset = SHIPPED_DATASET,
): Default {
  switch (id) {
    case 'itbiRate': {
      const cityRow = refs.byCity('itbi', city, state, asOf);
      return cityRow ? fromRow(id, cityRow) : fromRow(id, refs.generic('itbi-tipico', asOf));
    }
    case 'notaryRate':
      return fromRow(id, refs.generic('cartorio', asOf));
    case 'downPaymentRate':
      return fromRow(id, refs.generic('caixa-sac-ltv', asOf), 'Entrada mínima: Caixa SBPE financia até 80% no SAC', (v) => Math.round((1 - v) * 1e6) / 1e6);
    case 'financingRateAnnual':
      return fromRow(id, refs.generic('sfh-taxa-max', asOf), 'Taxa máxima do SFH (confirme a taxa com o banco)');
    case 'discountRateAnnual': {
      // TMA = Selic + the stated risk premium (riskPremium's default; resolveAssumptions re-adds an overridden premium).
      const premium = PLAIN_DEFAULTS.riskPremium!;
      return fromRow(id, refs.lookup('selic', {}, asOf), `Selic + prêmio de risco de ${premium * 100} p.p. (TMA)`, (v) => roundRate(v + premium));
    }
    case 'inflationAnnual':
      return fromRow(id, refs.lookup('ipca', {}, asOf), 'IPCA dos últimos 12 meses (inflação esperada)');
    case 'igpmAnnual':
      return fromRow(id, refs.lookup('igpm-12m', {}, asOf), 'IGP-M dos últimos 12 meses');
    case 'appreciationAnnual':
      return fromRow(id, refs.lookup('ipca', {}, asOf));
    case 'rentPerSqm':
      return indexedByIpca(id, refs.byCity('fipezap-aluguel', city, state, asOf) ?? refs.generic('fipezap-aluguel', asOf), asOf, refs);
    case 'salePricePerSqm':
      return fromRow(id, refs.byCity('fipezap-venda', city, state, asOf) ?? refs.generic('fipezap-venda', asOf));
    case 'constructionCostPerSqm':
      return fromRow(
        id,
        refs.byState('cub', state, asOf) ?? refs.byState('sinapi-uf', state, asOf) ?? refs.generic('sinapi-br', asOf),
      );
    case 'retRate':
      return fromRow(id, refs.generic('ret', asOf) ?? refs.find('ret-4'));
    case 'inccAnnual': {
      // INCC accumulated in 12 months when a row exists; else a flagged plain estimate.
      const row = refs.lookup('incc-12m', {}, asOf);
      return row ? fromRow(id, row, 'INCC acumulado em 12 meses') : plain(id, PLAIN_DEFAULTS.inccAnnual!);
    }
    // financing (issue 17, item 4b); financing.ts picks the MIP band of an overridden age
    case 'trMonthly':
      return fromRow(id, refs.generic('tr', asOf));
    case 'mipRateMonthly':
      return fromRow(id, refs.find('mip-31-35'), 'Seguro MIP típico, 31 a 35 anos (estimativa)');
    case 'dfiRateMonthly':
      return fromRow(id, refs.generic('dfi-taxa', asOf));
    case 'loanAdminFeeMonthly':
      return fromRow(id, refs.generic('tarifa-administracao', asOf));
    default:
      return plain(id, PLAIN_DEFAULTS[id] ?? FALLBACKS[id]);
  }
}

/**
 * Every assumption with its value and source for one analysis: the dataset's figure for the city
 * and state (or the typical one), or the person's override, marked `overridden: true`.
 */
export function resolveAssumptions(
  city: string | null,
  state: string | null,
  overrides: AssumptionOverrides = {},
  asOf?: string,
): Record<AssumptionId, AssumptionUsed> {
  return resolveAssumptionsWithReferences(city, state, overrides, asOf).assumptions;
}

/** The purpose the hurdle is set for (hurdle.ts); absent: a rental held for `holdingYears`. */
export interface HurdlePurpose {
  kind: HurdleKind;
  /** Months the money is tied up (a flip's works + sale); absent: holdingYears × 12. */
  months?: number;
  /** A hurdle the person typed in the questionnaire (a.a.), which replaces the reference one. */
  typed?: number | null;
}

/** `resolveAssumptions` plus the reference rows behind the defaults that were kept, and the hurdle. */
export function resolveAssumptionsWithReferences(
  city: string | null,
  state: string | null,
  overrides: AssumptionOverrides = {},
  asOf?: string,
  refs: ReferenceDataset = SHIPPED_DATASET,
  purpose: HurdlePurpose = { kind: 'rental' },
): { assumptions: Record<AssumptionId, AssumptionUsed>; references: ReferenceRowUsed[]; hurdle: Hurdle } {
  const assumptions = {} as Record<AssumptionId, AssumptionUsed>;
  const references: ReferenceRowUsed[] = [];
  for (const id of ASSUMPTION_IDS) {
    const meta = ASSUMPTION_META[id];
    const def = defaultAssumption(id, city, state, asOf, refs);
    const override = overrides[id];
    const overridden = typeof override === 'number' && Number.isFinite(override);
    assumptions[id] = {
      id,
      label: meta.label,
      value: overridden ? override : def.value,
      unit: meta.unit,
      defaultValue: def.value,
      overridden,
      source: overridden ? { kind: 'assumption', assumptionId: id, label: meta.label, overridden: true } : def.source,
    };
    // The TMA's row is the hurdle's (below), not the Selic's.
    if (id === 'discountRateAnnual') continue;
    if (!overridden && def.row && !references.some((r) => r.id === def.row!.id)) references.push(toUsed(def.row));
  }
  // The hurdle by purpose: the bond after the owner's tax (rental, flip) or before it (development), + the premium.
  const premiumA = assumptions.riskPremium;
  const premium = premiumA.overridden ? premiumA.value : DEFAULT_PREMIUM[purpose.kind];
  if (!premiumA.overridden) assumptions.riskPremium = { ...premiumA, value: premium, defaultValue: premium };
  const ownerCode = Math.round(assumptions.ownerType.value);
  const owner = ownerCode === 1 ? 'pj' : ownerCode === 2 ? 'none' : 'pf';
  const months = Math.max(1, Math.round(purpose.months ?? assumptions.holdingYears.value * 12));
  const computed = referenceHurdle({
    kind: purpose.kind,
    owner,
    months,
    inflationAnnual: assumptions.inflationAnnual.value,
    premium,
    premiumOverridden: premiumA.overridden,
    refs,
    ...(asOf ? { asOf } : {}),
  });
  const tma = assumptions.discountRateAnnual;
  let hurdle = computed.hurdle;
  if (tma.overridden) hurdle = statedHurdle(purpose.kind, tma.value, 'override');
  else if (typeof purpose.typed === 'number' && Number.isFinite(purpose.typed) && purpose.typed >= 0) {
    hurdle = statedHurdle(purpose.kind, purpose.typed, 'questionnaire');
    assumptions.discountRateAnnual = {
      ...tma,
      value: purpose.typed,
      source: { kind: 'computed', formula: 'Retorno mínimo exigido informado no questionário' },
    };
  } else {
    assumptions.discountRateAnnual = hurdleAssumption(tma, computed);
    if (computed.row && !references.some((r) => r.id === computed.row!.id)) references.push(toUsed(computed.row));
  }
  return { assumptions, references, hurdle };
}
