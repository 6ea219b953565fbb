import { describe, expect, it } from 'vitest';
import { BASE_ENVIRONMENTAL_NEEDS, computeEnvironmental } from './environmental.ts';
import type { EngineDocument } from './types.ts';

const doc = (pages: string[], id = 'd'): EngineDocument => ({
  id,
  fileName: `${id}.pdf`,
  documentType: 'matricula',
  keyFields: [],
  pages: pages.map((text, i) => ({ number: i + 1, text })),
});

describe('computeEnvironmental', () => {
  it('is not conclusive without documents and says what is missing', () => {
    const e = computeEnvironmental({}, []);
    expect(e.conclusive).toBe(false);
    expect(e.findings).toEqual([]);
    for (const need of BASE_ENVIRONMENTAL_NEEDS) expect(e.missing).toContain(need);
  });

  it('finds an APP with document, page and excerpt', () => {
    const e = computeEnvironmental({}, [doc(['Imóvel urbano.', 'Parte do imóvel está em faixa de APP do córrego.'])]);
    const app = e.findings.find((f) => f.id.startsWith('env-app'))!;
    expect(app.severity).toBe('alta');
    expect(app.detail).toContain('d.pdf, p. 2');
    expect(app.detail).toContain('faixa de APP');
    expect(app.sources).toEqual([{ kind: 'document', documentId: 'd', fileName: 'd.pdf', page: 2, label: 'Área de preservação permanente (APP)' }]);
    expect(e.missing).toContain('Levantamento planialtimétrico com a delimitação da APP');
    // The stream in the same sentence is part of the APP finding.
    expect(e.findings.some((f) => f.id.startsWith('env-curso-dagua'))).toBe(false);
  });

  it('does not take the word "app" in lower case for an APP', () => {
    expect(computeEnvironmental({}, [doc(['Baixe o app do condomínio.'])]).findings).toEqual([]);
  });

  it('matches each topic accent-insensitively', () => {
    const text = [
      'Área de Preservação Permanente ao fundo.',
      'Região de MANANCIAIS.',
      'Área contaminada cadastrada.',
      'Exige licença ambiental de operação.',
      'Histórico de alagamentos.',
      'Imóvel em área de tombamento do patrimônio histórico.',
      'Averbada a reserva legal.',
      'Existe uma nascente no lote.',
      'Margeia o curso d’água principal.',
      'Vegetação de Mata Atlântica.',
    ];
    const ids = computeEnvironmental({}, [doc(text)]).findings.map((f) => f.id.replace(/-\d+$/, ''));
    expect(new Set(ids)).toEqual(
      new Set(['env-app', 'env-manancial', 'env-contaminacao', 'env-licenca', 'env-alagamento', 'env-tombamento', 'env-reserva-legal', 'env-nascente', 'env-curso-dagua', 'env-mata-atlantica']),
    );
  });

  it('keeps negative mentions as low-severity notes', () => {
    const e = computeEnvironmental({}, [doc(['O imóvel não está inserido em área de manancial.'])]);
    expect(e.findings[0]).toMatchObject({ severity: 'baixa', title: 'Área de proteção de mananciais: menção negativa' });
  });

  it('cites every page a topic appears on', () => {
    const e = computeEnvironmental({}, [doc(['Risco de inundação.', 'nada', 'Área inundável.'])]);
    expect(e.findings[0]!.sources.map((s) => (s.kind === 'document' ? s.page : 0))).toEqual([1, 3]);
  });

  it('asks for the environmental licence of a development and drops needs the documents cover', () => {
    const e = computeEnvironmental({ propertyType: 'terreno' }, [
      doc(['Certidão de uso do solo: zona residencial.', 'Parecer ambiental favorável da CETESB.']),
    ]);
    expect(e.missing).toEqual(['Licença ambiental prévia do empreendimento (ou dispensa)']);
    expect(e.conclusive).toBe(false);
    const done = computeEnvironmental({}, [doc(['Certidão de uso do solo: zona residencial.', 'Parecer ambiental favorável.'])]);
    expect(done.missing).toEqual([]);
    expect(done.conclusive).toBe(true);
  });
});
