import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.ts';
import { EXAMPLE_PROPERTIES } from './examples.ts';

const AT = '2026-11-25T12:00:00.000Z';

describe('stress section', () => {
  it('runs on the development when the analysis has one: price, cost, delay and rate lower margin or NPV', () => {
    const p = EXAMPLE_PROPERTIES[1]!; // plot in Florianópolis (incorporação)
    const r = analyze({ analysisType: 'complete', questionnaire: p.questionnaire, documents: p.documents, generatedAt: AT });
    expect(r.development).not.toBeNull();
    const s = r.stress!;
    expect(s.model).toBe('development');
    const byId = Object.fromEntries(s.scenarios.map((x) => [x.id, x]));
    expect(byId.base!.npv).toBeCloseTo(r.development!.npv.value!, 2);
    expect(byId.base!.margin).toBeCloseTo(r.development!.marginOnVgv.value!, 10);
    // Sale price −10 % and cost +10 % cut the margin; all combined cut the NPV the most.
    expect(byId.price!.margin!).toBeLessThan(byId.base!.margin!);
    expect(byId.cost!.margin!).toBeLessThan(byId.base!.margin!);
    for (const id of ['price', 'cost', 'delay', 'rate'] as const) expect(byId[id]!.npv!).toBeLessThan(byId.base!.npv!);
    for (const id of ['price', 'cost', 'delay', 'rate'] as const) expect(byId.combined!.npv!).toBeLessThanOrEqual(byId[id]!.npv!);
  });

  it('runs on the acquisition otherwise, and is absent without a price', () => {
    const p = EXAMPLE_PROPERTIES[0]!; // Pinheiros flat
    const r = analyze({ analysisType: 'complete', questionnaire: p.questionnaire, documents: p.documents, generatedAt: AT });
    expect(r.stress?.model).toBe('acquisition');
    expect(r.stress!.scenarios.map((x) => x.id)).toEqual(['base', 'price', 'cost', 'delay', 'rate', 'combined']);
    // Financed within the SFH cap: the rate shock still moves the NPV (the TMA rises with it).
    const rate = r.stress!.scenarios.find((x) => x.id === 'rate')!;
    expect(rate.npvDelta).not.toBe(0);
    const none = analyze({ analysisType: 'complete', questionnaire: { city: 'Recife', state: 'PE' }, documents: [], generatedAt: AT });
    expect(none.stress).toBeUndefined();
  });
});
