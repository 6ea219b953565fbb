import { describe, expect, it } from 'vitest';
import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import { analyze } from './analyze.ts';
import { dossierOf, lien } from './dossier-fixtures.ts';
import type { EngineDocument } from './types.ts';

const AT = '2026-02-10T12:00:00.000Z';
const run = (questionnaire: Questionnaire, documents: EngineDocument[] = [], analysisType: 'complete' | 'legal' | 'market' = 'complete') =>
  analyze({ analysisType, questionnaire, documents, generatedAt: AT });

const matricula = (text: string): EngineDocument => ({
  id: 'mat',
  fileName: 'matricula.pdf',
  documentType: 'matricula',
  keyFields: [],
  pages: [{ number: 1, text }],
});

describe('insights', () => {
  it('flags an IRR below the hurdle (the bond after tax + premium) as a risk citing both figures', () => {
    const r = run({ city: 'São Paulo', state: 'SP', propertyType: 'apartamento', usableArea: '80', targetValue: '900.000', monthlyRent: '3.000' });
    const risk = r.risks.find((x) => x.id === 'risk-tir-abaixo-desconto')!;
    expect(risk.title).toBe('TIR abaixo da TMA (Tesouro após impostos + prêmio)');
    expect(risk.sources.some((s) => s.kind === 'reference' && s.referenceId.startsWith('tesouro-ipca'))).toBe(true);
  });

  it('sees a price well below the reference as an opportunity', () => {
    const r = run({ city: 'São Paulo', usableArea: '100', targetValue: '700.000' }, [], 'market');
    expect(r.opportunities.map((o) => o.id)).toContain('opp-preco-abaixo');
    const above = run({ city: 'São Paulo', usableArea: '100', targetValue: '1.600.000' }, [], 'market');
    expect(above.risks.find((x) => x.id === 'risk-preco-acima')?.severity).toBe('alta');
  });

  it('recommends the updated matrícula when it is missing', () => {
    const r = run({ city: 'São Paulo' }, [], 'legal');
    const rec = r.recommendations.find((x) => x.id === 'rec-doc-matricula')!;
    expect(rec.title).toBe('Solicite a matrícula atualizada no cartório de registro de imóveis');
    expect(rec.severity).toBe('alta');
  });

  it('turns an active lien of the dossier into a high risk and a recommendation', () => {
    const dossier = dossierOf({ liens: [lien('penhora', 'R.2', { beneficiary: '3ª Vara Cível' })] });
    const r = analyze({ analysisType: 'legal', questionnaire: {}, documents: [matricula('R.1 - COMPRA E VENDA.\nR.2 - PENHORA determinada pela 3ª Vara Cível.')], generatedAt: AT, dossier });
    expect(r.risks[0]).toMatchObject({ severity: 'alta', title: 'Impede a venda: penhora (R.2)' });
    expect(r.risks[0]!.sources[0]).toMatchObject({ kind: 'document', documentId: 'mat', page: 1 });
    expect(r.recommendations.map((x) => x.id)).toContain('rec-onus');
  });

  it('asks to confirm uncertain references and the bank rate', () => {
    // Maringá has no row in the city ITBI table (Curitiba has one, confirmed: no recommendation there).
    const r = run({ city: 'Maringá', state: 'PR', usableArea: '70', targetValue: '700.000', monthlyRent: '3.500', deal: { wantsFinancing: true } });
    const ids = r.recommendations.map((x) => x.id);
    expect(ids).toContain('rec-itbi');
    expect(ids).toContain('rec-cartorio');
    expect(ids).toContain('rec-taxa-banco');
  });

  it('the notary recommendation says what was used: the state table (São Paulo) or the 1,5 % estimate (Paraná)', () => {
    const sp = run({ city: 'São Paulo', state: 'SP', usableArea: '70', targetValue: '850.000', monthlyRent: '3.500' });
    const spRec = sp.recommendations.find((x) => x.id === 'rec-cartorio')!;
    expect(spRec.detail).toContain('pelas tabelas de emolumentos do estado');
    expect(spRec.detail).not.toContain('1,50%');
    const pr = run({ city: 'Maringá', state: 'PR', usableArea: '70', targetValue: '700.000', monthlyRent: '3.500' });
    expect(pr.recommendations.find((x) => x.id === 'rec-cartorio')!.detail).toBe('Foi usado 1,50% do valor; os emolumentos seguem a tabela do estado mais ISS municipal.');
  });

  it('compares a plot price with its residual value', () => {
    const r = run({ city: 'Florianópolis', state: 'SC', propertyType: 'terreno', totalArea: '1.000', builtArea: '2.000', targetValue: '30.000.000' });
    expect(r.risks.map((x) => x.id)).toContain('risk-valor-residual');
    expect(r.risks.map((x) => x.id)).toContain('risk-margem');
  });

  it('orders every list by severity', () => {
    const r = run({ city: 'Curitiba', usableArea: '70', targetValue: '2.000.000', condition: 'reformar' }, [matricula('R.2 - HIPOTECA ao banco.')]);
    const order = { alta: 0, media: 1, baixa: 2 };
    for (const list of [r.risks, r.opportunities, r.recommendations]) {
      const ranks = list.map((x) => order[x.severity]);
      expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    }
  });
});
