import type { FinancingSchedule, ScheduleRow } from '@viabiliza/contracts/analysis-result';

/**
 * Pure financial math. Sign convention of numpy-financial: money paid out is negative, money
 * received is positive; rates are per period and fractions (0.01 = 1% per period).
 * Functions that can be undefined (IRR, MIRR, payback) return `null` instead of NaN.
 */

/** Rounds to cents, half away from zero, without the binary artefacts of `x * 100` (1.005 → 1.01). */
export function roundCents(x: number): number {
  if (!Number.isFinite(x)) return x;
  const cents = Math.round(Math.abs(x) * 100 * (1 + Number.EPSILON));
  const v = (Math.sign(x) * cents) / 100;
  return v === 0 ? 0 : v;
}

/** Net present value; `flows[0]` is at t = 0 and is not discounted. */
export function npv(rate: number, flows: readonly number[]): number {
  const factor = 1 / (1 + rate);
  let discount = 1;
  let sum = 0;
  for (const f of flows) {
    sum += f * discount;
    discount *= factor;
  }
  return sum;
}

/** NPV by Horner's rule in x = 1/(1+r); cheaper inside root finding. */
function npvHorner(rate: number, flows: readonly number[]): number {
  const x = 1 / (1 + rate);
  let acc = 0;
  for (let t = flows.length - 1; t >= 0; t--) acc = acc * x + flows[t]!;
  return acc;
}

/** Rates scanned for sign changes of NPV (per period). Dense near zero, where monthly rates live. */
const IRR_GRID: readonly number[] = [
  -0.999999999999, -0.9999999999, -0.99999999, -0.999999, -0.99999, -0.9999, -0.999, -0.99, -0.95, -0.9, -0.8, -0.7, -0.6, -0.5, -0.4, -0.3, -0.2, -0.15, -0.1, -0.07, -0.05, -0.03, -0.02, -0.01, -0.005,
  -0.002, -0.001, 0, 0.001, 0.002, 0.004, 0.006, 0.008, 0.01, 0.0125, 0.015, 0.02, 0.025, 0.03, 0.04, 0.05, 0.065, 0.08,
  0.1, 0.125, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10, 25, 100, 1e3, 1e4, 1e6, 1e9,
];

/** Brent's root finder (Numerical Recipes `zbrent`) on a bracket with f(a)·f(b) < 0. */
function brent(f: (x: number) => number, a: number, b: number, fa: number, fb: number, tol = 1e-15, maxIter = 200): number | null {
  let c = b;
  let fc = fb;
  let d = b - a;
  let e = d;
  for (let iter = 0; iter < maxIter; iter++) {
    if ((fb > 0 && fc > 0) || (fb < 0 && fc < 0)) {
      c = a;
      fc = fa;
      d = b - a;
      e = d;
    }
    if (Math.abs(fc) < Math.abs(fb)) {
      a = b;
      b = c;
      c = a;
      fa = fb;
      fb = fc;
      fc = fa;
    }
    const tol1 = 2 * Number.EPSILON * Math.abs(b) + 0.5 * tol;
    const xm = 0.5 * (c - b);
    if (Math.abs(xm) <= tol1 || fb === 0) return b;
    if (Math.abs(e) >= tol1 && Math.abs(fa) > Math.abs(fb)) {
      const s = fb / fa;
      let p: number;
      let q: number;
      if (a === c) {
        p = 2 * xm * s;
        q = 1 - s;
      } else {
        const qq = fa / fc;
        const r = fb / fc;
        p = s * (2 * xm * qq * (qq - r) - (b - a) * (r - 1));
        q = (qq - 1) * (r - 1) * (s - 1);
      }
      if (p > 0) q = -q;
      p = Math.abs(p);
      const min1 = 3 * xm * q - Math.abs(tol1 * q);
      const min2 = Math.abs(e * q);
      if (2 * p < Math.min(min1, min2)) {
        e = d;
        d = p / q;
      } else {
        d = xm;
        e = d;
      }
    } else {
      d = xm;
      e = d;
    }
    a = b;
    fa = fb;
    b += Math.abs(d) > tol1 ? d : xm >= 0 ? tol1 : -tol1;
    fb = f(b);
    if (!Number.isFinite(fb)) return null;
  }
  return null;
}

function hasSignChange(flows: readonly number[]): boolean {
  let pos = false;
  let neg = false;
  for (const f of flows) {
    if (!Number.isFinite(f)) return false;
    if (f > 0) pos = true;
    else if (f < 0) neg = true;
  }
  return pos && neg;
}

/**
 * Internal rate of return per period, or `null` when it is undefined: the flows never change sign,
 * or no rate in (−99,9999999999%, 10^9) zeroes the NPV. NPV is scanned on a grid for sign changes and each
 * bracket is solved with Brent's method; with several roots, the one closest to zero is returned
 * (numpy-financial's rule).
 */
export function irr(flows: readonly number[]): number | null {
  const roots = irrRoots(flows);
  let best: number | null = null;
  for (const root of roots) if (best === null || Math.abs(root) < Math.abs(best)) best = root;
  return best;
}

/**
 * Every rate per period in (−1, 10^9) found to zero the NPV, ascending: one bracket per sign change
 * of NPV on the grid (which reaches down to −99,9999999999 %, so a near-total loss is found, not
 * denied). A flow that changes sign more than once may have several.
 */
export function irrRoots(flows: readonly number[]): number[] {
  if (!hasSignChange(flows)) return [];
  const f = (r: number) => npvHorner(r, flows);
  const roots: number[] = [];
  let prevR = NaN;
  let prevV = NaN;
  for (const r of IRR_GRID) {
    const v = f(r);
    if (!Number.isFinite(v)) {
      prevR = NaN;
      prevV = NaN;
      continue;
    }
    let root: number | null = null;
    if (v === 0) root = r;
    else if (Number.isFinite(prevV) && prevV !== 0 && (prevV < 0) !== (v < 0)) root = brent(f, prevR, r, prevV, v);
    if (root !== null && Number.isFinite(root) && !roots.some((x) => Math.abs(x - root!) < 1e-12)) roots.push(root);
    prevR = r;
    prevV = v;
  }
  return roots.sort((a, b) => a - b);
}

/** Number of sign changes of a flow (zeros skipped): more than one means possibly several IRRs. */
export function signChanges(flows: readonly number[]): number {
  let count = 0;
  let prev = 0;
  for (const f of flows) {
    if (!(f !== 0 && Number.isFinite(f))) continue;
    if (prev !== 0 && (f > 0) !== (prev > 0)) count++;
    prev = f;
  }
  return count;
}

/**
 * Modified IRR per period (numpy-financial `mirr`): negatives discounted at `financeRate`,
 * positives compounded at `reinvestRate`. `null` without both a positive and a negative flow.
 */
export function mirr(flows: readonly number[], financeRate: number, reinvestRate: number): number | null {
  const n = flows.length;
  if (n < 2 || !hasSignChange(flows)) return null;
  const positives = flows.map((f) => (f > 0 ? f : 0));
  const negatives = flows.map((f) => (f < 0 ? f : 0));
  const numer = Math.abs(npv(reinvestRate, positives));
  const denom = Math.abs(npv(financeRate, negatives));
  const r = (numer / denom) ** (1 / (n - 1)) * (1 + reinvestRate) - 1;
  return Number.isFinite(r) ? r : null;
}

/**
 * Payment per period (numpy-financial `pmt`): negative for a positive loan `pv`.
 * `when` 0 = payments at the end of each period, 1 = at the beginning.
 */
export function pmt(rate: number, nper: number, pv: number, fv = 0, when: 0 | 1 = 0): number {
  const temp = (1 + rate) ** nper;
  // expm1/log1p keep (1+r)^n − 1 exact for tiny rates, where temp − 1 would cancel to 0.
  const fact = rate === 0 ? nper : ((1 + rate * when) * Math.expm1(nper * Math.log1p(rate))) / rate;
  return -(fv + pv * temp) / fact;
}

/** Equivalent monthly rate of an annual rate: (1+r)^(1/12) − 1. */
export function annualToMonthly(r: number): number {
  return (1 + r) ** (1 / 12) - 1;
}

/** Equivalent annual rate of a monthly rate: (1+r)^12 − 1. */
export function monthlyToAnnual(r: number): number {
  return (1 + r) ** 12 - 1;
}

function validLoan(principal: number, monthlyRate: number, months: number): boolean {
  return (
    Number.isFinite(principal) && principal > 0 && Number.isFinite(monthlyRate) && monthlyRate > -1 && Number.isFinite(months) && months >= 1
  );
}

function toSchedule(system: 'SAC' | 'PRICE', rowsInCents: { payment: number; interest: number; amortization: number; balance: number }[]): FinancingSchedule {
  let interest = 0;
  let paid = 0;
  const rows: ScheduleRow[] = rowsInCents.map((r, i) => {
    interest += r.interest;
    paid += r.payment;
    return {
      month: i + 1,
      payment: r.payment / 100,
      interest: r.interest / 100,
      amortization: r.amortization / 100,
      balance: r.balance / 100,
    };
  });
  return {
    system,
    firstPayment: rows[0]?.payment ?? 0,
    lastPayment: rows[rows.length - 1]?.payment ?? 0,
    totalInterest: interest / 100,
    totalPaid: paid / 100,
    rows,
  };
}

/*
 * Schedules are computed in whole cents, as a bank statement is: every row is in cents, the
 * amortizations add up exactly to the principal and the last balance is exactly zero.
 */

/** SAC (constant amortization): payment = principal/n + interest on the balance. */
export function sacSchedule(principal: number, monthlyRate: number, months: number): FinancingSchedule {
  if (!validLoan(principal, monthlyRate, months)) return toSchedule('SAC', []);
  const n = Math.floor(months);
  let balance = Math.round(principal * 100);
  const amortization = Math.round(balance / n);
  const rows = [];
  for (let k = 1; k <= n; k++) {
    const interest = Math.round(balance * monthlyRate);
    const amort = k === n ? balance : Math.min(amortization, balance);
    balance -= amort;
    rows.push({ payment: amort + interest, interest, amortization: amort, balance });
  }
  return toSchedule('SAC', rows);
}

/** Price (French, constant payment): payment = pmt(rate, n, principal); the last row absorbs rounding. */
export function priceSchedule(principal: number, monthlyRate: number, months: number): FinancingSchedule {
  if (!validLoan(principal, monthlyRate, months)) return toSchedule('PRICE', []);
  const n = Math.floor(months);
  let balance = Math.round(principal * 100);
  const payment = Math.round(-pmt(monthlyRate, n, balance));
  const rows = [];
  for (let k = 1; k <= n; k++) {
    const interest = Math.round(balance * monthlyRate);
    let amort = Math.max(0, payment - interest);
    if (k === n || amort > balance) amort = balance;
    balance -= amort;
    rows.push({ payment: amort + interest, interest, amortization: amort, balance });
  }
  return toSchedule('PRICE', rows);
}

/**
 * Index of the first period at which the cumulative flow is back at or above zero after having
 * been negative (0 when it is never negative), or `null` when it never recovers.
 */
export function paybackPeriod(flows: readonly number[]): number | null {
  let scale = 0;
  for (const f of flows) scale = Math.max(scale, Math.abs(f));
  const eps = scale * 1e-12;
  let cumulative = 0;
  let wasNegative = false;
  for (let t = 0; t < flows.length; t++) {
    cumulative += flows[t]!;
    if (!Number.isFinite(cumulative)) return null;
    if (cumulative < -eps) wasNegative = true;
    else if (wasNegative) return t;
  }
  return wasNegative || flows.length === 0 ? null : 0;
}

/**
 * Construction S-curve over n months: weight_k = F(k/n) − F((k−1)/n) with F(x) = (1 − cos πx)/2.
 * Slow start, peak mid-way, slow finish; the weights sum to 1.
 */
export function sCurveWeights(n: number): number[] {
  if (!Number.isFinite(n) || n < 1) return [];
  const months = Math.floor(n);
  const F = (x: number) => (1 - Math.cos(Math.PI * x)) / 2;
  const weights: number[] = [];
  let sum = 0;
  for (let k = 1; k < months; k++) {
    const w = F(k / months) - F((k - 1) / months);
    weights.push(w);
    sum += w;
  }
  weights.push(1 - sum);
  return weights;
}

/**
 * Payback that reports later dips: the first period the cumulative flow is back at or above zero
 * (as `paybackPeriod`), and the first later period it is negative again (e.g. a balloon, a
 * renovation, a loan balance paid at exit), or null when it stays ≥ 0.
 */
export function paybackWithDips(flows: readonly number[]): { firstPositive: number | null; negativeAgain: number | null } {
  const firstPositive = paybackPeriod(flows);
  if (firstPositive === null) return { firstPositive, negativeAgain: null };
  let scale = 0;
  for (const f of flows) scale = Math.max(scale, Math.abs(f));
  const eps = scale * 1e-12;
  let cumulative = 0;
  for (let t = 0; t < flows.length; t++) {
    cumulative += flows[t]!;
    if (t > firstPositive && cumulative < -eps) return { firstPositive, negativeAgain: t };
  }
  return { firstPositive, negativeAgain: null };
}

/** Discounted payback: first period the cumulative flow discounted at `rate` per period is ≥ 0 again. */
export function discountedPayback(rate: number, flows: readonly number[]): number | null {
  let d = 1;
  const discounted = flows.map((f) => {
    const v = f * d;
    d /= 1 + rate;
    return v;
  });
  return paybackPeriod(discounted);
}
