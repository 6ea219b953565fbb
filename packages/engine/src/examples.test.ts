import { describe, expect, it } from 'vitest';
import { questionnaireSchema } from '@viabiliza/contracts/questionnaire';
import { analyze } from './analyze.ts';
import { EXAMPLE_PROPERTIES, findExample } from './examples.ts';
import { activeLiens, foldSameLength } from './legal.ts';

const AT = '2026-02-10T12:00:00.000Z';

describe('example properties', () => {
  it('ships the two examples', () => {
    expect(EXAMPLE_PROPERTIES.map((e) => e.id)).toEqual(['apartamento-pinheiros', 'terreno-florianopolis']);
    expect(findExample('apartamento-pinheiros')?.title).toBe('Apartamento em Pinheiros');
    expect(findExample('nada')).toBeNull();
  });

  it('have questionnaires the shared schema accepts unchanged', () => {
    for (const e of EXAMPLE_PROPERTIES) {
      const parsed = questionnaireSchema.safeParse(e.questionnaire);
      expect(parsed.success, e.id).toBe(true);
      expect(parsed.data).toEqual(e.questionnaire);
    }
  });

  it('have key fields that appear in the text of their page', () => {
    for (const e of EXAMPLE_PROPERTIES) {
      for (const d of e.documents) {
        for (const f of d.keyFields) {
          const page = d.pages.find((p) => p.number === f.page);
          expect(page, `${d.fileName} ${f.key} p. ${f.page}`).toBeDefined();
          const value = f.value.replace(/ \((cancelada|proprietário|credor)\)$/, '');
          expect(foldSameLength(page!.text), `${d.fileName} ${f.key} '${f.value}' p. ${f.page}`).toContain(foldSameLength(value));
        }
      }
    }
  });

  it('Pinheiros: 85 m², R$ 980.000, rent R$ 5.200, and the cancelled mortgage is not an active lien', () => {
    const e = findExample('apartamento-pinheiros')!;
    const r = analyze({ analysisType: 'complete', questionnaire: e.questionnaire, documents: e.documents, generatedAt: AT, title: e.title });
    expect(r.financial?.price.value).toBe(980000);
    expect(r.financial?.area.value).toBe(85);
    expect(r.financial?.monthlyRent.value).toBe(5200);
    expect(r.market?.position).toBe('alinhado');
    // Without a dossier (the server builds it) the engine reads no lien from the matrícula's words.
    expect(activeLiens(r.legal!.findings)).toEqual([]);
    expect(r.risks.some((x) => /hipoteca/i.test(x.title))).toBe(false);
    expect(r.legal!.findings.filter((f) => f.id.startsWith('legal-area') || f.id.startsWith('legal-endereco') || f.id.startsWith('legal-cep'))).toEqual([]);
    expect(r.technical?.areaConsistent).toBe(true);
  });

  it('Florianópolis: development with the APP strip found on page 2 of the matrícula', () => {
    const e = findExample('terreno-florianopolis')!;
    const r = analyze({ analysisType: 'complete', questionnaire: e.questionnaire, documents: e.documents, generatedAt: AT, title: e.title });
    expect(r.development).not.toBeNull();
    expect(r.development?.builtArea.value).toBe(3000);
    expect(r.development?.landCost.value).toBeGreaterThan(2_400_000);
    const app = r.environmental!.findings.find((f) => f.id.startsWith('env-app'))!;
    expect(app.severity).toBe('alta');
    expect(app.sources).toEqual([{ kind: 'document', documentId: 'exemplo-floripa-matricula', fileName: 'matricula-54321.pdf', page: 2, label: 'Área de preservação permanente (APP)' }]);
    expect(r.risks.some((x) => x.id.startsWith('risk-env-app'))).toBe(true);
    expect(r.market?.position).toBe('indeterminado');
    expect(r.financial?.rentFromReference).toBe(false);
  });
});
