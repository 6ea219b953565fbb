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

describe('the 2026 tables of SP and MG', () => {
  const table = (id: string) => NOTARY_FEE_TABLES.find((t) => t.id === id)!;

  it('SP escritura 2026 (Tabelionato de Notas, item 1, total com ISS 5 %)', () => {
    const t = table('escritura-sp-2026');
    expect(t.brackets).toHaveLength(32);
    expect(t.includesIss).toBe(true);
    // Middle: R$ 500.000 in (R$ 384.200,01 – 768.400,00) → R$ 5.519,90 (tabelião 3.231,80 of it).
    expect(bracketFee(t, 500_000)).toBe(5_519.9);
    // Upper bound of bracket l (R$ 268.940,01 – 307.360,00) → R$ 4.247,39; one cent more is bracket m
    // (R$ 307.360,01 – 330.146,00) → R$ 4.672,93.
    expect(bracketFee(t, 307_360)).toBe(4_247.39);
    expect(bracketFee(t, 307_360.01)).toBe(4_672.93);
    // Last bracket, above R$ 35.175.992,00 → R$ 66.756,25.
    expect(bracketFee(t, 50_000_000)).toBe(66_756.25);
  });

  it('SP registro 2026 (Tabela II, item 1, total com ISS 5 %)', () => {
    const t = table('registro-sp-2026');
    expect(t.brackets).toHaveLength(26);
    // Middle: R$ 500.000 in (R$ 384.200,01 – 768.400,00) → R$ 3.383,82 (without ISS: 3.383,82 − 5 % ×
    // oficial 1.992,82 = 3.284,18, the figure of the copies without ISS).
    expect(bracketFee(t, 500_000)).toBe(3_383.82);
    // Upper bound: R$ 1.536.800,00 is still (R$ 1.152.600,01 – 1.536.800,00) → R$ 4.562,13;
    // R$ 1.536.800,01 is (– 1.921.000,00) → R$ 5.161,52.
    expect(bracketFee(t, 1_536_800)).toBe(4_562.13);
    expect(bracketFee(t, 1_536_800.01)).toBe(5_161.52);
    // Above R$ 19.210.000 no bracket was read.
    expect(bracketFee(t, 19_210_000)).toBe(31_501.02);
    expect(bracketFee(t, 19_210_000.01)).toBeNull();
  });

  it('MG escritura 2026 (Tabela 1, 4.b: emolumentos + TFJ)', () => {
    const t = table('escritura-mg-2026');
    expect(t.brackets).toHaveLength(23);
    expect(t.includesIss).toBe(false);
    // Middle: R$ 300.000 in (R$ 280.000,01 – 350.000,00) → 3.155,22 + 1.748,31 = R$ 4.903,53.
    expect(bracketFee(t, 300_000)).toBe(4_903.53);
    // Upper bound: R$ 105.000,00 in (R$ 70.000,01 – 105.000,00) → 2.113,64 + 814,42 = R$ 2.928,06;
    // R$ 105.000,01 → 2.540,87 + 1.180,65 = R$ 3.721,52.
    expect(bracketFee(t, 105_000)).toBe(2_928.06);
    expect(bracketFee(t, 105_000.01)).toBe(3_721.52);
    // Last read bracket (R$ 1.680.000,01 – 3.200.000,00) → 4.844,02 + 3.738,95 = R$ 8.582,97; above: none.
    expect(bracketFee(t, 3_200_000)).toBe(8_582.97);
    expect(bracketFee(t, 3_200_000.01)).toBeNull();
  });

  it('MG registro 2026 (Tabela 4, 5.e: emolumentos + TFJ)', () => {
    const t = table('registro-mg-2026');
    expect(t.brackets).toHaveLength(24);
    // Middle: R$ 1.200.000 in (R$ 1.120.000,01 – 1.400.000,00) → 4.197,56 + 3.240,08 = R$ 7.437,64.
    expect(bracketFee(t, 1_200_000)).toBe(7_437.64);
    // Upper bound of the last row (R$ 3.200.000,01 – 3.700.000,00) → 8.133,92 + 4.673,83 = R$ 12.807,75.
    expect(bracketFee(t, 3_700_000)).toBe(12_807.75);
    expect(bracketFee(t, 3_700_000.01)).toBeNull();
  });
});

describe('notaryFeesFor', () => {
  it('SP, R$ 500 mil: escritura and registro from the 2026 tables, no estimate', () => {
    // Escritura (R$ 384.200,01 – 768.400,00) = 5.519,90; registro, same range, = 3.383,82.
    // Total 5.519,90 + 3.383,82 = 8.903,72 (both with 5 % ISS); uncertain: secondary copies.
    const r = notaryFeesFor({ state: 'SP', value: 500_000, asOf: NOW, estimateRate: 0.015 });
    expect(r.escritura).toBeCloseTo(5_519.9, 6);
    expect(r.registro).toBeCloseTo(3_383.82, 6);
    expect(r.total).toBeCloseTo(8_903.72, 6);
    expect(r.escrituraFrom).toBe('tabela');
    expect(r.registroFrom).toBe('tabela');
    expect(r.escrituraTable?.id).toBe('escritura-sp-2026');
    expect(r.registroTable?.id).toBe('registro-sp-2026');
    expect(r.uncertain).toBe(true);
    expect(r.source).toContain('Lei estadual 11.331/2002');
    expect(r.note).not.toContain('Estimativa');
  });

  it('SP, R$ 1,2 mi: the brackets up to R$ 1.536.800', () => {
    // Escritura (R$ 1.152.600,01 – 1.536.800,00) = 6.796,60; registro, same range, = 4.562,13.
    const r = notaryFeesFor({ state: 'sp', value: 1_200_000, asOf: NOW, estimateRate: 0.015 });
    expect(r.escritura).toBeCloseTo(6_796.6, 6);
    expect(r.registro).toBeCloseTo(4_562.13, 6);
    expect(r.total).toBeCloseTo(11_358.73, 6);
  });

  it('SP, an analysis dated 2025: the 2022 registro table, the only escritura table (2026)', () => {
    // Registro 2022 bracket o (R$ 492.600,01 – 656.800,00) = 1.148,27 + 326,35 + 241,74 + 60,44 + 60,44 = 1.837,24;
    // escritura: no table on or before 2025 → the oldest, the 2026 one: 5.519,90.
    const r = notaryFeesFor({ state: 'SP', value: 500_000, asOf: '2025-06-01', estimateRate: 0.015 });
    expect(r.registroTable?.id).toBe('registro-sp-2022');
    expect(r.registro).toBeCloseTo(1_837.24, 6);
    expect(r.escritura).toBeCloseTo(5_519.9, 6);
  });

  it('MG, R$ 500 mil: both acts from the 2026 tables', () => {
    // (R$ 420.000,01 – 560.000,00): 3.325,70 + 2.197,44 = 5.523,14 for each act → 11.046,28.
    const r = notaryFeesFor({ state: 'MG', value: 500_000, asOf: NOW, estimateRate: 0.015 });
    expect(r.escritura).toBeCloseTo(5_523.14, 6);
    expect(r.registro).toBeCloseTo(5_523.14, 6);
    expect(r.total).toBeCloseTo(11_046.28, 6);
    expect(r.source).toContain('Lei estadual 15.424/2004');
  });

  it('MG, R$ 3,5 mi: the registro row up to R$ 3,7 mi, escritura the rest of the estimate', () => {
    // Registro (R$ 3.200.000,01 – 3.700.000,00) = 12.807,75; escritura has no bracket above R$ 3,2 mi:
    // 1,5 % × 3.500.000 = 52.500 − 12.807,75 = 39.692,25.
    const r = notaryFeesFor({ state: 'MG', value: 3_500_000, asOf: NOW, estimateRate: 0.015 });
    expect(r.registro).toBeCloseTo(12_807.75, 6);
    expect(r.escrituraFrom).toBe('estimativa');
    expect(r.escritura).toBeCloseTo(39_692.25, 6);
    expect(r.total).toBeCloseTo(52_500, 6);
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

  it('an unknown state, and a deed above the last readable brackets, use the estimate', () => {
    const x = notaryFeesFor({ state: 'XX', value: 300_000, asOf: NOW });
    expect(x.total).toBeCloseTo(4_500, 6);
    expect(x.uncertain).toBe(true);
    // MG R$ 4 mi: above both MG tables → 1,5 % × 4.000.000 = 60.000, both acts estimated.
    const big = notaryFeesFor({ state: 'MG', value: 4_000_000, asOf: NOW, estimateRate: 0.015 });
    expect(big.registroFrom).toBe('estimativa');
    expect(big.escrituraFrom).toBe('estimativa');
    expect(big.total).toBeCloseTo(60_000, 6);
    // SP R$ 20 mi: escritura (R$ 19.542.217,01 – 23.450.661,00) = 41.722,67; registro above its last
    // bracket → 1,5 % × 20.000.000 = 300.000 − 41.722,67 = 258.277,33.
    const sp = notaryFeesFor({ state: 'SP', value: 20_000_000, asOf: NOW, estimateRate: 0.015 });
    expect(sp.escritura).toBeCloseTo(41_722.67, 6);
    expect(sp.registroFrom).toBe('estimativa');
    expect(sp.registro).toBeCloseTo(258_277.33, 6);
  });
});
