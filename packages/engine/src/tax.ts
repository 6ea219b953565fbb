
/*
 * Brazilian taxes on rent and on the sale of a property (issue 17, item 3). Pure functions, BRL.
 * Sources are named beside each table; rules the dataset could not confirm are flagged in
 * RENT_TAX_NOTES so the result says so.
 */

/**
 * Monthly IRPF table in force from May 2025 (Lei 15.191/2025, from MP 1.294/2025) and kept for
 * 2026 by Lei 15.270/2025: [upper bound of the base, rate, deduction].
 */
export const IRPF_MONTHLY_TABLE: readonly (readonly [number, number, number])[] = [
  [2428.8, 0, 0],
  [2826.65, 0.075, 182.16],
  [3751.05, 0.15, 394.16],
  [4664.68, 0.225, 675.49],
  [Infinity, 0.275, 908.73],
];

/** Lei 15.270/2025 (from January 2026): income up to R$ 5.000/month pays no IRPF; partial reduction up to R$ 7.350. */
export const IRPF_REDUCTION = { fullUpTo: 5000, partialUpTo: 7350, a: 978.62, b: 0.133145 } as const;

/** IRPF of the monthly table on a base, before the Lei 15.270/2025 reduction. */
export function irpfTable(base: number): number {
  if (!(base > 0)) return 0;
  for (const [upper, rate, deduction] of IRPF_MONTHLY_TABLE) {
    if (base <= upper) return Math.max(0, base * rate - deduction);
  }
  return 0;
}

/**
 * Monthly IRPF of an individual (carnê-leão) on taxable income `income` whose base after the
 * deductible expenses is `base`, with the Lei 15.270/2025 reduction: the tax is zeroed up to
 * R$ 5.000 of income, reduced by 978,62 − 0,133145 × income between R$ 5.000,01 and R$ 7.350.
 */
export function irpfMonthly(income: number, base: number = income): number {
  const tax = irpfTable(base);
  if (tax <= 0) return 0;
  if (income <= IRPF_REDUCTION.fullUpTo) return 0;
  if (income <= IRPF_REDUCTION.partialUpTo) {
    const reduction = Math.max(0, IRPF_REDUCTION.a - IRPF_REDUCTION.b * income);
    return Math.max(0, tax - reduction);
  }
  return tax;
}

/** Lucro presumido on rent (real-estate company): presumption 32 %, IRPJ 15 % + 10 % over R$ 20 mil/month, CSLL 9 %, PIS/Cofins 3,65 %. */
export const LUCRO_PRESUMIDO = { presumption: 0.32, irpj: 0.15, irpjSurcharge: 0.1, surchargeMonthly: 20_000, csll: 0.09, pisCofins: 0.0365 } as const;

/** Monthly taxes of a company in the lucro presumido on gross rent `gross`. */
export function companyRentTax(gross: number): number {
  if (!(gross > 0)) return 0;
  const L = LUCRO_PRESUMIDO;
  const presumed = gross * L.presumption;
  return gross * L.pisCofins + presumed * (L.irpj + L.csll) + Math.max(0, presumed - L.surchargeMonthly) * L.irpjSurcharge;
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

/** Reduction factor FR2 of Lei 11.196/2005 art. 40 for a property held `months` months (acquired after Nov 2005: FR1 = 1). */
export function reductionFactorFR2(months: number): number {
  return 1 / 1.0035 ** Math.max(0, months);
}

/** Month index (year × 12 + month − 1) of an ISO date 'YYYY-MM[-DD]'; null when it does not parse. */
export function monthIndexOf(iso: string | null | undefined): number | null {
  const m = iso ? /^(\d{4})-(\d{2})/.exec(iso) : null;
  if (!m) return null;
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? Number(m[1]) * 12 + month - 1 : null;
}

/** Nov 2005, the month Lei 11.196/2005 was published (FR1 counts to it, FR2 from the month after). */
const LAW_11196_MONTH = 2005 * 12 + 10;
/** Jan 1996: FR1 counts from here for properties bought before (art. 40 §2). */
const JAN_1996 = 1996 * 12;

/**
 * The reduction factors of an individual's gain on a property acquired in month `acquired` and sold
 * in month `sold` (month indexes): Lei 7.713/1988 art. 18 (5 % per year held before 1989, 100 % up
 * to 1969), FR1 = 1/1,0060^m1 (acquisition, or Jan 1996, to Nov 2005) and FR2 = 1/1,0035^m2 (from
 * Dec 2005 or the acquisition, to the sale), Lei 11.196/2005 art. 40.
 */
export function reductionFactors(acquired: number, sold: number): { art18: number; fr1: number; fr2: number; combined: number } {
  const year = Math.floor(acquired / 12);
  const art18 = year <= 1988 ? Math.min(1, (1989 - year) * 0.05) : 0;
  const m1 = acquired <= LAW_11196_MONTH ? LAW_11196_MONTH - Math.max(acquired, JAN_1996) + 1 : 0;
  const fr1 = 1 / 1.006 ** Math.max(0, m1);
  const m2 = Math.max(0, sold - Math.max(acquired, LAW_11196_MONTH + 1));
  const fr2 = 1 / 1.0035 ** m2;
  return { art18, fr1, fr2, combined: (1 - art18) * fr1 * fr2 };
}

/** Single-property exemption of Lei 9.250/1995 art. 23 (sale value up to R$ 440 mil, no other sale in 5 years). */
export const SINGLE_PROPERTY_EXEMPTION = 440_000;

export interface CapitalGainsResult {
  gain: number;
  /** The combined reduction (art. 18 × FR1 × FR2); FR2 alone for a purchase made now. */
  reductionFactor: number;
  exempt: boolean;
  tax: number;
  /** FR1 when the acquisition predates Dec 2005 (else absent). */
  fr1?: number;
}

/** The owner's profile for the sale: other properties (no R$ 440 mil exemption), an earlier acquisition. */
export interface SaleTaxProfile {
  /** Owns other properties: the single-property exemption does not apply. */
  otherProperties?: boolean;
  /** Month index of the acquisition when the property is already owned; the sale month is then acquisition-independent. */
  acquiredMonth?: number | null;
  /** Month index of the sale (with `acquiredMonth`). */
  saleMonth?: number | null;
}

/**
 * Tax on the sale of the property at the end of the holding period. Individual: gain = sale −
 * selling costs − acquisition cost, × FR2 (× FR1 and the art. 18 reduction for old acquisitions),
 * at 15 %…22,5 % (Lei 13.259/2016), exempt when the sale is ≤ R$ 440 mil and it is the owner's only
 * property. Company (lucro presumido): the gain is added to the profit in full, IRPJ 15 % + CSLL 9 %
 * + 10 % surcharge over R$ 60 mil in the quarter.
 */
export function saleTax(
  owner: 'pf' | 'pj' | 'none',
  saleValue: number,
  sellingCosts: number,
  acquisitionCost: number,
  months: number,
  profile: SaleTaxProfile = {},
): CapitalGainsResult {
  const gain = saleValue - sellingCosts - acquisitionCost;
  if (owner === 'none') return { gain, reductionFactor: 1, exempt: false, tax: 0 };
  if (owner === 'pj') {
    const tax = gain > 0 ? gain * (LUCRO_PRESUMIDO.irpj + LUCRO_PRESUMIDO.csll) + Math.max(0, gain - 60_000) * LUCRO_PRESUMIDO.irpjSurcharge : 0;
    return { gain, reductionFactor: 1, exempt: false, tax };
  }
  const dated = profile.acquiredMonth != null && profile.saleMonth != null ? reductionFactors(profile.acquiredMonth, profile.saleMonth) : null;
  const reductionFactor = dated ? dated.combined : reductionFactorFR2(months);
  const extra = dated && dated.fr1 < 1 ? { fr1: dated.fr1 } : {};
  if (saleValue <= SINGLE_PROPERTY_EXEMPTION && !profile.otherProperties) return { gain, reductionFactor, exempt: true, tax: 0, ...extra };
  return { gain, reductionFactor, exempt: false, tax: capitalGainsTax(gain * reductionFactor), ...extra };
}

/**
 * Income tax on fixed income (Tesouro Direto) by days held, Lei 11.033/2004 art. 1: 22,5 % up to
 * 180 days, 20 % to 360, 17,5 % to 720, 15 % beyond.
 */
export function fixedIncomeTaxRate(days: number): number {
  if (days <= 180) return 0.225;
  if (days <= 360) return 0.2;
  if (days <= 720) return 0.175;
  return 0.15;
}

/**
 * The carnê-leão on one more rent when the owner already receives `otherIncome` a month in rent:
 * the brackets apply to the total, so the tax of this rent is the difference.
 */
export function irpfMarginal(income: number, base: number, otherIncome: number): number {
  if (!(otherIncome > 0)) return irpfMonthly(income, base);
  return Math.max(0, irpfMonthly(otherIncome + income, otherIncome + base) - irpfMonthly(otherIncome, otherIncome));
}

export const RENT_TAX_NOTES = {
  pf:
    'Pessoa física: carnê-leão mensal pela tabela progressiva de 2026 (Lei 15.191/2025) com a redução da Lei 15.270/2025 ' +
    '(isento até R$ 5.000/mês, redução parcial até R$ 7.350); base = aluguel recebido − administração − condomínio e IPTU ' +
    'pagos pelo proprietário. Com outros aluguéis informados, as faixas valem sobre o total (o imposto deste aluguel é a diferença); ' +
    'outras rendas tributáveis (salário) não são somadas. ' +
    'A regra da redução não foi confirmada na fonte oficial pelo conjunto de dados (incerto).',
  pj:
    'Pessoa jurídica no lucro presumido: presunção de 32 %, IRPJ 15 % (+10 % sobre o lucro presumido acima de R$ 20 mil/mês), ' +
    'CSLL 9 %, PIS/Cofins 3,65 % sobre a receita (≈ 11,33 % do aluguel). A tributação de dividendos da Lei 15.270/2025 não é aplicada.',
  none: 'Sem imposto sobre o aluguel nem sobre o ganho de capital nesta análise (premissa do usuário).',
  gain:
    'Ganho de capital: (valor de venda − custos de venda − custo de aquisição) × FR2 = 1/1,0035^meses (Lei 11.196/2005 art. 40), ' +
    'alíquotas de 15 % a 22,5 % (Lei 13.259/2016); isento até R$ 440 mil se for o único imóvel e sem outra venda em 5 anos ' +
    '(Lei 9.250/1995 art. 23; não se aplica a quem possui outros imóveis); aquisições antes de 12/2005 têm também o FR1 = 1/1,0060^meses ' +
    '(e, antes de 1989, a redução de 5 % por ano da Lei 7.713/1988 art. 18); a venda com reinvestimento em outro imóvel residencial em 180 dias também é isenta ' +
    '(Lei 11.196/2005 art. 39) e não é aplicada automaticamente.',
} as const;
