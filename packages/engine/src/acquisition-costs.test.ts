import { describe, expect, it } from 'vitest';
import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import { analyze } from './analyze.ts';

const AT = '2026-11-25T12:00:00.000Z';

function run(q: Record<string, unknown>, overrides: Record<string, number> = {}) {
  return analyze({ analysisType: 'financial', questionnaire: { propertyType: 'apartamento', usableArea: '80', monthlyRent: '3.000', ...q } as Questionnaire, documents: [], overrides, generatedAt: AT });
}
/** The buyer chose a loan ('Pretende financiar?' sim). */
const FINANCED = { deal: { wantsFinancing: true } };

describe('acquisition ITBI and cartório from the city and state tables', () => {
  it('Florianópolis, financed: 0,5 % on the SFH part up to the ceiling and 2 % on the rest', () => {
    const r = run({ city: 'Florianópolis', state: 'SC', targetValue: '600.000', ...FINANCED });
    const f = r.financial!;
    // Loan: 80 % of 600.000 = 480.000 (SFH: residential, below R$ 2,25 mi).
    expect(f.financing?.loanAmount.value).toBe(480_000);
    // 226.007,12 × 0,5% + (600.000 − 226.007,12) × 2% = 1.130,0356 + 7.479,8576 = 8.609,8932
    expect(f.itbi.value).toBe(8_609.89);
    expect(f.itbi.source).toMatchObject({ kind: 'reference', referenceId: 'itbi-florianopolis-2025-01', uncertain: false });
    expect(f.itbi.note).toContain('Lei Complementar 600/2017');
    // SC has no fee table here: 1,5 % × 600.000 = 9.000, the flagged estimate row.
    expect(f.notary.value).toBe(9_000);
    expect(f.notary.source).toMatchObject({ kind: 'reference', referenceId: 'cartorio-tipico', uncertain: true });
    expect(f.acquisitionTotal.value).toBe(600_000 + 8_609.89 + 9_000);
    expect(r.references.map((x) => x.id)).toContain('itbi-florianopolis-2025-01');
  });

  it("Jundiaí's financed-part rule is applied: 1,5 % up to R$ 120 mil", () => {
    // Loan 240.000: 120.000 × 1,5% + 180.000 × 2,5% = 1.800 + 4.500 = 6.300
    const r = run({ city: 'Jundiaí', state: 'SP', targetValue: '300.000', ...FINANCED });
    expect(r.financial!.itbi.value).toBe(6_300);
  });

  it('paid in cash, São Paulo: 3 %; the SP escritura and registro brackets are used, registro cited', () => {
    const r = run({ city: 'São Paulo', state: 'SP', targetValue: '500.000', acceptsFinancing: false });
    const f = r.financial!;
    expect(f.financing).toBeNull();
    expect(f.itbi.value).toBe(15_000);
    // 2026 tables, bracket R$ 384.200,01 – 768.400,00 (13th of the registro table): escritura 5.519,90
    // + registro 3.383,82 = 8.903,72 (both with 5 % ISS), no estimate.
    expect(f.notary.value).toBeCloseTo(8_903.72, 6);
    expect(f.notary.source).toMatchObject({ kind: 'reference', referenceId: 'registro-sp-2026-13', uncertain: true });
    expect(f.notary.note).toContain('R$ 3.383,82');
    expect(f.notary.note).toContain('R$ 5.519,90');
    expect(r.references.map((x) => x.id)).toContain('registro-sp-2026-13');
  });

  it("the person's overrides still win: price × rate", () => {
    const r = run({ city: 'Florianópolis', state: 'SC', targetValue: '600.000' }, { itbiRate: 0.025, notaryRate: 0.01 });
    // 600.000 × 2,5% = 15.000; 600.000 × 1% = 6.000
    expect(r.financial!.itbi.value).toBe(15_000);
    expect(r.financial!.notary.value).toBe(6_000);
    expect(r.financial!.itbi.source).toEqual({ kind: 'computed', formula: 'Preço × alíquota de ITBI' });
  });
});
