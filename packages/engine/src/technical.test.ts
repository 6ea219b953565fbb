import { describe, expect, it } from 'vitest';
import { computeTechnical } from './technical.ts';
import type { EngineDocument } from './types.ts';

describe('computeTechnical', () => {
  it('accepts usable ≤ built ≤ total', () => {
    const t = computeTechnical({ propertyType: 'apartamento', usableArea: '80', builtArea: '100', totalArea: '120', condition: 'bom', features: ['piscina', 'garagem-coberta'] }, []);
    expect(t.areaConsistent).toBe(true);
    expect(t.condition).toBe('Bom estado');
    expect(t.features).toEqual(['Piscina', 'Garagem coberta']);
    expect(t.findings).toEqual([]);
    expect(t.areas.usable?.value).toBe(80);
  });

  it('flags usable area above built area', () => {
    const t = computeTechnical({ propertyType: 'apartamento', usableArea: '120', builtArea: '100' }, []);
    expect(t.areaConsistent).toBe(false);
    expect(t.findings[0]).toMatchObject({ severity: 'media', title: 'Áreas inconsistentes' });
    expect(t.findings[0]!.sources).toHaveLength(2);
  });

  it('allows a house to have more built area than plot, with a note', () => {
    const t = computeTechnical({ propertyType: 'casa', builtArea: '250', totalArea: '200', condition: 'novo' }, []);
    expect(t.areaConsistent).toBe(true);
    expect(t.findings.map((f) => f.severity)).toEqual(['baixa']);
  });

  it('reads areas from documents and is unknown with fewer than two', () => {
    const d: EngineDocument = {
      id: 'd',
      fileName: 'm.pdf',
      documentType: 'matricula',
      keyFields: [{ key: 'area_privativa_m2', label: 'Área privativa', value: '85 m²', normalized: 85, page: 2, confidence: 90 }],
      pages: [{ number: 1, text: '' }],
    };
    const t = computeTechnical({ condition: 'bom' }, [d]);
    expect(t.areas.usable?.source).toMatchObject({ kind: 'document', page: 2 });
    expect(t.areaConsistent).toBeNull();
  });

  it('treats a plot’s built area as planned and asks to confirm the floor-area ratio', () => {
    const t = computeTechnical({ propertyType: 'terreno', totalArea: '1.000', builtArea: '5.000' }, []);
    expect(t.areaConsistent).toBeNull();
    expect(t.findings[0]).toMatchObject({ id: 'technical-coeficiente', severity: 'media' });
  });

  it('turns condition into findings and reports missing areas', () => {
    expect(computeTechnical({ condition: 'reformar', usableArea: '50' }, []).findings[0]!.title).toBe('Imóvel precisa de reforma');
    expect(computeTechnical({ condition: 'regular', usableArea: '50' }, []).findings[0]!.severity).toBe('baixa');
    expect(computeTechnical({}, []).findings.map((f) => f.id)).toEqual(['technical-sem-area']);
  });
});
