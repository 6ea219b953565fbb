import { describe, expect, it } from 'vitest';
import { NOTARY_FEE_TABLES, bracketFee, notaryFeesFor } from './notary-fees.ts';

const NOW = '2026-11-25';

describe('notary fee tables', () => {
  it('every table is dated, sourced and its brackets increase', () => {
    for (const t of NOTARY_FEE_TABLES) {
      expect(t.source.length).toBeGreaterThan(10);
      expect(t.law).toMatch(/10\.169\/2000/);
      expect(t.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (let i = 1; i < t.brackets.length; i++) {
        expect(t.brackets[i]!.fee).toBeGreaterThan(t.brackets[i - 1]!.fee);
        const prev = t.brackets[i - 1]!.upTo;
        const cur = t.brackets[i]!.upTo;
        expect(prev).not.toBeNull();
        if (cur !== null) expect(cur).toBeGreaterThan(prev!);
      }
    }
  });

  it('a bracket includes its upper bound', () => {
    const sp = NOTARY_FEE_TABLES.find((t) => t.id === 'registro-sp-2022')!;
    expect(bracketFee(sp, 492_600)).toBe(1_595.88);
    expect(bracketFee(sp, 492_600.01)).toBe(1_837.24);
    expect(bracketFee(sp, 6_000_000)).toBeNull();
  });
});

describe('notaryFeesFor', () => {
  it('SP, R$ 500 mil: registro from the SP table, escritura the rest of the estimate', () => {
    // Registro: bracket o (R$ 492.600,01 – 656.800,00) = 1.148,27 + 326,35 + 241,74 + 60,44 + 60,44 = 1.837,24
    // Estimate 1,5% × 500.000 = 7.500 → escritura 7.500 − 1.837,24 = 5.662,76
    const r = notaryFeesFor({ state: 'SP', value: 500_000, asOf: NOW, estimateRate: 0.015 });
    expect(r.registro).toBeCloseTo(1_837.24, 6);
    expect(r.escritura).toBeCloseTo(5_662.76, 6);
    expect(r.total).toBeCloseTo(7_500, 6);
    expect(r.registroFrom).toBe('tabela');
    expect(r.escrituraFrom).toBe('estimativa');
    expect(r.uncertain).toBe(true);
    expect(r.source).toContain('Lei estadual 11.331/2002');
  });

  it('SP, R$ 1,2 mi: bracket r', () => {
    // Registro: bracket r (R$ 985.200,01 – 1.642.000,00) = 2.827,38; escritura 18.000 − 2.827,38 = 15.172,62
    const r = notaryFeesFor({ state: 'sp', value: 1_200_000, asOf: NOW, estimateRate: 0.015 });
    expect(r.registro).toBeCloseTo(2_827.38, 6);
    expect(r.escritura).toBeCloseTo(15_172.62, 6);
    expect(r.total).toBeCloseTo(18_000, 6);
  });

  it('RJ has no table here: the estimate, flagged, for R$ 500 mil and R$ 1,2 mi', () => {
    // 1,5% × 500.000 = 7.500 (shown half and half); 1,5% × 1.200.000 = 18.000
    const a = notaryFeesFor({ state: 'RJ', value: 500_000, asOf: NOW, estimateRate: 0.015 });
    expect(a.total).toBeCloseTo(7_500, 6);
    expect(a.escritura).toBeCloseTo(3_750, 6);
    expect(a.registroFrom).toBe('estimativa');
    expect(a.uncertain).toBe(true);
    expect(a.note).toBe('Estimativa de 1,5% do valor: sem tabela de emolumentos deste estado na base; confirme no cartório.');
    expect(notaryFeesFor({ state: 'RJ', value: 1_200_000, asOf: NOW, estimateRate: 0.015 }).total).toBeCloseTo(18_000, 6);
    // A person's notaryRate of 1 % changes the estimate: 1% × 1.200.000 = 12.000
    expect(notaryFeesFor({ state: 'RJ', value: 1_200_000, asOf: NOW, estimateRate: 0.01 }).total).toBeCloseTo(12_000, 6);
  });

  it('DF registro from the 2025 table with ISS', () => {
    // R$ 1.200.000 in (1.100.474,33 – 1.414.895,55): 1.650,72 + 115,55 + 88,31 = 1.854,58
    const r = notaryFeesFor({ state: 'DF', value: 1_200_000, asOf: NOW, estimateRate: 0.015 });
    expect(r.registro).toBeCloseTo(1_854.58, 6);
    expect(r.escritura).toBeCloseTo(18_000 - 1_854.58, 6);
  });

  it('an unknown state, and a deed above the last readable bracket, use the estimate', () => {
    const x = notaryFeesFor({ state: 'XX', value: 300_000, asOf: NOW });
    expect(x.total).toBeCloseTo(4_500, 6);
    expect(x.uncertain).toBe(true);
    const big = notaryFeesFor({ state: 'SP', value: 6_000_000, asOf: NOW, estimateRate: 0.015 });
    expect(big.registroFrom).toBe('estimativa');
    expect(big.total).toBeCloseTo(90_000, 6);
  });
});
