import { describe, expect, it } from 'vitest';
import { certidao, check, dossierOf, lien } from './dossier-fixtures.ts';
import { activeLiens, buildChecklist, computeLegal, excerpt, foldSameLength, sameAddress } from './legal.ts';
import { legalScore } from './score.ts';
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

describe('legal part from the dossier', () => {
  const mat = doc('mat', 'matricula', ['MATRÍCULA 46.511']);

  it('does not count a released mortgage: a note naming the cancelling act, no penalty', () => {
    const legal = computeLegal({}, [mat], dossierOf({ liens: [lien('hipoteca', 'R.2', { cancelledBy: 'AV.5' })] }));
    expect(activeLiens(legal.findings)).toEqual([]);
    const note = legal.findings.find((f) => f.id.startsWith('legal-onus-cancelado-'))!;
    expect(note).toMatchObject({ severity: 'baixa', title: 'Ônus cancelado: hipoteca (R.2)' });
    expect(note.detail).toContain('AV.5');
    expect(note.sources).toEqual([
      { kind: 'document', documentId: 'mat', fileName: 'mat.pdf', page: 1, label: 'Ônus: hipoteca (R.2)' },
      { kind: 'document', documentId: 'mat', fileName: 'mat.pdf', page: 2, label: 'Cancelamento: hipoteca' },
    ]);
    const clean = computeLegal({}, [mat], dossierOf());
    expect(legalScore(legal, 'apartamento')).toBe(legalScore(clean, 'apartamento'));
  });

  it('counts an active usufruto as a condition of the sale, cited to its act and page', () => {
    const legal = computeLegal({}, [mat], dossierOf({ liens: [lien('usufruto', 'R.6', { page: 3, beneficiary: 'MARIA LIMA' })] }));
    const [f] = activeLiens(legal.findings);
    expect(f).toMatchObject({ severity: 'media', title: 'Condiciona a venda: usufruto (R.6)' });
    expect(f!.detail).toContain('MARIA LIMA');
    // 'usufruto' is masculine: 'Usufruto ativo', never 'Usufruto ativa'.
    expect(f!.detail).toMatch(/^Usufruto ativo na matrícula/);
    expect(f!.sources[0]).toMatchObject({ kind: 'document', documentId: 'mat', fileName: 'mat.pdf', page: 3 });
    expect(legal.blockingLiens).toBe(0);
    expect(legalScore(legal, 'apartamento')).toBeLessThan(legalScore(computeLegal({}, [mat], dossierOf()), 'apartamento')!);
  });

  it('lets an active penhora block the sale: high severity and the legal part capped', () => {
    const legal = computeLegal({}, [mat], dossierOf({ liens: [lien('penhora', 'R.7', { beneficiary: 'FAZENDA NACIONAL' })] }));
    expect(activeLiens(legal.findings)[0]).toMatchObject({ severity: 'alta', title: 'Impede a venda: penhora (R.7)' });
    expect(legal.blockingLiens).toBe(1);
    expect(legalScore(legal, 'apartamento')).toBeLessThanOrEqual(3);
  });

  it('lowers the legal part for an expired CNDT, naming the seller it is about', () => {
    const valid = computeLegal({}, [mat], dossierOf({ certidoes: [certidao('cndt', 'valida', 'ANA SOUZA')] }));
    const expired = computeLegal({}, [mat], dossierOf({ certidoes: [certidao('cndt', 'vencida', 'ANA SOUZA')] }));
    const f = expired.findings.find((x) => x.id.startsWith('legal-certidao-vencida'))!;
    expect(f.title).toBe('Certidão vencida: CNDT (por vendedor) — ANA SOUZA');
    expect(f.sources[0]).toMatchObject({ kind: 'document', documentId: 'cert', page: 1 });
    expect(valid.findings).toEqual([]);
    expect(legalScore(expired, 'apartamento')!).toBeLessThan(legalScore(valid, 'apartamento')!);
  });

  it('lists the missing certidões in one finding, naming the seller each is about', () => {
    const legal = computeLegal({}, [mat], dossierOf({ certidoes: [certidao('cndt', 'ausente', 'ANA SOUZA'), certidao('cnd_municipal', 'ausente'), certidao('cnd_federal', 'valida', 'ANA SOUZA')] }));
    expect(legal.findings.map((f) => f.id)).toEqual(['legal-certidao-ausente']);
    expect(legal.findings[0]!.detail).toContain('CNDT (por vendedor) — ANA SOUZA; CND de tributos imobiliários');
  });

  it('turns failed and attention checks into findings with their citations', () => {
    const legal = computeLegal({}, [mat], dossierOf({ checks: [check('vendedores_proprietarios', 'falha', 'JOÃO não é proprietário.'), check('areas', 'atencao'), check('inscricao', 'ok')] }));
    expect(legal.findings.map((f) => [f.id, f.severity])).toEqual([
      ['legal-verificacao-vendedores_proprietarios', 'alta'],
      ['legal-verificacao-areas', 'baixa'],
    ]);
    expect(legal.findings[0]!.sources[0]).toMatchObject({ kind: 'document', documentId: 'mat' });
  });

  it('takes no lien from the words of a text: only the dossier makes liens', () => {
    const words = doc('mat', 'matricula', ['R.2 - HIPOTECA em favor do Banco X.\nR.3 - PENHORA determinada pela 3ª Vara.']);
    expect(activeLiens(computeLegal({}, [words], dossierOf()).findings)).toEqual([]);
    expect(activeLiens(computeLegal({}, [words]).findings)).toEqual([]);
  });

  it('says the data is insufficient without documents or without a matrícula, instead of scoring 0/10', () => {
    const none = computeLegal({}, []);
    expect(none.insufficient).toMatch(/Dados insuficientes/);
    expect(legalScore(none, 'apartamento')).toBeNull();
    const noMatricula = computeLegal({}, [doc('iptu', 'iptu_cadastral', ['IPTU'])], dossierOf({ matricula: false }));
    expect(noMatricula.insufficient).toMatch(/matrícula/);
    expect(legalScore(noMatricula, 'apartamento')).toBeNull();
    expect(computeLegal({}, [mat], dossierOf()).insufficient).toBeNull();
  });
});

/** Without a dossier a matrícula adds a note that its liens were not read; these tests look at the rest. */
const mismatches = (legal: { findings: { id: string; title: string }[] }) => legal.findings.filter((f) => f.id !== 'legal-sem-dossie');

describe('mismatches', () => {
  it('flags areas more than 5% apart between questionnaire and document', () => {
    const d = doc('mat', 'matricula', ['x'], [['area_privativa_m2', '90,00 m²', 90, 1]]);
    expect(mismatches(computeLegal({ usableArea: '85' }, [d])).map((f) => f.title)).toEqual(['Área divergente: área útil / privativa']);
    expect(mismatches(computeLegal({ usableArea: '86' }, [d]))).toEqual([]);
  });

  it('flags areas that differ between documents', () => {
    const a = doc('mat', 'matricula', ['x'], [['area_construida_m2', '100 m²', 100, 1]]);
    const b = doc('iptu', 'iptu', ['x'], [['area_construida_m2', '120 m²', 120, 1]]);
    const f = mismatches(computeLegal({}, [a, b])) as ReturnType<typeof computeLegal>['findings'];
    expect(f).toHaveLength(1);
    expect(f[0]!.title).toBe('Área divergente entre documentos: área construída');
    expect(f[0]!.sources).toHaveLength(2);
  });

  it('flags a different address or CEP', () => {
    const d = doc('mat', 'matricula', ['x'], [
      ['endereco', 'Rua das Flores, nº 120', null, 1],
      ['cep', '01234-000', '01234000', 1],
    ]);
    const same = mismatches(computeLegal({ address: 'R. das Flores, 120 apto 3', zipCode: '01234000' }, [d]));
    expect(same).toEqual([]);
    const other = mismatches(computeLegal({ address: 'Avenida Paulista, 1000', zipCode: '01310100' }, [d])).map((f) => f.title);
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
