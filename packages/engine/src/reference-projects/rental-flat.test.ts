import { describe, expect, it } from 'vitest';
import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import { analyze } from '../analyze.ts';
import { annualToMonthly, irr, monthlyToAnnual, npv } from '../finance.ts';

/**
 * Reference project: a rental flat in São Paulo, 70 m², bought for R$ 850.000 in cash, let at
 * R$ 3.500/month (condominium R$ 700, no IPTU typed), analysed on 25/11/2026.
 *
 * Before issue 17 (engine 1.0, measured from a scratch script): rent flat for 10 years, no tax on
 * rent, no selling costs, discounted at the Selic (15 %): NPV −R$ 424.403, IRR 6,33 %, score 5,4
 * 'moderada' (issue: 'NPV −R$ 310 k, IRR 2,7 %, 5,3 moderada/hold').
 *
 * Now, by hand (defaults of the dataset: IPCA 2025 4,26 % for rent and costs; the rental hurdle after
 * tax = Tesouro IPCA+ 2035 at 7,28 % real (26/11/2025) × IPCA → 11,85 % nominal, after the 15 % IR
 * an individual pays at redemption after 120 months, + 3 p.p. of premium ≈ 13,66 %; vacancy 8 %, management 10 %, maintenance 0,5 % a.a. of the price,
 * ITBI São Paulo 3 %, notary and registry from the SP table, exit costs 6 %, owner an individual):
 *
 * Year 1, per month: rent received 3.500 × (1 − 0,08) = 3.220; management 322; maintenance
 * 850.000 × 0,5 % / 12 = 354,17; condominium during vacancy 0,08 × 700 = 56 → NOI 2.487,83.
 *   gross rent year 1 = 12 × 3.220 = 38.640; NOI year 1 = 12 × 2.487,83 = 29.854.
 * Tax (carnê-leão): base 3.220 − 322 − 56 = 2.842 → table 2.842 × 15 % − 394,16 = 32,14, but the
 *   income 3.220 ≤ R$ 5.000 → zero by Lei 15.270/2025: tax year 1 = 0.
 * Year y (0-based): rent and costs × 1,0426^y.
 * Exit at month 120: 850.000 × 1,0426^10 = 1.290.019,07; selling costs 6 % = 77.401,14.
 * Acquisition total = 850.000 + ITBI 25.500 + notary N (read from the result: the SP table's bracket).
 * Gain = 1.290.019,07 − 77.401,14 − total; × FR2 = 1/1,0035^120 = 0,657529; × 15 %.
 * NPV at the TMA: computed below by an independent loop.
 */
const NOMINAL = 1.0728 * 1.0426 - 1;
const GROSS_10Y = (1 + NOMINAL) ** 10;
const HURDLE = (GROSS_10Y - 0.15 * (GROSS_10Y - 1)) ** (1 / 10) - 1 + 0.03;
const AT = '2026-11-25T12:00:00.000Z';
const FLAT: Questionnaire = {
  city: 'São Paulo',
  state: 'SP',
  propertyType: 'apartamento',
  purpose: ['investimento'],
  usableArea: '70',
  targetValue: '850.000',
  monthlyRent: '3.500',
  condominiumFee: '700',
  acceptsFinancing: false,
  mainObjective: 'investimento',
};

function handFlows(total: number, tax: number): number[] {
  const flows = [-total];
  for (let m = 1; m <= 120; m++) {
    const f = 1.0426 ** Math.floor((m - 1) / 12);
    const egi = 3500 * f * 0.92;
    flows.push(egi - egi * 0.1 - (850000 * 0.005 * f) / 12 - 0.08 * 700 * f);
  }
  flows[120]! += 1290019.07 - 77401.14 - tax;
  return flows;
}

describe('reference project: rental flat in São Paulo (cash purchase, individual owner)', () => {
  const r = analyze({ analysisType: 'complete', questionnaire: FLAT, documents: [], generatedAt: AT });
  const f = r.financial!;
  const t = f.afterTax!;

  it('year-1 rent, NOI and tax', () => {
    expect(t.hurdleRate.value).toBeCloseTo(HURDLE, 6);
    expect(r.hurdle).toMatchObject({ kind: 'rental', basis: 'after-tax', origin: 'reference' });
    expect(t.rentIndex).toBe('ipca');
    expect(t.rentGrowthAnnual.value).toBeCloseTo(0.0426, 10);
    expect(t.grossRentYear1.value).toBeCloseTo(38640, 2);
    expect(t.noiYear1.value).toBeCloseTo(29854, 1);
    expect(t.rentTaxYear1.value).toBe(0);
    expect(t.ownerType).toBe('pf');
  });

  it('exit, selling costs and capital gains with FR2', () => {
    expect(f.exitValue.value).toBeCloseTo(1290019.07, 1);
    expect(t.exitCosts.value).toBeCloseTo(77401.14, 1);
    expect(f.itbi.value).toBeCloseTo(25500, 2);
    const total = f.acquisitionTotal.value!;
    expect(total).toBeCloseTo(850000 + 25500 + f.notary.value!, 2);
    const gain = 1290019.07 - 77401.14 - total;
    expect(t.capitalGain.value).toBeCloseTo(gain, 0);
    expect(t.reductionFactor.value).toBeCloseTo(0.657529, 6);
    expect(f.capitalGainsTax.value).toBeCloseTo(gain * 0.657529 * 0.15, 0);
  });

  it('NPV at the TMA and IRR match an independent computation; the verdict is not moderada', () => {
    const flows = handFlows(f.acquisitionTotal.value!, f.capitalGainsTax.value!);
    const monthly = annualToMonthly(HURDLE);
    expect(f.npv.value!).toBeCloseTo(npv(monthly, flows), -1);
    expect(f.irr.value!).toBeCloseTo(monthlyToAnnual(irr(flows)!), 4);
    // A 4,9 % gross yield in São Paulo does not pay the bond after tax plus the premium.
    expect(f.npv.value!).toBeLessThan(-200_000);
    expect(f.irr.value!).toBeLessThan(HURDLE);
    expect(t.unleveredIrr.value!).toBeCloseTo(f.irr.value!, 6); // no loan: levered = unlevered
    expect(r.score.band).not.toBe('moderada');
    expect(r.score.band).not.toBe('alta');
  });

  it('break-even rent and maximum price bring the NPV to zero', () => {
    // NPV is about −496 k at R$ 3.500: the break-even rent is far above it, the maximum price far below.
    expect(t.breakEvenRent.value!).toBeGreaterThan(3500 * 3);
    expect(t.maxPrice.value!).toBeLessThan(850_000 / 2);
    const again = analyze({ analysisType: 'complete', questionnaire: { ...FLAT, monthlyRent: String(t.breakEvenRent.value!.toFixed(2)).replace('.', ',') }, documents: [], generatedAt: AT });
    expect(Math.abs(again.financial!.npv.value!)).toBeLessThan(500);
  });

  it('stress: every downside lowers the NPV, all combined the most', () => {
    const s = r.stress!;
    expect(s.model).toBe('acquisition');
    const byId = Object.fromEntries(s.scenarios.map((x) => [x.id, x]));
    expect(byId.base!.npv).toBeCloseTo(f.npv.value!, 2);
    for (const id of ['price', 'cost', 'delay', 'rate'] as const) expect(byId[id]!.npvDelta!).toBeLessThan(0);
    for (const id of ['price', 'cost', 'delay', 'rate'] as const) expect(byId.combined!.npv!).toBeLessThan(byId[id]!.npv!);
    // Exit −10 %: NPV falls by about 10 % × net sale discounted 120 months, less the capital-gains tax saved
    // (15 % × FR2 0,6575 ≈ 9,9 % of the fall).
    const drop = (0.1 * (1290019.07 - 77401.14)) / (1 + HURDLE) ** 10;
    expect(byId.price!.npvDelta!).toBeLessThan(-0.85 * drop);
    expect(byId.price!.npvDelta!).toBeGreaterThan(-1.0 * drop);
  });

  it('financed: DSCR from NOI / installment, levered differs from unlevered IRR', () => {
    const fin = analyze({ analysisType: 'complete', questionnaire: { ...FLAT, acceptsFinancing: true, deal: { wantsFinancing: true } }, documents: [], generatedAt: AT });
    const ft = fin.financial!.afterTax!;
    expect(fin.financial!.financing).not.toBeNull();
    const first = fin.financial!.financing!.sac.rows[0]!.payment;
    // First month NOI 2.487,83 over an installment far larger → DSCR < 1.
    expect(ft.dscrMin.value!).toBeLessThan(2487.84 / first + 1e-9);
    expect(ft.dscrMin.value!).toBeGreaterThan(0);
    expect(ft.dscrAverage.value!).toBeGreaterThanOrEqual(ft.dscrMin.value!);
    expect(ft.leveredIrr.value).not.toBeCloseTo(ft.unleveredIrr.value!, 3);
    // The property's verdict is the same with or without the loan: the headline IRR is the unlevered one.
    expect(fin.financial!.irr.value).toBeCloseTo(f.irr.value!, 10);
    expect(fin.score.band).toBe(r.score.band);
  });
});

describe('rental flat: a flow with several sign changes', () => {
  it('warns about several IRRs and shows the MIRR when a fall leaves the loan larger than the sale', () => {
    // High rent pays the installments (monthly flows > 0) but a 30 % yearly fall leaves the sale
    // (850.000 × 0,7^10 ≈ 24 k) far below the loan balance: the last flow is negative again.
    const r = analyze({
      analysisType: 'complete',
      questionnaire: { ...FLAT, monthlyRent: '20.000', acceptsFinancing: true, deal: { wantsFinancing: true } },
      documents: [],
      generatedAt: AT,
      overrides: { appreciationAnnual: -0.3, ownerType: 2 },
    });
    const t = r.financial!.afterTax!;
    expect(t.signChanges).toBeGreaterThanOrEqual(2);
    expect(t.irrWarnings.length).toBe(1);
    expect(t.irrWarnings[0]).toContain('muda de sinal');
    expect(r.financial!.mirr.value).not.toBeNull();
    expect(t.payback.firstPositiveMonth).not.toBeNull();
  });
});
