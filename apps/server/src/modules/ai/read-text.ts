import type { AnalysisType } from '@viabiliza/contracts/analysis';
import { BRAZILIAN_STATES, type Questionnaire } from '@viabiliza/contracts/questionnaire';
import { TEXT_ESSENTIALS, type TextEssential, type TextFact, type TextFactKey } from '@viabiliza/contracts/text-facts';
import type { EngineInput } from '@viabiliza/engine/types';
import { readTextFacts } from '@viabiliza/extract/text-facts';
import { dossierOf, today } from '../dossier/dossier.service.ts';

export interface TextRead {
  input: EngineInput;
  facts: TextFact[];
  missing: { key: string; label: string }[];
}
/** The text read: its facts, the engine's input (the facts as the questionnaire, the text as the one document), what is missing. */
export function readText(text: string, analysisType: AnalysisType, now: Date): TextRead {
  const asOf = today(now);
  const { document, facts } = readTextFacts(text, { asOf });
  const fact = (key: TextFactKey) => facts.find((f) => f.key === key);
  const number = (key: TextFactKey) => {
    const n = fact(key)?.normalized;
    return typeof n === 'number' && n > 0 ? String(n).replace('.', ',') : undefined;
  };
  const uf = fact('uf')?.normalized;
  const questionnaire: Questionnaire = {
    address: fact('endereco')?.value,
    city: fact('cidade')?.value,
    state: typeof uf === 'string' && (BRAZILIAN_STATES as readonly string[]).includes(uf) ? uf : undefined,
    usableArea: number('area_privativa_m2'),
    totalArea: number('area_total_m2') ?? number('area_terreno_m2'),
    builtArea: number('area_construida_m2'),
    targetValue: number('preco'),
    monthlyRent: number('aluguel'),
    condominiumFee: number('condominio'),
    annualTax: number('iptu'),
  };
  for (const key of Object.keys(questionnaire) as (keyof Questionnaire)[]) if (questionnaire[key] === undefined) delete questionnaire[key];

  const has: Record<TextEssential, boolean> = {
    cidade: Boolean(fact('cidade')),
    area: facts.some((f) => f.key.startsWith('area_')),
    preco: Boolean(fact('preco')),
  };
  const documents = [document];
  return {
    facts,
    missing: TEXT_ESSENTIALS.filter((e) => !has[e.key]).map((e) => ({ key: e.key, label: e.label })),
    input: {
      analysisType,
      questionnaire,
      documents,
      generatedAt: now.toISOString(),
      // As an analysis does: liens and certidões are judged from the text's dossier (issue 16).
      dossier: dossierOf(documents, asOf),
    },
  };
}

