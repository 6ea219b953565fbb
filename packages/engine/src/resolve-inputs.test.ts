import { describe, expect, it } from 'vitest';
import { analysisDate, documentNumber, isDevelopmentProject, resolveAreas, resolveInputs } from './resolve-inputs.ts';
import { analyze } from './analyze.ts';
import { dossierNumber } from './document-facts.ts';
import { dossierOf, fact } from './dossier-fixtures.ts';
import type { EngineDocument, EngineInput } from './types.ts';

const AT = '2026-02-10T12:00:00.000Z';

function doc(id: string, documentType: string | null, fields: [string, string, number | string | null, number][], text = ''): EngineDocument {
  return {
    id,
    fileName: `${id}.pdf`,
    documentType,
    keyFields: fields.map(([key, value, normalized, page]) => ({ key, label: key, value, normalized, page, confidence: 90 })),
    pages: [{ number: 1, text }],
  };
}

const input = (over: Partial<EngineInput>): EngineInput => ({ analysisType: 'complete', questionnaire: {}, documents: [], generatedAt: AT, ...over });

describe('resolveInputs', () => {
  it('reads Brazilian numbers from the questionnaire with their sources', () => {
    const r = resolveInputs(input({ questionnaire: { targetValue: '1.234.567,89', usableArea: '85,5', monthlyRent: 'R$ 5.200', condominiumFee: '0', city: ' São Paulo ', state: 'sp' } }));
    expect(r.price?.value).toBe(1234567.89);
    expect(r.price?.source).toEqual({ kind: 'questionnaire', field: 'targetValue', label: 'Valor pretendido (R$)' });
    expect(r.area?.value).toBe(85.5);
    expect(r.monthlyRent?.value).toBe(5200);
    expect(r.condominiumFee?.value).toBe(0);
    expect(r.city).toBe('São Paulo');
    expect(r.state).toBe('SP');
  });

  it('ignores garbage, zero and negative amounts', () => {
    const r = resolveInputs(input({ questionnaire: { targetValue: 'abc', usableArea: '0', totalArea: '-5', monthlyRent: '' } }));
    expect(r.price).toBeNull();
    expect(r.area).toBeNull();
    expect(r.monthlyRent).toBeNull();
  });

  it('takes the price from a document transaction value, citing the page', () => {
    const d = doc('escritura', 'escritura', [['valor_transacao', 'R$ 750.000,00', 750000, 3]]);
    const r = resolveInputs(input({ documents: [d] }));
    expect(r.price?.value).toBe(750000);
    expect(r.price?.source).toEqual({ kind: 'document', documentId: 'escritura', fileName: 'escritura.pdf', page: 3, label: 'valor_transacao' });
  });

  it('falls back to a deed value, but not to a value in the matrícula', () => {
    const matricula = doc('m', 'matricula', [['valor', 'R$ 400.000,00', 400000, 2]]);
    expect(resolveInputs(input({ documents: [matricula] })).price).toBeNull();
    const deed = doc('e', 'escritura', [['valor', 'R$ 500.000,00', 500000, 1]]);
    expect(resolveInputs(input({ documents: [matricula, deed] })).price?.value).toBe(500000);
  });

  it('computes the price from price per m² × area', () => {
    const r = resolveInputs(input({ questionnaire: { pricePerSqm: '10.000', usableArea: '50' } }));
    expect(r.price?.value).toBe(500000);
    expect(r.price?.source.kind).toBe('computed');
  });

  it('takes areas from documents when the questionnaire has none', () => {
    const d = doc('mat', 'matricula', [
      ['area_privativa_m2', '85,00 m²', 85, 1],
      ['area_total_m2', '126,20 m²', 126.2, 1],
    ]);
    const r = resolveInputs(input({ documents: [d] }));
    expect(r.area?.value).toBe(85);
    expect(r.area?.source).toMatchObject({ kind: 'document', documentId: 'mat', page: 1 });
    const areas = resolveAreas({}, [d]);
    expect(areas.total?.value).toBe(126.2);
  });

  it('prefers the matrícula over other documents for areas, and reads a value string', () => {
    const iptu = doc('i', 'iptu', [['area_privativa_m2', '90 m²', null, 1]]);
    const mat = doc('m', 'matricula', [['area_privativa_m2', '85,00 m²', 85, 2]]);
    expect(documentNumber([iptu, mat], ['area_privativa_m2'], ['matricula', 'iptu'])?.value).toBe(85);
    expect(documentNumber([iptu], ['area_privativa_m2'], ['matricula', 'iptu'])?.value).toBe(90);
  });

  it('uses the land area as the per-m² area of a plot and its built area as planned', () => {
    const r = resolveInputs(input({ questionnaire: { propertyType: 'terreno', totalArea: '1.200', builtArea: '3.000' } }));
    expect(r.area?.value).toBe(1200);
    expect(r.landArea?.value).toBe(1200);
    expect(r.builtArea?.value).toBe(3000);
    expect(r.builtArea?.label).toBe('Área construída planejada');
    expect(r.isDevelopment).toBe(true);
  });

  it('reads the annual IPTU from an IPTU bill', () => {
    const d = doc('iptu', 'iptu', [['valor_imposto', 'R$ 3.456,78', 3456.78, 1]]);
    expect(resolveInputs(input({ documents: [d] })).annualTax?.value).toBe(3456.78);
  });

  it('resolves assumptions for the city as of the analysis date', () => {
    const r = resolveInputs(input({ questionnaire: { city: 'São Paulo', state: 'SP' }, generatedAt: '2025-09-01T00:00:00Z' }));
    expect(r.assumptions.appreciationAnnual.value).toBe(0.0483);
    expect(r.references.find((x) => x.id === 'ipca-2024')).toBeDefined();
  });
});

describe('analysisDate', () => {
  it('is the day in Brasília time, like the report date', () => {
    expect(analysisDate('2025-12-10T02:00:00Z')).toBe('2025-12-09');
    expect(analysisDate('2025-12-10T12:00:00Z')).toBe('2025-12-10');
    expect(analysisDate('2025-12-10')).toBe('2025-12-10');
    expect(analysisDate('bad')).toBeUndefined();
  });
});

describe('isDevelopmentProject', () => {
  it('is true for the development objective, plots and the development purpose', () => {
    expect(isDevelopmentProject({ mainObjective: 'desenvolvimento' })).toBe(true);
    expect(isDevelopmentProject({ propertyType: 'terreno' })).toBe(true);
    expect(isDevelopmentProject({ purpose: ['residencial', 'desenvolvimento'] })).toBe(true);
    expect(isDevelopmentProject({ propertyType: 'apartamento', mainObjective: 'locacao' })).toBe(false);
    expect(isDevelopmentProject({})).toBe(false);
  });
});

describe('questionnaire from the dossier', () => {
  const facts = [
    fact('cidade', 'São Paulo', 'São Paulo', 'iptu', 1),
    fact('uf', 'SP', 'SP', 'iptu', 1),
    fact('endereco', 'Rua Cardeal Arcoverde, 1200, apto 52', null, 'iptu', 1),
    fact('area_privativa_m2', '72,50 m²', 72.5, 'mat', 1),
    fact('area_total_m2', '110,30 m²', 110.3, 'mat', 1),
    fact('valor_transacao', 'R$ 850.000,00', 850000, 'escritura', 3),
    fact('iptu_anual', 'R$ 2.400,00', 2400, 'iptu', 2),
    fact('valor_itbi_pago', 'R$ 25.500,00', 25500, 'comprovante', 1),
    fact('valor_venal_referencia', 'R$ 800.000,00', 800000, 'vvr', 1),
  ];
  const dossier = dossierOf({ facts });

  it('fills what the questionnaire leaves blank, each figure cited to its document and page', () => {
    const r = resolveInputs(input({ dossier }));
    expect(r.city).toBe('São Paulo');
    expect(r.state).toBe('SP');
    expect(r.address).toEqual({ value: 'Rua Cardeal Arcoverde, 1200, apto 52', source: { kind: 'document', documentId: 'iptu', fileName: 'iptu.pdf', page: 1, label: 'Endereço' } });
    expect(r.area).toMatchObject({ value: 72.5, source: { kind: 'document', documentId: 'mat', page: 1 } });
    expect(r.price).toMatchObject({ value: 850000, source: { kind: 'document', documentId: 'escritura', fileName: 'escritura.pdf', page: 3 } });
    expect(r.annualTax).toMatchObject({ value: 2400, source: { kind: 'document', documentId: 'iptu', page: 2 } });
    expect(r.itbi).toMatchObject({ value: 25500, source: { kind: 'document', documentId: 'comprovante', page: 1, label: 'ITBI pago' } });
    expect(r.disagreements).toEqual([]);
  });

  it('keeps the questionnaire where both speak and reports the disagreement with both values and the document', () => {
    const r = resolveInputs(input({ dossier, questionnaire: { city: 'Campinas', usableArea: '90', targetValue: '850.000' } }));
    expect(r.city).toBe('Campinas');
    expect(r.area).toMatchObject({ value: 90, source: { kind: 'questionnaire', field: 'usableArea' } });
    expect(r.disagreements!.map((d) => d.id)).toEqual(['divergencia-city', 'divergencia-usableArea']);
    const area = r.disagreements![1]!;
    expect(area.detail).toContain('90,00 m²');
    expect(area.detail).toContain('72,50 m²');
    expect(area.detail).toContain('mat.pdf, p. 1');
    expect(area.sources).toEqual([
      { kind: 'questionnaire', field: 'usableArea', label: expect.any(String) },
      { kind: 'document', documentId: 'mat', fileName: 'mat.pdf', page: 1, label: 'Área privativa' },
    ]);
  });

  it('reports a different address or CEP, ignoring abbreviations', () => {
    const d = dossierOf({ facts: [...facts, fact('cep', '01415-001', '01415001', 'iptu', 1)] });
    const same = resolveInputs(input({ dossier: d, questionnaire: { address: 'R. Cardeal Arcoverde, 1.200 apto 52', zipCode: '01415-001' } }));
    expect(same.disagreements).toEqual([]);
    const other = resolveInputs(input({ dossier: d, questionnaire: { address: 'Rua Augusta, 500', zipCode: '01305-000' } }));
    expect(other.disagreements!.map((x) => x.id)).toEqual(['divergencia-address', 'divergencia-zipCode']);
    expect(other.disagreements![1]!.detail).toBe('Questionário: 01305-000; iptu.pdf, p. 1: 01415-001. Foi usado o valor do questionário; confira qual está certo.');
  });

  it('makes an analysis from documents alone a real one: the city read, the ITBI paid in the acquisition costs', () => {
    const r = analyze({ analysisType: 'complete', questionnaire: {}, documents: [], generatedAt: AT, dossier });
    expect(r.warnings.some((w) => w.startsWith('Cidade não informada'))).toBe(false);
    expect(r.references.some((ref) => ref.id === 'itbi-sao-paulo')).toBe(true);
    expect(r.financial!.price.value).toBe(850000);
    expect(r.financial!.itbi).toMatchObject({ value: 25500, source: { kind: 'document', documentId: 'comprovante', page: 1 } });
    expect(r.financial!.acquisitionTotal.value).toBeGreaterThan(850000 + 25500);
    expect(r.dossier).toBe(dossier);
    expect(r.market!.notes).toContain('Valor venal de referência da prefeitura: R$ 800.000,00 (vvr.pdf, p. 1); o valor do imóvel (R$ 850.000,00) está 6,3% acima dele.');
  });

  it('reports the disagreement in the result too, as a risk and a warning', () => {
    const r = analyze({ analysisType: 'complete', questionnaire: { city: 'Campinas' }, documents: [], generatedAt: AT, dossier });
    expect(r.risks.find((x) => x.id === 'risk-divergencia-city')?.detail).toContain('São Paulo');
    expect(r.warnings.some((w) => w.includes('Campinas') && w.includes('São Paulo'))).toBe(true);
  });
});

describe('area and money values with a unit, read in linear time', () => {
  // The former /\s*(m²|m2)$/i rescanned a long run of spaces from each of its characters (quadratic).
  const spaces = ' '.repeat(200_000);

  it('from a document key field', () => {
    expect(documentNumber([doc('i', 'iptu', [['area_privativa_m2', '90  m2', null, 1]])], ['area_privativa_m2'], ['iptu'])?.value).toBe(90);
    expect(documentNumber([doc('i', 'iptu', [['area_privativa_m2', `90${spaces}x`, null, 1]])], ['area_privativa_m2'], ['iptu'])).toBeNull();
  });

  it('from a dossier fact', () => {
    expect(dossierNumber(dossierOf({ facts: [fact('area_privativa_m2', '85,5 m²', null)] }), 'area_privativa_m2')?.value).toBe(85.5);
    expect(dossierNumber(dossierOf({ facts: [fact('area_privativa_m2', `85${spaces}x`, null)] }), 'area_privativa_m2')).toBeNull();
  });
});
