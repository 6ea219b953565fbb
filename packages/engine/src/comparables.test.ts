import { describe, expect, it } from 'vitest';
import { questionnaireSchema, filledFieldCount, questionnaireContent } from '@viabiliza/contracts/questionnaire';
import { comparableStats, comparableUsed, computeComparables, monthsBetween, quantile } from './comparables.ts';

const c = (address: string, area: string, price: string, date: string, kind?: 'venda' | 'aluguel', source?: string) => ({
  address,
  area,
  price,
  date,
  ...(kind ? { kind } : {}),
  ...(source ? { source } : {}),
});

describe('comparables: R$/m² statistics', () => {
  it('quartiles interpolate linearly between order statistics (QUARTIL.INC)', () => {
    const v = [2600, 2800, 3000, 3200];
    // positions (n − 1)·p = 0,75 / 1,5 / 2,25 → 2600 + 0,75 × 200; 2800 + 0,5 × 200; 3000 + 0,25 × 200
    expect(quantile(v, 0.25)).toBe(2750);
    expect(quantile(v, 0.5)).toBe(2900);
    expect(quantile(v, 0.75)).toBe(3050);
    expect(quantile([5], 0.25)).toBe(5);
    expect(quantile([1, 2, 3, 4, 5], 0.5)).toBe(3);
  });

  it('n, median, mean, min, max and IQR of sale comparables typed the Brazilian way', () => {
    const s = computeComparables(
      [
        c('Rua A, 1', '1.000', '3.000.000', '2026-10-01', 'venda', 'Anúncio ZAP'),
        c('Rua B, 2', '500', '1.250.000', '2026-09'),
        c('Rua C, 3', '2.000', '8.000.000', '2026-08-15'),
        c('Rua D, 4', '100', '8.000', '2026-10-01', 'aluguel'),
      ],
      '2026-11-20',
    )!;
    // 3.000 / 2.500 / 4.000 R$/m² → sorted 2.500, 3.000, 4.000: median 3.000, mean 3.166,67
    expect(s.sale).toMatchObject({ kind: 'venda', n: 3, median: 3000, min: 2500, max: 4000 });
    expect(s.sale!.mean).toBeCloseTo(3166.667, 2);
    // q1 at position 0,5: 2.500 + 0,5 × 500 = 2.750; q3 at 1,5: 3.000 + 0,5 × 1.000 = 3.500; IQR 750
    expect(s.sale).toMatchObject({ q1: 2750, q3: 3500, iqr: 750 });
    expect(s.sale!.items[0]).toMatchObject({ address: 'Rua A, 1', source: 'Anúncio ZAP', pricePerSqm: 3000, ageMonths: 1, flag: null });
    expect(s.sale!.items[1]!.source).toBeNull();
    // the rent comparable is its own statistic: R$ 8.000 ÷ 100 m² = R$ 80/m² per month
    expect(s.rent).toMatchObject({ kind: 'aluguel', n: 1, median: 80 });
  });

  it('flags old comparables instead of correcting them (no price index for the type), and bad dates', () => {
    expect(monthsBetween('2025-09-10', '2026-11-20')).toBe(14);
    expect(monthsBetween('2026-11-25', '2026-12-20')).toBe(0);
    const old = comparableUsed(c('Rua E', '100', '300.000', '2025-09-10'), '2026-11-20')!;
    expect(old.pricePerSqm).toBe(3000); // kept at the typed value
    expect(old.flag).toMatch(/^Comparável de 09\/2025 \(14 meses antes da análise\) não corrigido/);
    expect(comparableUsed(c('Rua F', '100', '300.000', '2026-05-20'), '2026-11-20')!.flag).toBeNull(); // 5 months
    expect(comparableUsed(c('Rua G', '100', '300.000', '2027-01'), '2026-11-20')!.flag).toBe('Data posterior à data da análise.');
    expect(comparableUsed(c('Rua H', '0', '300.000', '2026-01'), '2026-11-20')).toBeNull();
    expect(comparableStats('venda', [])).toBeNull();
    expect(computeComparables([], '2026-11-20')).toBeNull();
  });

  it('the questionnaire accepts up to 20 comparables, validates them, and does not count them as fields', () => {
    const one = c('Rua A, 1', '1.000', '3.000.000', '2026-10-01', 'venda');
    expect(questionnaireSchema.safeParse({ comparables: Array(20).fill(one) }).success).toBe(true);
    expect(questionnaireSchema.safeParse({ comparables: Array(21).fill(one) }).success).toBe(false);
    expect(questionnaireSchema.safeParse({ comparables: [{ ...one, date: '01/10/2026' }] }).success).toBe(false);
    expect(questionnaireSchema.safeParse({ comparables: [{ ...one, area: '' }] }).success).toBe(false);
    expect(questionnaireSchema.safeParse({ comparables: [{ ...one, kind: 'permuta' }] }).success).toBe(false);
    const q = { city: 'Jundiaí', comparables: [one, one] };
    expect(filledFieldCount(q)).toBe(1);
    expect(questionnaireContent(q)).toBe('Cidade: Jundiaí');
  });
});
