import { ANALYSIS_TYPES, ASSUMPTION_IDS, type AnalysisType } from '@viabiliza/contracts/analysis';
import {
  CONDITIONS,
  DOCUMENT_OPTIONS,
  FEATURES,
  LEGAL_STATUSES,
  MAIN_OBJECTIVES,
  PROPERTY_TYPES,
  PURPOSES,
  type Questionnaire,
} from '@viabiliza/contracts/questionnaire';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANALYSIS_PLANS, ENGINE_VERSION, NON_FINITE_WARNING, analyze, runEngine } from './analyze.ts';
import { ASSUMPTION_META } from './assumptions.ts';
import { confidenceScore } from './confidence.ts';
import { EXAMPLE_PROPERTIES } from './examples.ts';
import type { EngineDocument, EngineInput } from './types.ts';

const AT = '2026-02-10T12:00:00.000Z';
const example = (i: number, analysisType: AnalysisType = 'complete'): EngineInput => {
  const e = EXAMPLE_PROPERTIES[i]!;
  return { analysisType, questionnaire: e.questionnaire, documents: e.documents, generatedAt: AT, title: e.title };
};

/** Paths of every number that is not finite. */
function nonFinite(value: unknown, path = 'result'): string[] {
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => nonFinite(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => nonFinite(v, `${path}.${k}`));
  return [];
}

describe('analyze', () => {
  it('computes the parts each analysis type calls for', () => {
    const parts = (t: AnalysisType, i = 0) => {
      const r = analyze(example(i, t));
      return (['financial', 'development', 'market', 'legal', 'technical', 'environmental'] as const).filter((k) => r[k] !== null);
    };
    expect(parts('financial')).toEqual(['financial']);
    expect(parts('financial', 1)).toEqual(['financial', 'development']);
    expect(parts('investment')).toEqual(['financial']);
    expect(parts('market')).toEqual(['market']);
    expect(parts('legal')).toEqual(['legal']);
    expect(parts('technical')).toEqual(['technical']);
    expect(parts('environmental')).toEqual(['environmental']);
    for (const t of ['complete', 'viability', 'quick'] as const) {
      expect(parts(t)).toEqual(['financial', 'market', 'legal', 'technical', 'environmental']);
      expect(parts(t, 1)).toEqual(['financial', 'development', 'market', 'legal', 'technical', 'environmental']);
    }
    expect(Object.keys(ANALYSIS_PLANS).sort()).toEqual([...ANALYSIS_TYPES].sort());
  });

  it('is deterministic', () => {
    for (const i of [0, 1]) {
      for (const t of ANALYSIS_TYPES) {
        expect(analyze(example(i, t))).toEqual(analyze(example(i, t)));
      }
    }
    expect(runEngine(example(0)).markdown).toBe(runEngine(example(0)).markdown);
  });

  it('stamps the version, type, date and title', () => {
    const r = analyze(example(0));
    expect(ENGINE_VERSION).toBe('1.0.0');
    expect(r).toMatchObject({ engineVersion: '1.0.0', analysisType: 'complete', generatedAt: AT, title: 'Apartamento em Pinheiros' });
    const untitled = analyze({ analysisType: 'quick', questionnaire: {}, documents: [], generatedAt: AT });
    expect(untitled.title).toBe('Análise de Viabilidade 10/02/2026');
  });

  it('lists dated reference rows for every reference cited', () => {
    const r = analyze(example(0));
    const cited = new Set<string>();
    const walk = (v: unknown) => {
      if (Array.isArray(v)) v.forEach(walk);
      else if (v && typeof v === 'object') {
        const o = v as Record<string, unknown>;
        if (o.kind === 'reference') cited.add(o.referenceId as string);
        Object.values(o).forEach(walk);
      }
    };
    walk({ ...r, references: [] });
    const listed = new Set(r.references.map((x) => x.id));
    for (const id of cited) expect(listed.has(id), id).toBe(true);
    for (const ref of r.references) {
      expect(ref.asOf, ref.id).toMatch(/^\d{4}(-\d{2}(-\d{2})?)?$/);
      expect(ref.source.length).toBeGreaterThan(3);
    }
    expect(listed.has('fipezap-venda-sao-paulo-2024-11')).toBe(true);
    // The hurdle's bond (rental TMA after tax), not the Selic.
    expect(listed.has('tesouro-ipca-2035-2025-11')).toBe(true);
  });

  it('applies overrides to the figures and marks them', () => {
    const base = analyze(example(0));
    const changed = analyze({ ...example(0), overrides: { itbiRate: 0.02, discountRateAnnual: 0.1 } });
    expect(base.financial!.itbi.value).toBe(29400);
    expect(changed.financial!.itbi.value).toBe(19600);
    expect(changed.financial!.npv.value).not.toBe(base.financial!.npv.value);
    const itbi = changed.assumptions.find((a) => a.id === 'itbiRate')!;
    expect(itbi).toMatchObject({ value: 0.02, defaultValue: 0.03, overridden: true, source: { kind: 'assumption', overridden: true } });
    const md = runEngine({ ...example(0), overrides: { itbiRate: 0.02 } }).markdown;
    expect(md).toContain('Premissa: Alíquota de ITBI (alterada)');
  });

  it('lists the assumptions used, plus any overridden one', () => {
    const legal = analyze({ ...example(0, 'legal') });
    expect(legal.assumptions).toEqual([]);
    const legalOverride = analyze({ ...example(0, 'legal'), overrides: { vacancyRate: 0.1 } });
    expect(legalOverride.assumptions.map((a) => a.id)).toEqual(['vacancyRate']);
    const dev = analyze(example(1));
    expect(dev.assumptions.map((a) => a.id)).toContain('constructionCostPerSqm');
    expect(dev.assumptions.map((a) => a.id)).not.toContain('rentPerSqm');
  });

  it('warns about missing data', () => {
    const r = analyze({ analysisType: 'complete', questionnaire: {}, documents: [], generatedAt: AT });
    expect(r.warnings.some((w) => w.startsWith('Valor do imóvel não informado'))).toBe(true);
    expect(r.warnings.some((w) => w.startsWith('Área do imóvel não informada'))).toBe(true);
    expect(r.warnings.some((w) => w.startsWith('Cidade não informada'))).toBe(true);
    expect(r.warnings.some((w) => w.startsWith('Nenhum documento enviado'))).toBe(true);
    const campinas = analyze({ analysisType: 'complete', questionnaire: { city: 'Campinas', state: 'SP', usableArea: '70', targetValue: '600.000' }, documents: [], generatedAt: AT });
    expect(campinas.warnings).toContain('Sem índice FipeZAP de venda para Campinas: foi usada a média nacional.');
    // Campinas' row in the city ITBI table is not confirmed by an official source: flagged.
    expect(campinas.warnings.some((w) => w.startsWith('Referência incerta usada: ITBI Campinas'))).toBe(true);
  });

  it('runEngine returns the Markdown and its confidence: the spec score, never above the completeness of the evidence', () => {
    const run = runEngine(example(0));
    expect(run.confidence).toBe(Math.min(confidenceScore(run.markdown), run.result.completeness.percent));
    expect(run.confidence).toBeLessThanOrEqual(run.result.completeness.percent);
    // Too little data: never a high confidence beside 'Dados insuficientes'.
    const empty = runEngine({ analysisType: 'complete', questionnaire: { city: 'Recife' }, documents: [], generatedAt: AT });
    expect(empty.result.score.band).toBe('insuficiente');
    expect(confidenceScore(empty.markdown)).toBeGreaterThan(60);
    expect(empty.confidence).toBeLessThanOrEqual(30);
    expect(run.result).toEqual(analyze(example(0)));
  });
});

// ------------------------------------------------------------------------------------------------
// Random questionnaires: never NaN or Infinity anywhere.

const numberText = fc.oneof(
  fc.constantFrom('', '0', '1.234,56', '450.000,00', '85', '85,5', '1234.56', 'abc', 'R$ 450 mil', '-5', '0,0001', '999999999999999999999999999999', '12e3', ' ', '1.2.3', '100%'),
  fc.integer({ min: 0, max: 5_000_000 }).map(String),
  fc.double({ min: 0, max: 1e7, noNaN: true }).map((n) => n.toFixed(2).replace('.', ',')),
  fc.string({ maxLength: 12 }),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined });
const sub = <T>(list: readonly T[]) => fc.subarray([...list]);

const questionnaireArb: fc.Arbitrary<Questionnaire> = fc
  .record({
    address: maybe(fc.constantFrom('Rua A, 10', 'Av. Brasil, 1.500', '', 'Rua das Flores, 120 apto 3')),
    zipCode: maybe(fc.constantFrom('', '01310100', '88034100')),
    city: maybe(fc.constantFrom('São Paulo', 'sao paulo', 'Florianópolis', 'Jundiaí', 'Campinas', 'Xique-Xique', '', 'SP')),
    state: maybe(fc.constantFrom('SP', 'sc', 'BA', 'RS', 'XX', '')),
    neighborhood: maybe(fc.constantFrom('Centro', '')),
    propertyType: maybe(fc.constantFrom(...PROPERTY_TYPES)),
    purpose: maybe(sub(PURPOSES)),
    totalArea: maybe(numberText),
    builtArea: maybe(numberText),
    usableArea: maybe(numberText),
    bedrooms: maybe(numberText),
    bathrooms: maybe(numberText),
    parkingSpaces: maybe(numberText),
    features: maybe(sub(FEATURES)),
    condition: maybe(fc.constantFrom(...CONDITIONS)),
    targetValue: maybe(numberText),
    pricePerSqm: maybe(numberText),
    annualTax: maybe(numberText),
    condominiumFee: maybe(numberText),
    acceptsFinancing: maybe(fc.boolean()),
    minimumDownPayment: maybe(numberText),
    monthlyRent: maybe(numberText),
    availableDocuments: maybe(sub(DOCUMENT_OPTIONS)),
    legalStatus: maybe(fc.constantFrom(...LEGAL_STATUSES)),
    mainObjective: maybe(fc.constantFrom(...MAIN_OBJECTIVES)),
  })
  .map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined)) as Questionnaire);

const documentArb: fc.Arbitrary<EngineDocument> = fc.record({
  id: fc.constantFrom('d1', 'd2'),
  fileName: fc.constantFrom('a.pdf', 'b.pdf'),
  documentType: fc.constantFrom('matricula', 'escritura', 'iptu', 'certidao', 'outro', null),
  keyFields: fc.array(
    fc.record({
      key: fc.constantFrom('area_privativa_m2', 'area_total_m2', 'area_construida_m2', 'area_terreno_m2', 'valor_transacao', 'valor', 'onus', 'endereco', 'cep', 'valor_imposto'),
      label: fc.constant('Campo'),
      value: fc.constantFrom('85,00 m²', 'R$ 1.000,00', 'hipoteca', 'penhora (cancelada)', 'Rua A, 10', '01310-100', 'ilegível', ''),
      normalized: fc.oneof(
        fc.constant(null),
        fc.double({ min: -1e6, max: 1e9, noNaN: true }).map((x) => (Math.abs(x) < 1e-6 ? 0 : x)),
        fc.constant(Number.NaN),
        fc.constant('01310100'),
      ),
      page: fc.integer({ min: 1, max: 3 }),
      confidence: fc.integer({ min: 0, max: 100 }),
    }),
    { maxLength: 6 },
  ),
  pages: fc.array(
    fc.record({
      number: fc.integer({ min: 1, max: 3 }),
      text: fc.constantFrom('', 'R.1 - HIPOTECA ao banco.', 'AV.2 - cancelamento da hipoteca objeto do R.1.', 'Faixa de APP e nascente.', 'texto qualquer'),
    }),
    { maxLength: 3 },
  ),
});

/** Overrides within what a person could mean: rates up to 100%, terms up to 100 years, prices up to R$ 1 mi/m². */
const PLAUSIBLE_MAX: Record<string, number> = { fraction: 1, months: 1200, years: 100, 'BRL/m2': 1e6 };
const overridesArb = fc
  .array(
    fc.constantFrom(...ASSUMPTION_IDS).chain((id) => {
      const max = PLAUSIBLE_MAX[ASSUMPTION_META[id].unit] ?? 1e6;
      return fc.tuple(fc.constant(id), fc.oneof(fc.constantFrom(0, max), fc.double({ min: 0, max, noNaN: true })));
    }),
    { maxLength: 5 },
  )
  .map((pairs) => Object.fromEntries(pairs) as EngineInput['overrides']);

describe('analyze on random input', () => {
  it('never produces NaN or Infinity, nor those words in the report', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ANALYSIS_TYPES),
        questionnaireArb,
        fc.array(documentArb, { maxLength: 2 }),
        fc.option(overridesArb, { nil: undefined }),
        (analysisType, questionnaire, documents, overrides) => {
          const input: EngineInput = { analysisType, questionnaire, documents, generatedAt: AT, ...(overrides ? { overrides } : {}) };
          const { result, markdown, confidence } = runEngine(input);
          expect(nonFinite(result)).toEqual([]);
          expect(result.warnings.filter((w) => w.startsWith(NON_FINITE_WARNING))).toEqual([]);
          expect(markdown).not.toMatch(/NaN|Infinity|undefined|null/);
          expect(result.score.value).toBeGreaterThanOrEqual(0);
          expect(result.score.value).toBeLessThanOrEqual(10);
          expect(confidence).toBeGreaterThanOrEqual(0);
          expect(confidence).toBeLessThanOrEqual(100);
          expect(JSON.parse(JSON.stringify(result))).toEqual(result);
        },
      ),
      { numRuns: 200, seed: 20260210 },
    );
  });
});

describe('analyze with extreme overrides', () => {
  it('stays finite even at the contract limits (0 and 1e9 for every assumption)', () => {
    for (const value of [0, 1e9]) {
      const overrides = Object.fromEntries(ASSUMPTION_IDS.map((id) => [id, value])) as EngineInput['overrides'];
      for (const i of [0, 1]) {
        const { result, markdown } = runEngine({ ...example(i), overrides });
        expect(nonFinite(result)).toEqual([]);
        expect(markdown).not.toMatch(/NaN|Infinity|undefined|null/);
      }
    }
  });
});
