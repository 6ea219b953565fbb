import type { AnalysisResult, Insight, Severity } from '@viabiliza/contracts/analysis-result';
import type { SentimentAspectId, SentimentLabel, SentimentResult } from '@viabiliza/contracts/intelligence';
import { SENTIMENT_ASPECT_LABELS, SENTIMENT_LABELS } from '@viabiliza/contracts/intelligence';
import { CONDITION_LABELS } from '@viabiliza/contracts/questionnaire';
import { fold, lookupGeneric } from './reference-data.ts';
import { formatDate, formatPercent } from './report.ts';
import { extractKeywords, type TextDocument } from './keywords.ts';

/**
 * 'Análise de Sentimento' (spec 01 §2, §3): how favourable the analysis reads, overall and for
 * location, price, condition and potential, on 0–100. Each aspect starts from the engine's own
 * sub-results and is nudged by a small Portuguese real-estate lexicon counted in the documents:
 *
 * | aspect | from the engine | base |
 * |---|---|---|
 * | price (preço) | market deviation d = (asked − reference) ÷ reference | `55 − 200·d` |
 * | condition (estado) | condition (novo 90, bom 75, regular 50, reformar 30) − technical findings | |
 * | potential | IRR vs the Selic row: `50 + 400·(TIR − Selic)`; else gross yield vs the FipeZAP yield `50 + 100·(y/ref − 1)`; development margin vs target `50 + 300·(m − meta)` | |
 * | location (localização) | 60 − environmental findings − address/CEP divergences | 60 |
 *
 * Findings subtract `FINDING_POINTS` (alta 25, média 12, baixa 4); each lexicon hit of the aspect
 * adds or subtracts `LEXICON_POINTS` (5), at most `LEXICON_CAP` (20) either way. An aspect nothing
 * speaks to stays null. Sentiment: ≥ 60 positive, < 40 negative, else neutral.
 */

export const FINDING_POINTS: Record<Severity, number> = { alta: 25, media: 12, baixa: 4 };
export const CONDITION_BASE: Record<string, number> = { novo: 90, bom: 75, regular: 50, reformar: 30 };
export const LEXICON_POINTS = 5;
export const LEXICON_CAP = 20;
export const POSITIVE_FROM = 60;
export const NEGATIVE_BELOW = 40;

type LexiconAspect = SentimentAspectId | 'general';
interface LexiconEntry {
  /** Folded (no accents, lower case); matched on word boundaries. */
  term: string;
  polarity: 'positive' | 'negative';
  aspect: LexiconAspect;
}

const pos = (aspect: LexiconAspect, ...terms: string[]): LexiconEntry[] => terms.map((term) => ({ term, polarity: 'positive', aspect }));
const neg = (aspect: LexiconAspect, ...terms: string[]): LexiconEntry[] => terms.map((term) => ({ term, polarity: 'negative', aspect }));

/** A small Portuguese lexicon of real-estate documents and listings. */
export const LEXICON: readonly LexiconEntry[] = [
  ...pos('location', 'bem localizado', 'localizacao privilegiada', 'proximo ao metro', 'proximo a estacao', 'regiao valorizada', 'bairro nobre', 'area nobre', 'infraestrutura completa', 'vista panoramica', 'arborizad'),
  ...neg('location', 'area de risco', 'alagamento', 'enchente', 'inundacao', 'deslizamento', 'ocupacao irregular', 'invasao', 'zona de ruido', 'contaminad'),
  ...pos('condition', 'reformado', 'reformada', 'bom estado', 'otimo estado', 'excelente estado', 'conservado', 'conservada', 'habite-se', 'acabamento de alto padrao'),
  ...neg('condition', 'infiltracao', 'rachadura', 'trinca', 'mofo', 'umidade', 'vazamento', 'deteriorad', 'precario', 'precaria', 'demolicao', 'interditad', 'embargad'),
  ...pos('price', 'abaixo do mercado', 'oportunidade', 'preco justo'),
  ...neg('price', 'acima do mercado', 'superavaliad', 'sobrepreco'),
  ...pos('potential', 'valorizacao', 'potencial construtivo', 'alta demanda', 'liquidez', 'renda garantida'),
  ...neg('potential', 'desvalorizacao', 'baixa liquidez', 'vacancia'),
  ...pos('general', 'livre e desembaracado', 'regularizado', 'regularizada', 'quitado', 'quitada'),
  ...neg('general', 'penhora', 'arresto', 'indisponibilidade', 'litigio', 'acao judicial', 'inadimplente', 'irregular', 'pendencia'),
];

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const LEXICON_PATTERNS = LEXICON.map((entry) => ({
  entry,
  // Stems ending in a consonant ('deteriorad', 'arborizad') match any ending; whole terms match whole words.
  pattern: new RegExp(`(?<![a-z0-9])${escapeRegex(entry.term)}${/[aeo]$/.test(entry.term) ? '(?![a-z0-9])' : '[a-z]*'}`, 'g'),
}));

export interface LexiconCount {
  term: string;
  polarity: 'positive' | 'negative';
  aspect: LexiconAspect;
  count: number;
  documentId: string;
  fileName: string;
  page: number;
}

/** The lexicon's terms counted in the documents' pages, first occurrence kept for the link. */
export function countLexicon(documents: readonly TextDocument[]): LexiconCount[] {
  const out = new Map<string, LexiconCount>();
  for (const doc of documents) {
    for (const page of [...doc.pages].sort((a, b) => a.number - b.number)) {
      const folded = fold(page.text ?? '');
      for (const { entry, pattern } of LEXICON_PATTERNS) {
        pattern.lastIndex = 0;
        const n = folded.match(pattern)?.length ?? 0;
        if (n === 0) continue;
        // A negated lien ('livre de penhora', 'sem débitos') is not a negative term.
        const negated = entry.polarity === 'negative' && new RegExp(`(?:livre[s]? de|sem|inexist\\w* de|nao (?:ha|consta)\\w*)\\s+(?:\\w+\\s+){0,3}${escapeRegex(entry.term)}`).test(folded);
        if (negated) continue;
        const key = `${entry.polarity}:${entry.term}`;
        const seen = out.get(key);
        if (seen) seen.count += n;
        else out.set(key, { term: entry.term, polarity: entry.polarity, aspect: entry.aspect, count: n, documentId: doc.id, fileName: doc.fileName, page: page.number });
      }
    }
  }
  return [...out.values()].sort((a, b) => b.count - a.count || a.term.localeCompare(b.term));
}

export function clamp100(v: number): number {
  return Math.max(0, Math.min(100, Math.round(v)));
}

export function sentimentOf(score: number): SentimentLabel {
  return score >= POSITIVE_FROM ? 'positive' : score < NEGATIVE_BELOW ? 'negative' : 'neutral';
}

/** Price: 55 at the reference, +10 for every 5% below it, −10 for every 5% above. */
export function priceScore(deviation: number): number {
  return clamp100(55 - 200 * deviation);
}

/** Potential from the IRR against the Selic row: 50 when equal, +4 per percentage point above. */
export function irrPotentialScore(irr: number, selic: number): number {
  return clamp100(50 + 400 * (irr - selic));
}

export function yieldPotentialScore(grossYield: number, referenceYield: number): number {
  return clamp100(50 + 100 * (grossYield / referenceYield - 1));
}

export function marginPotentialScore(margin: number, target: number): number {
  return clamp100(50 + 300 * (margin - target));
}

export function findingsPoints(findings: readonly Pick<Insight, 'severity'>[]): number {
  return findings.reduce((n, f) => n + (FINDING_POINTS[f.severity] ?? 0), 0);
}

/** Lexicon points of one aspect: +5 per positive hit, −5 per negative, capped at ±20. */
export function lexiconPoints(hits: readonly Pick<LexiconCount, 'polarity' | 'aspect' | 'count'>[], aspect: LexiconAspect): number {
  const raw = hits.filter((h) => h.aspect === aspect).reduce((n, h) => n + (h.polarity === 'positive' ? 1 : -1) * h.count * LEXICON_POINTS, 0);
  return Math.max(-LEXICON_CAP, Math.min(LEXICON_CAP, raw));
}

interface AspectDraft {
  score: number | null;
  reasons: string[];
}

function withLexicon(draft: AspectDraft, hits: LexiconCount[], aspect: SentimentAspectId): AspectDraft {
  const mine = hits.filter((h) => h.aspect === aspect);
  if (mine.length === 0) return draft;
  const points = lexiconPoints(mine, aspect);
  const terms = mine.map((h) => `"${h.term}" (${h.count}×, ${h.polarity === 'positive' ? '+' : '−'})`).join(', ');
  const base = draft.score ?? 50;
  return {
    score: clamp100(base + points),
    reasons: [...draft.reasons, `Termos nos documentos: ${terms}: ${points >= 0 ? '+' : '−'}${Math.abs(points)} pontos${draft.score === null ? ' sobre a base neutra 50' : ''}.`],
  };
}

function priceAspect(result: AnalysisResult): AspectDraft {
  const d = result.market?.deviation.value ?? null;
  if (d === null) return { score: null, reasons: [] };
  const where = d < 0 ? 'abaixo' : 'acima';
  return {
    score: priceScore(d),
    reasons: [`Preço pedido por m² ${formatPercent(Math.abs(d), 1)} ${where} da referência (55 − 200 × desvio).`],
  };
}

/** The questionnaire's condition code from the label the technical part stores ('Bom estado' → 'bom'). */
export function conditionCode(label: string | null | undefined): string | null {
  if (!label) return null;
  const hit = Object.entries(CONDITION_LABELS).find(([code, text]) => text === label || code === label);
  return hit ? hit[0] : null;
}

function conditionAspect(result: AnalysisResult): AspectDraft {
  const t = result.technical;
  if (!t) return { score: null, reasons: [] };
  const reasons: string[] = [];
  let score: number | null = null;
  const code = conditionCode(t.condition);
  if (code && CONDITION_BASE[code] !== undefined) {
    score = CONDITION_BASE[code]!;
    reasons.push(`Estado de conservação informado: ${t.condition!.toLowerCase()} (${score}).`);
  }
  // Reform, regular and missing condition are the condition itself, already counted above.
  const findings = t.findings.filter((f) => !['technical-reforma', 'technical-regular', 'technical-sem-estado', 'technical-coeficiente'].includes(f.id));
  if (findings.length) {
    const points = findingsPoints(findings);
    score = (score ?? 60) - points;
    reasons.push(`Achados técnicos: ${findings.map((f) => f.title).join('; ')} (−${points}).`);
  }
  return { score: score === null ? null : clamp100(score), reasons };
}

function potentialAspect(result: AnalysisResult): AspectDraft {
  const selic = lookupGeneric('selic', result.generatedAt);
  const d = result.development;
  if (d && d.marginOnVgv.value !== null) {
    const target = result.assumptions.find((a) => a.id === 'targetMargin')?.value ?? 0.15;
    return {
      score: marginPotentialScore(d.marginOnVgv.value, target),
      reasons: [`Margem sobre o VGV ${formatPercent(d.marginOnVgv.value)} contra a meta de ${formatPercent(target)} (50 + 300 × diferença).`],
    };
  }
  const f = result.financial;
  if (f && f.irr.value !== null && selic) {
    return {
      score: irrPotentialScore(f.irr.value, selic.value),
      reasons: [`TIR ${formatPercent(f.irr.value)} a.a. contra a Selic de ${formatPercent(selic.value)} a.a. (${formatDate(selic.asOf)}) (50 + 400 × diferença).`],
    };
  }
  const ref = result.references.find((r) => r.id.startsWith('fipezap-yield')) ?? lookupGeneric('fipezap-yield', result.generatedAt);
  if (f && f.grossYield.value !== null && ref && ref.value > 0) {
    return {
      score: yieldPotentialScore(f.grossYield.value, ref.value),
      reasons: [`Yield bruto ${formatPercent(f.grossYield.value)} a.a. contra a referência FipeZAP de ${formatPercent(ref.value)} a.a.`],
    };
  }
  return { score: null, reasons: [] };
}

function locationAspect(result: AnalysisResult, documentsRead: number): AspectDraft {
  const env = result.environmental?.findings ?? [];
  const divergences = (result.legal?.findings ?? []).filter((f) => /^legal-(endereco|cep)/.test(f.id));
  if (!result.environmental && !result.legal && documentsRead === 0) return { score: null, reasons: [] };
  if (documentsRead === 0) return { score: null, reasons: ['Sem documentos lidos, a localização não foi avaliada.'] };
  const reasons: string[] = [];
  let score = 60;
  const envPoints = findingsPoints(env);
  if (env.length) {
    score -= envPoints;
    reasons.push(`Achados ambientais nos documentos: ${env.map((f) => f.title).join('; ')} (−${envPoints}).`);
  } else {
    reasons.push('Os documentos lidos não apontam risco ambiental (contaminação, APP, enchente): a localização fica na nota de partida, 60 de 100, sem descontos.');
  }
  if (divergences.length) {
    score -= 15 * divergences.length;
    reasons.push(`Endereço ou CEP divergente entre documentos e questionário (−${15 * divergences.length}).`);
  }
  return { score: clamp100(score), reasons };
}

function finish(draft: AspectDraft): SentimentResult['aspects'][SentimentAspectId] {
  return { sentiment: draft.score === null ? null : sentimentOf(draft.score), score: draft.score, reasons: draft.reasons };
}

function summaryText(overall: SentimentLabel, score: number, aspects: SentimentResult['aspects']): string {
  const parts = (Object.keys(aspects) as SentimentAspectId[])
    .filter((k) => aspects[k].score !== null)
    .map((k) => `${SENTIMENT_ASPECT_LABELS[k].toLowerCase()} ${SENTIMENT_LABELS[aspects[k].sentiment!].toLowerCase()} (${aspects[k].score})`);
  const missing = (Object.keys(aspects) as SentimentAspectId[]).filter((k) => aspects[k].score === null).map((k) => SENTIMENT_ASPECT_LABELS[k].toLowerCase());
  let text = `Sentimento geral ${SENTIMENT_LABELS[overall].toLowerCase()} (${score}/100)`;
  text += parts.length ? `: ${parts.join(', ')}.` : '.';
  if (missing.length) text += ` Sem dados para avaliar: ${missing.join(', ')}.`;
  return text;
}

/**
 * The sentiment of a saved analysis and its documents. Deterministic: the same result and
 * documents always give the same scores, keywords and summary.
 */
export function computeSentiment(result: AnalysisResult, documents: readonly TextDocument[]): SentimentResult {
  const withText = documents.filter((d) => d.pages.some((p) => p.text.trim().length > 0));
  const hits = countLexicon(withText);
  const drafts: Record<SentimentAspectId, AspectDraft> = {
    location: withLexicon(locationAspect(result, withText.length), hits, 'location'),
    price: withLexicon(priceAspect(result), hits, 'price'),
    condition: withLexicon(conditionAspect(result), hits, 'condition'),
    potential: withLexicon(potentialAspect(result), hits, 'potential'),
  };
  const aspects = {
    location: finish(drafts.location),
    price: finish(drafts.price),
    condition: finish(drafts.condition),
    potential: finish(drafts.potential),
  };
  const scored = Object.values(aspects).filter((a) => a.score !== null).map((a) => a.score!);
  const mean = scored.length ? scored.reduce((a, b) => a + b, 0) / scored.length : 50;
  // General terms (liens, regularity) move the overall score only, half as strongly.
  const general = lexiconPoints(hits, 'general') / 2;
  const score = clamp100(mean + general);
  const overall = sentimentOf(score);
  const evidence = Math.min(20, hits.reduce((n, h) => n + h.count, 0) * 2);
  const confidence = clamp100(scored.length * 15 + result.completeness.percent * 0.2 + evidence);
  return {
    overall,
    score,
    confidence,
    aspects,
    keywords: extractKeywords(withText, 10),
    lexicon: hits.map(({ term, polarity, count, documentId, fileName, page }) => ({ term, polarity, count, documentId, fileName, page })),
    summary: summaryText(overall, score, aspects),
    documentsRead: withText.length,
  };
}
