import { describe, expect, it } from 'vitest';
import { paybackText, stressRows } from './after-tax-panel';

describe('after-tax panel helpers', () => {
  it('payback says when the cumulative flow dips again', () => {
    expect(paybackText({ firstPositiveMonth: 37, negativeAgainMonth: null })).toBe('Mês 37');
    expect(paybackText({ firstPositiveMonth: 37, negativeAgainMonth: 120 })).toBe('Mês 37; negativo de novo no mês 120');
    expect(paybackText({ firstPositiveMonth: null, negativeAgainMonth: null })).toBe('Não se paga no horizonte');
  });

  it('stress rows show NPV, change vs base and IRR, dashes where undefined', () => {
    const rows = stressRows({
      model: 'acquisition',
      notes: [],
      scenarios: [
        { id: 'base', label: 'Cenário base', npv: -100000, irr: 0.05, margin: null, npvDelta: 0 },
        { id: 'price', label: 'Preço de saída −10 %', npv: -120000, irr: null, margin: null, npvDelta: -20000 },
      ],
    });
    expect(rows[0]!.delta).toBe('—');
    expect(rows[1]!.irr).toBe('—');
    expect(rows[1]!.delta).toMatch(/-?R\$\s?-?20\.000,00|−R\$/);
    expect(rows[1]!.npv).toContain('120.000');
  });
});
