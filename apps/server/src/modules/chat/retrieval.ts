import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@viabiliza/db/client';

/**
 * Passage retrieval for the analysis chat: sentence-sized passages of the documents' pages and the
 * report's sections, ranked at query time by PostgreSQL's Portuguese full-text search (the
 * `portuguese` Snowball stemmer and stop list, `ts_rank_cd`), on PGlite and PostgreSQL alike. The
 * passages are per analysis and few, so they are sent with the question (no table, no index).
 * Deterministic: the same sources and question always give the same passages.
 *
 * Accents: `unaccent` is an extension (a migration on PostgreSQL, a load-time option on PGlite), so
 * each text is instead stemmed twice, as written and folded in JS ('hipotecária', 'hipotecaria'):
 * a question typed with or without accents meets one of the two stems.
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
}

export interface ScoredPassage extends Passage {
  /** `ts_rank_cd` of the passage for the question's stems (cover density over the passage's length). */
  score: number;
  /** Share (0–1) of the question's weight (IDF) that this passage contains. */
  coverage: number;
}

/**
 * Words of a question that ask rather than say. PostgreSQL's Portuguese stop list is made for
 * documents and spells its words with accents, so interrogatives, requests and stop words typed
 * without accents ('nao', 'voce') are dropped here, compared folded.
 */
const QUESTION_WORDS = new Set(
  (
    'ate ha ja la nao so tambem voce voces estao sao ser ter umas uns pode podem deve devem sobre onde quais quanto quanta quantos quantas ' +
    'existe existem algum alguma alguns algumas possui tenho imovel analise documento documentos informe diga fale'
  ).split(' '),
);

/** Lower case without diacritics ('Matrícula' → 'matricula'). */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
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

/**
 * The text of an ATX heading line ('## Title ##' → 'Title'), or null when the line is no heading.
 * A scan rather than /^#{1,6}\s+(.+?)\s*#*\s*$/, whose lazy text and trailing runs exchange
 * characters: that expression took quadratic time on a long heading of spaces.
 */
export function headingText(line: string): string | null {
  const marks = /^(#{1,6})\s+/.exec(line);
  if (!marks) return null;
  const text = line.slice(marks[0].length);
  if (text === '') {
    // Spaces only: the expression's title was the last of them that is no line break (never the first).
    for (let i = line.length - 1; i > marks[1]!.length; i--) if (!LINE_BREAK.test(line[i]!)) return line[i]!;
    return null;
  }
  // The closing sequence: trailing spaces, then '#'s, then spaces again.
  let end = text.trimEnd().length;
  while (end > 0 && text[end - 1] === '#') end--;
  end = text.slice(0, end).trimEnd().length;
  // A title of '#'s only keeps its first character, as the expression did.
  const title = text.slice(0, Math.max(end, 1));
  return LINE_BREAK.test(title) ? null : title;
}

const LINE_BREAK = /[\n\r\u2028\u2029]/;

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
    const heading = headingText(line);
    if (heading !== null) {
      flush();
      section = heading.replace(/[*_`]/g, '');
      continue;
    }
    // Table separators (|---|---|) say nothing.
    if (/^\s*(?:\|\s*)?:?-{3,}/.test(line)) {
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
      if (/[\p{L}\p{N}]/u.test(excerpt)) passages.push({ source, start, end, excerpt });
    }
  }
  return passages;
}

function foldedIfDifferent(text: string): string | null {
  const folded = fold(text);
  return folded === text.toLowerCase() ? null : folded;
}

/** A passage must hold at least this share of the question's weight to count as an answer. */
export const MIN_COVERAGE = 0.5;

/** Both drivers (node-postgres and PGlite) answer a raw query with `{ rows }`. */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The question's words that carry meaning: the parser's tokens minus stop words and question words. */
async function questionWords(db: Database, question: string): Promise<string[]> {
  const rows = await rowsOf<{ token: string }>(
    db,
    sql`select token from ts_debug('portuguese', ${question}) where coalesce(array_length(lexemes, 1), 0) > 0`,
  );
  return [...new Set(rows.map((r) => r.token).filter((t) => !QUESTION_WORDS.has(fold(t))))];
}

/**
 * The passages that answer `question`, best first. Each question word is stemmed as written and
 * folded; a passage holds the word when it holds either stem. A word weighs its IDF among the
 * passages (a word found nowhere weighs the most) and a passage counts only when it holds at least
 * half of the question's weight, so a question about something absent finds nothing rather than a
 * passage sharing a common word. They are ordered by the weight they hold, then by `ts_rank_cd`
 * (how densely the words appear), then by source and offset.
 */
export async function retrieve(db: Database, passages: Passage[], question: string, limit = 3): Promise<ScoredPassage[]> {
  if (!passages.length) return [];
  const words = await questionWords(db, question);
  if (!words.length) return [];
  // The folded spelling only where it differs: stemming is most of the query's cost.
  const passageRows = JSON.stringify(passages.map((p, i) => ({ i, t: p.excerpt, f: foldedIfDifferent(p.excerpt) })));
  const wordRows = JSON.stringify(words.map((w, i) => ({ w: i, a: w, b: fold(w) })));
  const rows = await rowsOf<{ i: number; coverage: number; score: number }>(
    db,
    sql`
      with passage as materialized (
        select i, v, tsvector_to_array(v) as stems
        from (
          select i, to_tsvector('portuguese', t) || coalesce(to_tsvector('portuguese', f), ''::tsvector) as v
          from json_to_recordset(${passageRows}::json) as x(i int, t text, f text)
        ) as stemmed
      ),
      word as (
        -- A word that is a stop word in either spelling ('é' folds to 'e') says nothing.
        select w, tsvector_to_array(to_tsvector('portuguese', a) || to_tsvector('portuguese', b)) as stems
        from json_to_recordset(${wordRows}::json) as y(w int, a text, b text)
        where to_tsvector('portuguese', a) <> ''::tsvector and to_tsvector('portuguese', b) <> ''::tsvector
      ),
      hit as (
        select passage.i, word.w from passage join word on passage.stems && word.stems
      ),
      weight as (
        select word.w, ln(1 + ((select count(*) from passage) - count(hit.i) + 0.5) / (count(hit.i) + 0.5)) as idf
        from word left join hit on hit.w = word.w
        group by word.w
      ),
      total as (select sum(idf) as idf from weight),
      -- Any of the question's stems, each quoted as tsquery input wants (quotes and backslashes doubled).
      query as (
        select string_agg(chr(39) || replace(replace(s, chr(92), chr(92) || chr(92)), chr(39), chr(39) || chr(39)) || chr(39), ' | ')::tsquery as q
        from word, unnest(word.stems) as s
      )
      select hit.i, (sum(weight.idf) / total.idf)::float8 as coverage, ts_rank_cd(passage.v, query.q, 1)::float8 as score
      from hit
      join weight on weight.w = hit.w
      join passage on passage.i = hit.i
      cross join total
      cross join query
      group by hit.i, passage.v, query.q, total.idf
      having sum(weight.idf) / total.idf >= ${MIN_COVERAGE}
    `,
  );
  const scored: ScoredPassage[] = rows.map((r) => ({ ...passages[r.i]!, coverage: Number(r.coverage), score: Number(r.score) }));
  scored.sort(
    (a, b) =>
      b.coverage - a.coverage ||
      b.score - a.score ||
      a.source.name.localeCompare(b.source.name) ||
      (a.source.page ?? 0) - (b.source.page ?? 0) ||
      a.start - b.start,
  );
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
