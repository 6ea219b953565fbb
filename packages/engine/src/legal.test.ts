import { describe, expect, it } from 'vitest';
import { activeLiens, buildChecklist, computeLegal, docText, excerpt, findLiens, foldSameLength, sameAddress } from './legal.ts';
import type { EngineDocument } from './types.ts';

function doc(id: string, documentType: string | null, pages: string[], fields: [string, string, number | string | null, number][] = []): EngineDocument {
  return {
    id,
    fileName: `${id}.pdf`,
    documentType,
    keyFields: fields.map(([key, value, normalized, page]) => ({ key, label: key, value, normalized, page, confidence: 90 })),
    pages: pages.map((text, i) => ({ number: i + 1, text })),
  };
}

const liens = (text: string | string[]) => findLiens(docText(doc('m', 'matricula', Array.isArray(text) ? text : [text])));

describe('checklist', () => {
  it('lists the 7 document options as present, declared or absent', () => {
    const docs = [doc('mat', 'matricula', ['MATRÍCULA 1']), doc('cnd', 'certidao', ['CERTIDÃO NEGATIVA']), doc('hs', 'outro', ['HABITE-SE nº 123 - Prefeitura'])];
    const list = buildChecklist({ availableDocuments: ['escritura', 'matricula'] }, docs);
    expect(list.map((c) => c.id)).toEqual(['escritura', 'matricula', 'iptu', 'habite-se', 'aprovacao-plantas', 'certidao-negativa', 'laudo-vistoria']);
    const status = Object.fromEntries(list.map((c) => [c.id, c.status]));
    expect(status).toEqual({
      escritura: 'declarado',
      matricula: 'presente',
      iptu: 'ausente',
      'habite-se': 'presente',
      'aprovacao-plantas': 'ausente',
      'certidao-negativa': 'presente',
      'laudo-vistoria': 'ausente',
    });
    expect(list[1]!.sources).toEqual([{ kind: 'document', documentId: 'mat', fileName: 'mat.pdf', page: 1, label: 'Matrícula atualizada' }]);
    expect(list[0]!.sources).toEqual([{ kind: 'questionnaire', field: 'availableDocuments', label: 'Documentos disponíveis' }]);
    expect(list[2]!.sources).toEqual([]);
  });

  it('does not take a matrícula that mentions a habite-se for the habite-se itself', () => {
    const list = buildChecklist({}, [doc('mat', 'matricula', ['AV.4 - Averbação da construção conforme habite-se nº 55'])]);
    expect(list.find((c) => c.id === 'habite-se')!.status).toBe('ausente');
  });
});

describe('liens', () => {
  it('finds an active mortgage with its entry and page', () => {
    const found = liens(['MATRÍCULA 1\nR.1 - COMPRA E VENDA pelo valor de R$ 100.000,00.', 'R.2 - HIPOTECA em favor do Banco X.']);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ type: 'hipoteca', entry: 'R.2', page: 2, cancelled: false, severity: 'alta' });
  });

  it('cancels the entry an averbação cites', () => {
    const found = liens('R.2 - HIPOTECA ao Banco X.\nR.3 - PENHORA em favor da Fazenda.\nAV.4 - CANCELAMENTO. Fica cancelada a hipoteca objeto do R.2.');
    expect(found.find((l) => l.type === 'hipoteca')).toMatchObject({ cancelled: true, cancelledBy: { entry: 'AV.4' } });
    expect(found.find((l) => l.type === 'penhora')).toMatchObject({ cancelled: false });
  });

  it('cancels the latest lien of the type named when no entry is cited', () => {
    const found = liens('R.2 - ALIENAÇÃO FIDUCIÁRIA ao Banco Y.\nAV.3 - Baixa da alienação fiduciária por quitação.');
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ type: 'alienação fiduciária', cancelled: true });
  });

  it('treats a mention followed by its cancellation in the same sentence as cancelled', () => {
    const found = findLiens(docText(doc('c', 'certidao', ['Consta penhora, posteriormente cancelada por ordem judicial.'])));
    expect(found[0]).toMatchObject({ type: 'penhora', cancelled: true });
  });

  it('ignores negative statements', () => {
    expect(liens('O imóvel é vendido livre e desembaraçado de quaisquer ônus, hipotecas e penhoras.')).toEqual([]);
    expect(liens('Não consta indisponibilidade em nome do proprietário.')).toEqual([]);
  });

  it('matches every lien type accent- and case-insensitively', () => {
    const text = [
      'R.1 - USUFRUTO vitalício reservado.',
      'R.2 - Servidão de passagem.',
      'AV.3 - Cláusula de INALIENABILIDADE e impenhorabilidade.',
      'AV.4 - Arrolamento de bens pela Receita Federal.',
      'AV.5 - Indisponibilidade de bens (CNIB).',
    ].join('\n');
    expect(liens(text).map((l) => l.type)).toEqual([
      'usufruto',
      'servidão',
      'cláusula de inalienabilidade',
      'cláusula de impenhorabilidade',
      'arrolamento',
      'indisponibilidade',
    ]);
  });

  it('reports cancelled liens as low-severity notes, not active liens', () => {
    const d = doc('mat', 'matricula', ['AV.2 - HIPOTECA ao Banco.', 'AV.3 - CANCELAMENTO DE HIPOTECA objeto da AV.2.']);
    const legal = computeLegal({}, [d]);
    expect(activeLiens(legal.findings)).toEqual([]);
    const note = legal.findings.find((f) => f.title.startsWith('Ônus cancelado'))!;
    expect(note.severity).toBe('baixa');
    expect(note.sources.map((s) => (s.kind === 'document' ? s.page : 0))).toEqual([1, 2]);
  });

  it('adds liens from extraction key fields the text scan missed', () => {
    const d = doc('mat', 'matricula', ['texto ilegível'], [['onus', 'penhora', null, 3], ['onus', 'hipoteca (cancelada)', null, 2]]);
    const legal = computeLegal({}, [d]);
    expect(activeLiens(legal.findings).map((f) => f.title)).toEqual(['Ônus ou restrição: penhora']);
    expect(activeLiens(legal.findings)[0]!.sources[0]).toMatchObject({ page: 3 });
    expect(legal.findings.some((f) => f.title === 'Ônus cancelado: hipoteca')).toBe(true);
  });
});

describe('mismatches', () => {
  it('flags areas more than 5% apart between questionnaire and document', () => {
    const d = doc('mat', 'matricula', ['x'], [['area_privativa_m2', '90,00 m²', 90, 1]]);
    expect(computeLegal({ usableArea: '85' }, [d]).findings.map((f) => f.title)).toEqual(['Área divergente: área útil / privativa']);
    expect(computeLegal({ usableArea: '86' }, [d]).findings).toEqual([]);
  });

  it('flags areas that differ between documents', () => {
    const a = doc('mat', 'matricula', ['x'], [['area_construida_m2', '100 m²', 100, 1]]);
    const b = doc('iptu', 'iptu', ['x'], [['area_construida_m2', '120 m²', 120, 1]]);
    const f = computeLegal({}, [a, b]).findings;
    expect(f).toHaveLength(1);
    expect(f[0]!.title).toBe('Área divergente entre documentos: área construída');
    expect(f[0]!.sources).toHaveLength(2);
  });

  it('flags a different address or CEP', () => {
    const d = doc('mat', 'matricula', ['x'], [
      ['endereco', 'Rua das Flores, nº 120', null, 1],
      ['cep', '01234-000', '01234000', 1],
    ]);
    const same = computeLegal({ address: 'R. das Flores, 120 apto 3', zipCode: '01234000' }, [d]).findings;
    expect(same).toEqual([]);
    const other = computeLegal({ address: 'Avenida Paulista, 1000', zipCode: '01310100' }, [d]).findings.map((f) => f.title);
    expect(other).toEqual(['Endereço divergente', 'CEP divergente']);
  });

  it('compares addresses ignoring accents, abbreviations and the CEP', () => {
    expect(sameAddress('Rua São João, 45', 'R. SAO JOAO nº 45 - CEP 01000-000')).toBe(true);
    expect(sameAddress('Rua São João, 45', 'Rua São João, 47')).toBe(false);
    expect(sameAddress('Av. Brasil, 1.500', 'Avenida Brasil, nº 1500')).toBe(true);
    expect(sameAddress('Rua Augusta, 10', 'Rua Oscar Freire, 10')).toBe(false);
  });
});

describe('legal status', () => {
  it('labels the declared status and turns restrictions into findings', () => {
    expect(computeLegal({ legalStatus: 'regular' }, []).legalStatus).toBe('Regular');
    expect(computeLegal({}, []).legalStatus).toBeNull();
    expect(computeLegal({ legalStatus: 'restricoes' }, []).findings[0]).toMatchObject({ severity: 'alta', sources: [{ kind: 'questionnaire', field: 'legalStatus' }] });
    expect(computeLegal({ legalStatus: 'pendencias' }, []).findings[0]!.severity).toBe('media');
  });
});

describe('text helpers', () => {
  it('folds without changing length', () => {
    const s = 'ÁREA DE PRESERVAÇÃO Permanente — São';
    expect(foldSameLength(s)).toHaveLength(s.length);
    expect(foldSameLength(s)).toBe('area de preservacao permanente — sao');
  });

  it('cuts excerpts at word boundaries', () => {
    const text = 'palavra '.repeat(30) + 'ALVO ' + 'fim '.repeat(30);
    const at = text.indexOf('ALVO');
    const e = excerpt(text, at, at + 4, 20);
    expect(e.startsWith('…palavra')).toBe(true);
    expect(e).toContain('ALVO');
    expect(e.endsWith('fim…')).toBe(true);
  });
});
