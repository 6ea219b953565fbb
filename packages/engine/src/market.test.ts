import { describe, expect, it } from 'vitest';
import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import { MARKET_NOTES, computeMarket } from './market.ts';
import { resolveInputs } from './resolve-inputs.ts';

const AT = '2026-02-10T12:00:00.000Z';
const market = (q: Questionnaire, overrides = {}) => computeMarket(resolveInputs({ analysisType: 'market', questionnaire: q, documents: [], generatedAt: AT, overrides }), q, '2026-02-10');

describe('computeMarket', () => {
  it('compares the asked price per m² with the city reference', () => {
    const m = market({ city: 'São Paulo', state: 'SP', targetValue: '1.131.700', usableArea: '100', condition: 'bom' });
    expect(m.askedPricePerSqm.value).toBe(11317);
    expect(m.referencePricePerSqm.value).toBe(11317);
    expect(m.referencePricePerSqm.source).toMatchObject({ kind: 'reference', referenceId: 'fipezap-venda-sao-paulo-2024-11', asOf: '2024-11' });
    expect(m.deviation.value).toBe(0);
    expect(m.position).toBe('alinhado');
  });

  it('classifies ±10% as aligned and beyond as above or below', () => {
    const at = (price: string) => market({ city: 'São Paulo', targetValue: price, usableArea: '100' }).position;
    expect(at('1.244.870')).toBe('alinhado'); // +10,0%
    expect(at('1.260.000')).toBe('acima');
    expect(at('1.018.530')).toBe('alinhado'); // −10,0%
    expect(at('1.000.000')).toBe('abaixo');
  });

  it('uses the national average where the city has no index', () => {
    const m = market({ city: 'Campinas', targetValue: '930.600', usableArea: '100' });
    expect(m.referencePricePerSqm.value).toBe(9306);
    expect(m.notes.some((n) => n.includes('média nacional'))).toBe(true);
  });

  it('adjusts the valuation by condition and spreads it ±15%', () => {
    const v = (condition: Questionnaire['condition']) => market({ city: 'São Paulo', usableArea: '100', condition }).valuation!;
    expect(v('bom').mid.value).toBe(1131700);
    expect(v('novo').mid.value).toBe(1244870);
    expect(v('regular').mid.value).toBe(1018530);
    expect(v('reformar').mid.value).toBe(905360);
    expect(v('bom').low.value).toBe(961945);
    expect(v('bom').high.value).toBe(1301455);
  });

  it('always carries the two mandatory notes and the reference date', () => {
    for (const q of [{}, { city: 'São Paulo', usableArea: '80', targetValue: '900.000' }, { propertyType: 'apartamento' as const, totalArea: '500' }]) {
      const m = market(q);
      expect(m.notes).toContain(MARKET_NOTES.askingPrices);
      expect(m.notes).toContain(MARKET_NOTES.notAppraisal);
      expect(m.notes.some((n) => n.includes('11/2024'))).toBe(true);
    }
    expect(MARKET_NOTES.askingPrices).toBe('FipeZAP mede preços anunciados (pedidos), não valores de transação.');
    expect(MARKET_NOTES.notAppraisal).toBe('Esta faixa não é uma avaliação conforme a NBR 14653; para laudo, contrate um avaliador habilitado.');
  });

  it('does not compare a plot with apartment prices', () => {
    const m = market({ city: 'Florianópolis', propertyType: 'terreno', totalArea: '1.200', targetValue: '2.400.000' });
    expect(m.position).toBe('indeterminado');
    expect(m.deviation.value).toBeNull();
    expect(m.valuation).toBeNull();
    expect(m.askedPricePerSqm.value).toBe(2000);
  });

  it('is indeterminate without price or area, and follows an overridden reference', () => {
    expect(market({ city: 'São Paulo' }).position).toBe('indeterminado');
    const m = market({ city: 'São Paulo', targetValue: '1.000.000', usableArea: '100' }, { salePricePerSqm: 8000 });
    expect(m.referencePricePerSqm.source).toMatchObject({ kind: 'assumption', overridden: true });
    expect(m.position).toBe('acima');
  });
});
