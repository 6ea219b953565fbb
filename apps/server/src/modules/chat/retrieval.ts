/**
 * Passage retrieval for the analysis chat: BM25 over sentence-sized passages of the documents'
 * pages and the report's sections, with accents folded, Portuguese stop words dropped and a light
 * Portuguese stemmer (plural and gender endings, then a 7-character prefix). Pure and
 * deterministic: the same sources and question always give the same passages.
 *
 * Every passage keeps its offsets in the source text, so an excerpt is always an exact slice of
 * what the user uploaded or of the report, never a paraphrase.
 */

export interface Source {
  kind: 'document' | 'report';
  documentId: string | null;
  name: string;
  page: number | null;
  section: string | null;
  text: string;
}

export interface Passage {
  source: Source;
  start: number;
  end: number;
  /** `source.text.slice(start, end)`. */
  excerpt: string;
  terms: string[];
}

export interface ScoredPassage extends Passage {
  score: number;
  /** Share (0–1) of the question's weight (IDF) that this passage contains. */
  coverage: number;
}

const STOP_WORDS = new Set(
  (
    'a ao aos aquela aquelas aquele aqueles aquilo as ate com como da das de dela delas dele deles depois do dos e ela elas ele eles em entre era eram essa essas esse esses esta estas este estes eu foi foram ha isso isto ja la lhe lhes mais mas me mesmo meu meus minha minhas muito na nao nas nem no nos nossa nossas nosso nossos num numa o os ou para pela pelas pelo pelos por qual quais quando que quem se sem ser seu seus so sua suas tambem te tem ter teu tua um uma umas uns voce voces vos esta estao sao pode podem deve devem sobre onde quanto quanta quantos quantas existe existem ha possui tenho ' +
    'imovel analise documento documentos informe diga me fale'
  ).split(/\s+/),
);

/** Lower case without diacritics ('Matrícula' → 'matricula'). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}

/** Light Portuguese stemming: plural, then a final vowel, then at most 7 characters. */
export function stem(word: string): string {
  let w = word;
  if (/^\d/.test(w)) return w;
  if (w.length > 4) {
    if (w.endsWith('coes')) w = `${w.slice(0, -4)}cao`;
    else if (w.endsWith('oes') || w.endsWith('aes')) w = `${w.slice(0, -3)}ao`;
    else if (w.endsWith('ais')) w = `${w.slice(0, -3)}al`;
    else if (w.endsWith('eis')) w = `${w.slice(0, -3)}el`;
    else if (/[rz]es$/.test(w)) w = w.slice(0, -2);
    else if (w.endsWith('s')) w = w.slice(0, -1);
  }
  if (w.length > 4 && /[aeo]$/.test(w)) w = w.slice(0, -1);
  return w.slice(0, 7);
}

/** The index terms of a text: folded words and numbers, stop words out, stemmed. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const m of fold(text).matchAll(/[a-z0-9]+/g)) {
    const word = m[0];
    if (word.length < 2 && !/\d/.test(word)) continue;
    if (STOP_WORDS.has(word)) continue;
    out.push(stem(word));
  }
  return out;
}

const MAX_PASSAGE = 420;
const MIN_PASSAGE = 60;

/**
 * Cuts a text into passages of one or a few sentences (short ones are joined with the next; long
 * ones are cut at a space), each by its offsets in the text.
 */
export function splitPassages(text: string): { start: number; end: number }[] {
  const bounds: { start: number; end: number }[] = [];
  // A sentence ends at . ! ? ; or a line break, when followed by white space.
  const re = /[.!?;](?=\s)|\n/g;
  let start = 0;
  const push = (s: number, e: number) => {
    while (s < e && /\s/.test(text[s]!)) s++;
    while (e > s && /\s/.test(text[e - 1]!)) e--;
    if (e > s) bounds.push({ start: s, end: e });
  };
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const end = m.index + 1;
    if (end - start >= MIN_PASSAGE || m[0] === '\n') {
      cutLong(text, start, end, push);
      start = end;
    }
  }
  cutLong(text, start, text.length, push);
  return bounds;
}

function cutLong(text: string, start: number, end: number, push: (s: number, e: number) => void) {
  let s = start;
  while (end - s > MAX_PASSAGE) {
    let cut = text.lastIndexOf(' ', s + MAX_PASSAGE);
    if (cut <= s) cut = s + MAX_PASSAGE;
    push(s, cut);
    s = cut;
  }
  push(s, end);
}

/** Splits the report's Markdown into one source per section, named by its heading. */
export function reportSources(markdown: string, name: string): Source[] {
  const sources: Source[] = [];
  let section: string | null = null;
  let lines: string[] = [];
  const flush = () => {
    const text = lines.join('\n');
    if (text.trim()) sources.push({ kind: 'report', documentId: null, name, page: null, section, text });
    lines = [];
  };
  for (const line of markdown.split('\n')) {
    const heading = /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      flush();
      section = heading[1]!.replace(/[*_`]/g, '');
      continue;
    }
    // Table separators (|---|---|) say nothing.
    if (/^\s*\|?\s*:?-{3,}/.test(line)) {
      lines.push('');
      continue;
    }
    lines.push(line);
  }
  flush();
  return sources;
}

export function buildPassages(sources: Source[]): Passage[] {
  const passages: Passage[] = [];
  for (const source of sources) {
    for (const { start, end } of splitPassages(source.text)) {
      const excerpt = source.text.slice(start, end);
      const t = terms(excerpt);
      if (t.length) passages.push({ source, start, end, excerpt, terms: t });
    }
  }
  return passages;
}

const K1 = 1.2;
const B = 0.75;
/** A passage must hold at least this share of the question's weight to count as an answer. */
export const MIN_COVERAGE = 0.5;

/**
 * The passages that answer `question`, best first: BM25 score, kept only when they cover at least
 * half of the question's IDF weight (a word found nowhere in the sources weighs the most, so a
 * question about something absent finds nothing rather than a passage sharing a common word).
 */
export function retrieve(passages: Passage[], question: string, limit = 3): ScoredPassage[] {
  const queryTerms = [...new Set(terms(question))];
  if (!queryTerms.length || !passages.length) return [];
  const n = passages.length;
  const df = new Map<string, number>();
  for (const p of passages) for (const term of new Set(p.terms)) df.set(term, (df.get(term) ?? 0) + 1);
  const idf = (term: string) => {
    const d = df.get(term) ?? 0;
    return Math.log(1 + (n - d + 0.5) / (d + 0.5));
  };
  const totalWeight = queryTerms.reduce((s, t) => s + idf(t), 0);
  const avgLength = passages.reduce((s, p) => s + p.terms.length, 0) / n;

  const scored: ScoredPassage[] = [];
  for (const p of passages) {
    const tf = new Map<string, number>();
    for (const term of p.terms) tf.set(term, (tf.get(term) ?? 0) + 1);
    let score = 0;
    let covered = 0;
    for (const term of queryTerms) {
      const f = tf.get(term);
      if (!f) continue;
      covered += idf(term);
      score += (idf(term) * f * (K1 + 1)) / (f + K1 * (1 - B + (B * p.terms.length) / avgLength));
    }
    const coverage = covered / totalWeight;
    if (score > 0 && coverage >= MIN_COVERAGE) scored.push({ ...p, score, coverage });
  }
  scored.sort((a, b) => b.score - a.score || a.source.name.localeCompare(b.source.name) || (a.source.page ?? 0) - (b.source.page ?? 0) || a.start - b.start);
  const seen = new Set<string>();
  const out: ScoredPassage[] = [];
  for (const p of scored) {
    const key = fold(p.excerpt).replace(/\s+/g, ' ');
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(p);
    if (out.length >= limit) break;
  }
  return out;
}
