import { describe, expect, it } from 'vitest';
import type { AnalysisResult } from '@viabiliza/contracts/analysis-result';
import { parseBrNumber } from '@viabiliza/contracts/questionnaire';
import { analyze } from './analyze.ts';
import { irr } from './finance.ts';
import { REFERENCE_DEALS, primaryIrr, verdictReason, type ReferenceDeal } from './reference-deals.ts';

/*
 * The verdicts of the reference deals (`npm run bench:engine`, 'verdicts' table), each checked
 * against figures computed here the way a spreadsheet would, from the questionnaire and the public
 * rules, without the engine's calculators:
 *
 * - hurdle: Tesouro IPCA+ 2035 at 7,28 % real × IPCA 2025 4,26 %; an individual pays 15 % (more on
 *   short holdings) at redemption, a company 34 % as it accrues; + 3 p.p. (rental, flip) or, before
 *   tax, + 6 p.p. (development);
 * - rental: 120 monthly flows — rent × 1,0426^year × 92 %, minus 10 % management, 0,5 % a year of
 *   upkeep, condominium and IPTU in the 8 % vacancy; carnê-leão by the 2026 table with the
 *   Lei 15.270/2025 reduction, or 11,33 % of the rent for a company; exit at the price (or the
 *   comparables' median R$/m² × area) × 1,0426^10, less 6 % and the capital-gains tax;
 * - flip: acquisition, works spread over their months, condominium + IPTU + utilities every month,
 *   sale less 6 % and 15 % × FR2 on the gain;
 * - every deal: the band follows the figures (NPV < 0 or IRR < hurdle → 'baixa').
 */

const NOMINAL = 1.0728 * 1.0426 - 1;
const G = 0.0426;

function bondAfterIr(months: number, rate: number): number {
  const T = months / 12;
  const gross = (1 + NOMINAL) ** T;
  return (gross - rate * (gross - 1)) ** (1 / T) - 1;
}

function irTable(base: number): number {
  const table: [number, number, number][] = [
    [2428.8, 0, 0],
    [2826.65, 0.075, 182.16],
    [3751.05, 0.15, 394.16],
    [4664.68, 0.225, 675.49],
    [Infinity, 0.275, 908.73],
  ];
  const [, rate, deduction] = table.find(([upper]) => base <= upper)!;
  return Math.max(0, base * rate - deduction);
}

/** Carnê-leão 2026: the table, zero up to R$ 5.000 of income, reduced up to R$ 7.350. */
function carneLeao(income: number, base: number): number {
  const t = irTable(base);
  if (t <= 0 || income <= 5000) return 0;
  if (income <= 7350) return Math.max(0, t - Math.max(0, 978.62 - 0.133145 * income));
  return t;
}

const num = (s: string | undefined) => parseBrNumber(s ?? '') ?? 0;
const npvAt = (annual: number, flows: number[]) => {
  const m = (1 + annual) ** (1 / 12) - 1;
  return flows.reduce((s, f, i) => s + f / (1 + m) ** i, 0);
};
const annual = (flows: number[]) => (1 + irr(flows)!) ** 12 - 1;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/** The rental's 120 unlevered flows, by hand. */
function rentalFlows(d: ReferenceDeal, r: AnalysisResult): number[] {
  const q = d.input.questionnaire;
  const P = num(q.targetValue);
  const rent = num(q.monthlyRent);
  const condo = num(q.condominiumFee);
  const iptu = num(q.annualTax);
  const area = num(q.usableArea);
  const pj = q.deal?.ownerType === 'pj';
  const total = r.financial!.acquisitionTotal.value!;
  const flows = [-total];
  for (let m = 1; m <= 120; m++) {
    const f = (1 + G) ** Math.floor((m - 1) / 12);
    const egi = rent * f * 0.92;
    const vacancyCost = 0.08 * (condo + iptu / 12) * f;
    const noi = egi - egi * 0.1 - (P * 0.005 * f) / 12 - vacancyCost;
    const tax = pj ? egi * (0.0365 + 0.32 * 0.24) : carneLeao(egi, egi - egi * 0.1 - vacancyCost);
    flows.push(noi - tax);
  }
  const sales = (q.comparables ?? []).filter((c) => c.kind === 'venda');
  const base = sales.length >= 3 ? median(sales.map((c) => num(c.price) / num(c.area))) * area : P;
  const exit = base * (1 + G) ** 10;
  const gain = exit - exit * 0.06 - total;
  const tax = pj ? Math.max(0, gain) * 0.24 + Math.max(0, gain - 60000) * 0.1 : exit <= 440000 ? 0 : Math.max(0, gain) * 0.15 / 1.0035 ** 120;
  flows[120]! += exit * 0.94 - tax;
  return flows;
}

/** The flip's flows, by hand. */
function flipFlows(d: ReferenceDeal, r: AnalysisResult): number[] {
  const q = d.input.questionnaire;
  const x = q.deal!;
  const area = num(q.usableArea);
  const works = num(x.renovationBudget) || num(x.renovationPerSqm) * area;
  const W = num(x.worksMonths);
  const N = W + num(x.sellMonths);
  const total = r.financial!.acquisitionTotal.value!;
  const carry = num(q.condominiumFee) + num(q.annualTax) / 12 + num(x.utilitiesMonthly);
  const flows = [-total];
  for (let m = 1; m <= N; m++) flows.push(-carry * (1 + G) ** Math.floor((m - 1) / 12) - (m <= W ? works / W : 0));
  const sale = num(x.targetSalePrice);
  const gain = sale * 0.94 - total - works;
  flows[N]! += sale * 0.94 - (sale <= 440000 ? 0 : Math.max(0, gain) * 0.15 / 1.0035 ** N);
  return flows;
}

function expectedHurdle(d: ReferenceDeal, r: AnalysisResult): number {
  const q = d.input.questionnaire;
  if (q.mainObjective === 'desenvolvimento') return NOMINAL + 0.06;
  if (q.deal?.ownerType === 'pj') return NOMINAL * 0.66 + 0.03;
  if (q.deal?.strategy === 'revenda') {
    const months = num(q.deal.worksMonths) + num(q.deal.sellMonths);
    const days = Math.round(months * 30.4375);
    const rate = days <= 180 ? 0.225 : days <= 360 ? 0.2 : days <= 720 ? 0.175 : 0.15;
    return bondAfterIr(months, rate) + 0.03;
  }
  void r;
  return bondAfterIr(120, 0.15) + 0.03;
}

const results = new Map(REFERENCE_DEALS.map((d) => [d.id, analyze(d.input)]));

describe('verdicts of the reference deals', () => {
  it('has at least 12 deals covering rentals in 3 cities, financed and cash, flips, incorporação with and without permuta, PF and PJ', () => {
    expect(REFERENCE_DEALS.length).toBeGreaterThanOrEqual(12);
    const cities = new Set(REFERENCE_DEALS.filter((d) => d.id.match(/-(boa|justa|ruim)$/) && d.input.questionnaire.deal?.strategy === 'aluguel').map((d) => d.input.questionnaire.city));
    expect(cities.size).toBeGreaterThanOrEqual(3);
    expect(REFERENCE_DEALS.some((d) => d.input.questionnaire.deal?.wantsFinancing)).toBe(true);
    expect(REFERENCE_DEALS.filter((d) => d.input.questionnaire.deal?.strategy === 'revenda').map((d) => d.expected).sort()).toEqual(['alta', 'baixa']);
    expect(REFERENCE_DEALS.map((d) => d.input.questionnaire.development?.landDeal ?? (d.input.questionnaire.development ? 'cash' : null)).filter(Boolean).sort()).toEqual(['cash', 'permuta-fisica']);
    expect(REFERENCE_DEALS.filter((d) => d.input.questionnaire.propertyType === 'sala').map((d) => d.input.questionnaire.deal?.ownerType).sort()).toEqual(['pf', 'pj']);
  });

  for (const d of REFERENCE_DEALS) {
    it(`${d.id}: ${d.expected}, on the independent figures`, () => {
      const r = results.get(d.id)!;
      expect(r.score.band, verdictReason(r)).toBe(d.expected);
      expect(r.hurdle!.value).toBeCloseTo(expectedHurdle(d, r), 6);
      const q = d.input.questionnaire;
      if (q.deal?.strategy === 'aluguel') {
        const flows = rentalFlows(d, r);
        expect(r.financial!.irr.value!).toBeCloseTo(annual(flows), 4);
        expect(Math.abs(r.financial!.npv.value! - npvAt(r.hurdle!.value, flows))).toBeLessThan(5);
      } else if (q.deal?.strategy === 'revenda') {
        const flows = flipFlows(d, r);
        expect(r.financial!.irr.value!).toBeCloseTo(annual(flows), 4);
        expect(Math.abs(r.financial!.npv.value! - npvAt(r.hurdle!.value, flows))).toBeLessThan(5);
      } else {
        // Incorporação: the project IRR and NPV from its own monthly flow (the model is checked in development-40-units).
        const nets = r.development!.cashFlow.map((p) => p.net);
        expect(r.development!.irr.value!).toBeCloseTo(annual(nets), 6);
        expect(r.development!.npv.value!).toBeCloseTo(npvAt(r.hurdle!.value, nets), 0);
      }
      // The verdict follows the figures.
      const model = r.development ?? r.financial!;
      const fails = model.npv.value! < 0 || primaryIrr(r)! < r.hurdle!.value;
      if (fails) expect(r.score.band).toBe('baixa');
      if (r.score.band !== 'baixa') expect(fails).toBe(false);
    });
  }

  it('a loan does not change a rental verdict unless its cost decides it, and then the report says so', () => {
    const pairs: [string, string][] = [
      ['belem-boa', 'belem-boa-financiada'],
      ['sao-paulo-justa', 'sao-paulo-justa-financiada'],
    ];
    for (const [cashId, loanId] of pairs) {
      const cash = results.get(cashId)!;
      const loan = results.get(loanId)!;
      const effect = loan.financial!.loanEffect!;
      expect(effect).toBeDefined();
      if (effect.decisive) {
        expect(loan.score.band).toBe('baixa');
        expect(loan.score.cap!.reasons.join(' ')).toContain('O custo do financiamento é decisivo');
        expect(loan.financial!.afterTax!.leveredIrr.value!).toBeLessThan(loan.hurdle!.value);
        expect(loan.financial!.irr.value!).toBeGreaterThanOrEqual(loan.hurdle!.value);
      } else {
        expect(loan.score.band).toBe(cash.score.band);
      }
    }
    expect(results.get('sao-paulo-justa-financiada')!.financial!.loanEffect!.decisive).toBe(true);
    expect(results.get('belem-boa-financiada')!.financial!.loanEffect!.decisive).toBe(false);
  });

  it('the same commercial unit: the PJ pays 11,33 % of the rent and judges against its own after-tax bond', () => {
    const pf = results.get('sala-pf')!;
    const pj = results.get('sala-pj')!;
    expect(pj.financial!.afterTax!.rentTaxYear1.value! / pj.financial!.afterTax!.grossRentYear1.value!).toBeCloseTo(0.1133, 6);
    expect(pj.hurdle!.value).toBeLessThan(pf.hurdle!.value);
    expect(pj.financial!.irr.value!).toBeLessThan(pf.financial!.irr.value!);
  });

  it('every reason is one line', () => {
    for (const r of results.values()) expect(verdictReason(r)).not.toMatch(/\n/);
  });
});
