import { annualToMonthly, sCurveWeights } from './finance.ts';

/*
 * The monthly model of an incorporação, as an incorporadora builds it (issue 17, item 2). Pure and
 * nominal: month 0 is the land purchase (the analysis date); every amount is in reais of its month.
 *
 * Timeline: approval (projects, alvará, registro da incorporação) in months 1..A; launch at the end
 * of approval; sales in months A+1..A+S (LAUNCH_SALES_SHARE of the units in the launch month, the rest
 * evenly); works in months A+1..A+T on an S-curve; delivery (keys, bank repasse, loan repayment) at
 * month D = A+T.
 *
 * Budget: CUB × equivalent area (private area / private-to-equivalent ratio, NBR 12721), plus what the
 * CUB excludes (foundations, elevators, projects and approvals, BDI, taxes: `cubExclusionsRate` of the
 * CUB, split in fixed proportions), plus indirect costs by kind (`indirectRate` of the works total).
 * The CUB is brought from its reference date to month 0 and every cost to its month by the INCC.
 *
 * 'Na planta' flow of a sale signed at month s < D, value V at the table price (constant nominal):
 * sinal at s; mensais evenly in s+1..D−1; reforços (annual balloons) at s+12, s+24… < D; chaves and
 * bank repasse (the rest) at D. Every instalment is corrected by the INCC from s to its payment month.
 * A sale at s ≥ D is paid in full at s (repasse). Distratos: a share of the pre-delivery contracts is
 * cancelled at delivery; the developer keeps DISTRATO_RETENTION of what the buyer paid (Lei
 * 13.786/2018, patrimônio de afetação: up to 50 %), refunds the rest at D, and resells those units
 * at the table price evenly over the RESALE_MONTHS after delivery.
 *
 * Land: cash (price + ITBI + notary at month 0); permuta física (the landowner's share of the units
 * leaves the VGV; ITBI + notary on the land value at month 0); permuta financeira (that share of every
 * receipt goes to the landowner; ITBI + notary at month 0).
 * Commission on every sale at signing; tax (RET or lucro presumido) on every receipt.
 * Funding (plano empresário): `loanShare` of each month's works cost is drawn, interest is paid
 * monthly on the opening balance, and the balance is repaid at delivery.
 */

export const LAUNCH_SALES_SHARE = 0.2;
export const DISTRATO_RETENTION = 0.5;
export const RESALE_MONTHS = 6;

/** What the CUB excludes, as shares of the CUB (sum 0,45 = the default `cubExclusionsRate`). */
export const CUB_EXCLUSION_LINES = [
  { id: 'foundations', label: 'Fundações e contenções', share: 0.08, phase: 'works' },
  { id: 'elevators', label: 'Elevadores', share: 0.04, phase: 'works' },
  { id: 'projects', label: 'Projetos e aprovações', share: 0.05, phase: 'approval' },
  { id: 'bdi', label: 'BDI (administração e lucro da construtora)', share: 0.2, phase: 'works' },
  { id: 'worksTaxes', label: 'Impostos sobre a obra', share: 0.08, phase: 'works' },
] as const;
/** Indirect costs by kind, as shares of the works total (sum 0,30 = the default `indirectRate`). */
export const INDIRECT_LINES = [
  { id: 'administration', label: 'Administração da incorporadora', share: 0.1, timing: 'all' },
  { id: 'marketing', label: 'Marketing, estande e decorado', share: 0.08, timing: 'sales' },
  { id: 'legal', label: 'Jurídico, registro da incorporação e certidões', share: 0.04, timing: 'approval' },
  { id: 'insurance', label: 'Seguros e garantias', share: 0.02, timing: 'works' },
  { id: 'other', label: 'IPTU, condomínio de estoque e contingências', share: 0.06, timing: 'works' },
] as const;
const CUB_EXCLUSIONS_SUM = CUB_EXCLUSION_LINES.reduce((s, l) => s + l.share, 0);
const INDIRECT_SUM = INDIRECT_LINES.reduce((s, l) => s + l.share, 0);

export interface UnitType {
  count: number;
  privateArea: number;
  pricePerSqm: number;
}

export type LandDeal = 'cash' | 'permuta-fisica' | 'permuta-financeira';

export interface DevelopmentModelParams {
  /** Land value (price paid in cash, or the declared value of a permuta). */
  landPrice: number;
  itbiRate: number;
  notaryRate: number;
  landDeal: LandDeal;
  /** Permuta: share of the units (física) or of the receipts (financeira) given to the landowner. */
  landDealShare: number;
  units: UnitType[];
  /** Private area / equivalent area (NBR 12721). */
  privateToEquivalent: number;
  cubPerSqm: number;
  /** Months from the CUB's reference date to month 0 (brought forward by the INCC). */
  cubAgeMonths: number;
  cubExclusionsRate: number;
  indirectRate: number;
  inccAnnual: number;
  approvalMonths: number;
  worksMonths: number;
  salesMonths: number;
  /** Months of works delay: delivery later, the same budget on a longer S-curve (INCC on the later months), monthly indirect costs for longer. */
  delayMonths?: number;
  signal: number;
  monthly: number;
  balloons: number;
  keys: number;
  distratoRate: number;
  commissionRate: number;
  /** Effective tax on receipts (RET 4 %, RET MCMV 1 %, presumido ≈ 5,93 %). */
  taxRate: number;
  loanShare: number;
  loanRateAnnual: number;
}

export interface DevelopmentModelRun {
  deliveryMonth: number;
  horizon: number;
  privateArea: number;
  equivalentArea: number;
  vgvGross: number;
  permutaValue: number;
  /** Value of the cancelled contracts (at table price). */
  distratoValue: number;
  /** Receipts from buyers net of refunds and of the landowner's share in a permuta financeira. */
  receipts: number;
  inccOnReceipts: number;
  land: number;
  /** Works lines (CUB and what it excludes), INCC-corrected, by id. */
  works: Record<string, number>;
  indirect: Record<string, number>;
  worksTotal: number;
  indirectTotal: number;
  commissions: number;
  taxes: number;
  permutaPaid: number;
  interest: number;
  peakDebt: number;
  /** Project (unlevered) monthly flows. */
  inflows: number[];
  outflows: number[];
  /** Equity (levered) net monthly flows. */
  equityNet: number[];
  /** Everything paid, land included, interest included. */
  totalCost: number;
  /** Receipts − total cost (levered). */
  profit: number;
}

/** Runs the monthly model. Every input must be finite; months are integers ≥ 0 (works, sales ≥ 1). */
export function runDevelopmentModel(p: DevelopmentModelParams): DevelopmentModelRun {
  const A = p.approvalMonths;
  const T0 = p.worksMonths;
  const T = T0 + Math.max(0, p.delayMonths ?? 0);
  const S = p.salesMonths;
  const D = A + T;
  const iM = annualToMonthly(p.inccAnnual);
  const sold = p.landDeal === 'permuta-fisica' ? 1 - p.landDealShare : 1;
  let privateArea = 0;
  let vgvGross = 0;
  for (const u of p.units) {
    privateArea += u.count * u.privateArea;
    vgvGross += u.count * u.privateArea * u.pricePerSqm;
  }
  const vgv = vgvGross * sold;
  const permutaValue = vgvGross - vgv;
  const equivalentArea = p.privateToEquivalent > 0 ? privateArea / p.privateToEquivalent : 0;
  const cubNow = p.cubPerSqm * (1 + iM) ** p.cubAgeMonths;
  const cubBase = cubNow * equivalentArea;
  const exclusionScale = CUB_EXCLUSIONS_SUM > 0 ? p.cubExclusionsRate / CUB_EXCLUSIONS_SUM : 0;
  const worksBase = cubBase * (1 + p.cubExclusionsRate);
  const indirectScale = INDIRECT_SUM > 0 ? p.indirectRate / INDIRECT_SUM : 0;

  const hasPresales = S > 0 && A + 1 < D;
  const horizon = Math.max(D, A + S) + (p.distratoRate > 0 && hasPresales ? RESALE_MONTHS : 0);
  const n = horizon + 1;
  const inflows = new Array<number>(n).fill(0);
  const outflows = new Array<number>(n).fill(0);
  const worksCostByMonth = new Array<number>(n).fill(0);
  const inccTable = new Array<number>(n + 1);
  inccTable[0] = 1;
  for (let m = 1; m <= n; m++) inccTable[m] = inccTable[m - 1]! * (1 + iM);
  const inccAt = (m: number) => inccTable[m]!;
  const works: Record<string, number> = { cub: 0 };
  const indirect: Record<string, number> = {};
  for (const l of CUB_EXCLUSION_LINES) works[l.id] = 0;
  for (const l of INDIRECT_LINES) indirect[l.id] = 0;

  // Land at month 0.
  const land = p.landPrice * ((p.landDeal === 'cash' ? 1 : 0) + p.itbiRate + p.notaryRate);
  outflows[0]! += land;

  // Costs: spread a base amount evenly over [from, to], INCC-corrected month by month.
  const spread = (amount: number, from: number, to: number, byMonth?: number[]): number => {
    if (amount === 0) return 0;
    const a = Math.max(0, from);
    const b = Math.max(a, to);
    const each = amount / (b - a + 1);
    let total = 0;
    for (let m = a; m <= b; m++) {
      const v = each * inccAt(m);
      outflows[m]! += v;
      if (byMonth) byMonth[m]! += v;
      total += v;
    }
    return total;
  };
  const weights = sCurveWeights(T);
  const onCurve = (amount: number): number => {
    let total = 0;
    for (let k = 0; k < T; k++) {
      const m = A + 1 + k;
      const v = amount * weights[k]! * inccAt(m);
      outflows[m]! += v;
      worksCostByMonth[m]! += v;
      total += v;
    }
    return total;
  };
  works.cub = onCurve(cubBase);
  for (const l of CUB_EXCLUSION_LINES) {
    const amount = cubBase * l.share * exclusionScale;
    works[l.id] = l.phase === 'approval' ? spread(amount, 1, Math.max(1, A), worksCostByMonth) : onCurve(amount);
  }
  for (const l of INDIRECT_LINES) {
    const amount = worksBase * l.share * indirectScale;
    // Monthly costs keep their monthly amount when the works run late.
    if (l.timing === 'all') indirect[l.id] = spread((amount * D) / (A + T0), 1, D);
    else if (l.timing === 'approval') indirect[l.id] = spread(amount, 1, Math.max(1, A));
    else if (l.timing === 'works') indirect[l.id] = spread((amount * T) / T0, A + 1, D);
    else indirect[l.id] = spread(amount / 2, A + 1, A + 1) + spread(amount / 2, A + 1, A + Math.max(1, S));
  }

  // Sales: contracts per month, payment flow, distratos, commissions.
  let commissions = 0;
  let distratoValue = 0;
  let inccOnReceipts = 0;
  const refunds = new Array<number>(n).fill(0);
  const buyerIn = new Array<number>(n).fill(0);
  const pay = (m: number, base: number, s: number, keep: number) => {
    const corrected = base * inccAt(Math.min(m, D) - s);
    buyerIn[m]! += corrected * keep;
    inccOnReceipts += (corrected - base) * keep;
    return corrected;
  };
  for (let k = 0; k < S; k++) {
    const s = A + 1 + k;
    const share = S === 1 ? 1 : k === 0 ? LAUNCH_SALES_SHARE : (1 - LAUNCH_SALES_SHARE) / (S - 1);
    const V = vgv * share;
    commissions += V * p.commissionRate;
    outflows[s]! += V * p.commissionRate;
    if (s >= D) {
      buyerIn[s]! += V;
      continue;
    }
    const stay = 1 - p.distratoRate;
    let paidBeforeKeys = 0;
    paidBeforeKeys += pay(s, V * p.signal, s, 1);
    const monthlyCount = D - 1 - s;
    const balloonMonths: number[] = [];
    for (let m = s + 12; m < D; m += 12) balloonMonths.push(m);
    let keysShare = p.keys;
    if (monthlyCount > 0) for (let m = s + 1; m < D; m++) paidBeforeKeys += pay(m, (V * p.monthly) / monthlyCount, s, 1);
    else keysShare += p.monthly;
    if (balloonMonths.length > 0) for (const m of balloonMonths) paidBeforeKeys += pay(m, (V * p.balloons) / balloonMonths.length, s, 1);
    else keysShare += p.balloons;
    const repasse = 1 - p.signal - p.monthly - p.balloons - p.keys;
    pay(D, V * (keysShare + repasse), s, stay);
    if (p.distratoRate > 0) {
      const cancelled = V * p.distratoRate;
      distratoValue += cancelled;
      refunds[D]! += paidBeforeKeys * p.distratoRate * (1 - DISTRATO_RETENTION);
      for (let r = 1; r <= RESALE_MONTHS; r++) {
        buyerIn[D + r]! += cancelled / RESALE_MONTHS;
        outflows[D + r]! += (cancelled / RESALE_MONTHS) * p.commissionRate;
        commissions += (cancelled / RESALE_MONTHS) * p.commissionRate;
      }
    }
  }

  // Receipts, landowner's share, tax on receipts.
  let receipts = 0;
  let taxes = 0;
  let permutaPaid = 0;
  const landownerShare = p.landDeal === 'permuta-financeira' ? p.landDealShare : 0;
  for (let m = 0; m < n; m++) {
    const gross = buyerIn[m]!;
    const toLandowner = gross * landownerShare;
    const tax = gross * p.taxRate;
    inflows[m]! += gross - refunds[m]!;
    outflows[m]! += toLandowner + tax;
    permutaPaid += toLandowner;
    taxes += tax;
    receipts += gross - refunds[m]!;
  }

  // Plano empresário: draws with the works, interest monthly, repaid at delivery.
  const lM = annualToMonthly(p.loanRateAnnual);
  const equityNet = new Array<number>(n).fill(0);
  let balance = 0;
  let peakDebt = 0;
  let interest = 0;
  for (let m = 0; m < n; m++) {
    const draw = m <= D ? worksCostByMonth[m]! * p.loanShare : 0;
    const int = balance * lM;
    interest += int;
    balance += draw;
    let repay = 0;
    if (m === D) {
      repay = balance;
      balance = 0;
    }
    peakDebt = Math.max(peakDebt, balance + repay);
    equityNet[m] = inflows[m]! - outflows[m]! + draw - int - repay;
  }

  let worksTotal = 0;
  for (const v of Object.values(works)) worksTotal += v;
  let indirectTotal = 0;
  for (const v of Object.values(indirect)) indirectTotal += v;
  let out = 0;
  for (const v of outflows) out += v;
  const totalCost = out + interest;
  return {
    deliveryMonth: D,
    horizon,
    privateArea,
    equivalentArea,
    vgvGross,
    permutaValue,
    distratoValue,
    receipts: receipts - permutaPaid,
    inccOnReceipts,
    land,
    works,
    indirect,
    worksTotal,
    indirectTotal,
    commissions,
    taxes,
    permutaPaid,
    interest,
    peakDebt,
    inflows,
    outflows,
    equityNet,
    totalCost: totalCost - permutaPaid,
    profit: receipts - totalCost,
  };
}
