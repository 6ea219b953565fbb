/**
 * `npm run bench:real`: the reader against REAL paperwork (issue "Documents III", item 1). Reads
 * every file of `../shared/realdocs-dev/` through the product's own path — validateUpload, the
 * extraction pool (pdf.js text layer, OCR), extractKeyFields — builds one dossier per source
 * repository folder (buildDossier, as the server does for an analysis), and scores it all against
 * the truth a person wrote in `packages/extract/bench/real/truth/*.json` (format and rules:
 * bench/real/real-truth.ts). Prints Markdown: the issue's targets, per-type figures and one line
 * per document with what it missed, so the next engineer knows where to look.
 *
 * Never prints names: owners are compared by initials, and misses show keys, codes and initials.
 *
 * Flags: --dir PATH (default ../shared/realdocs-dev) --only TEXT (files whose path contains it)
 * --ocr-timeout S (seconds per OCR page, default 300: accuracy, not speed; a file gets 10× that)
 * --cache DIR (default /tmp/viabiliza-bench-real: every extraction is written there) --reuse (score
 * the cached extraction instead of reading again: only while the reader's text/OCR is unchanged;
 * key fields and the dossier are always recomputed) --reuse-ocr (reuse only scans and photos, read
 * the born-digital files again: a minute instead of half an hour of OCR on a shared machine) --as-of YYYY-MM-DD (the dossier's analysis
 * date, default today) --json out.json.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { canonicalDocumentType, DOCUMENT_TYPES, type DocumentTypeId, type FieldKey } from '@viabiliza/contracts/document-types';
import type { Dossier, DossierDocument } from '@viabiliza/contracts/dossier';
import { fieldMatches, judgeLiens, type PredictedField } from '../bench/compare.ts';
import { initialsOf, normalActLabel, truthProblems, type RealTruth } from '../bench/real/real-truth.ts';
import { buildDossier } from '../src/dossier/index.ts';
import { extractKeyFields } from '../src/key-fields.ts';
import { createExtractionPool, type ExtractionPool } from '../src/pool.ts';
import type { ExtractionResult, FileKind } from '../src/types.ts';
import { validateUpload } from '../src/validate.ts';

const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));
export const TRUTH_DIR = join(ROOT, 'packages/extract/bench/real/truth');

function args() {
  const argv = process.argv.slice(2);
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  return {
    dir: resolve(value('--dir') ?? join(ROOT, '../shared/realdocs-dev')),
    only: value('--only') ?? null,
    ocrTimeout: Number(value('--ocr-timeout') ?? 300),
    cache: resolve(value('--cache') ?? '/tmp/viabiliza-bench-real'),
    reuse: argv.includes('--reuse') || argv.includes('--reuse-ocr'),
    /** Reuse only the files that need OCR (scans, photos); born-digital ones are read again. */
    reuseOcrOnly: argv.includes('--reuse-ocr'),
    asOf: value('--as-of') ?? new Date().toISOString().slice(0, 10),
    json: value('--json') ?? null,
  };
}

const log = (...parts: unknown[]) => process.stderr.write(`${parts.join(' ')}\n`);
const pct = (n: number, d: number) => (d === 0 ? 'n/d' : `${((100 * n) / d).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} %`);
const fmt = (n: number, digits = 0) => n.toLocaleString('pt-BR', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const table = (head: string[], rows: (string | number)[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!, i);
      }
    }),
  );
  return out;
}

// ---------------------------------------------------------------------------------------------
// Reading, as the server does

interface Read {
  file: string;
  status: 'ok' | 'refused' | 'quarantined' | 'error';
  reason: string | null;
  ms: number;
  result: ExtractionResult | null;
}

/** The manifest's files, born-digital ones first (seconds), then scans and photos (OCR: minutes on a shared machine). */
function manifestFiles(dir: string): string[] {
  const manifest = join(dir, 'MANIFEST.tsv');
  if (!existsSync(manifest)) return [];
  const rows = readFileSync(manifest, 'utf8')
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'))
    .filter((c) => c[0] && existsSync(join(dir, c[0])));
  const cost = (c: string[]) => (/^text/i.test(c[6] ?? '') ? 0 : /photo/i.test(c[6] ?? '') ? 2 : 1);
  return rows.sort((a, b) => cost(a) - cost(b)).map((c) => c[0]!);
}

/** Files the manifest says are born-digital (a text layer: no OCR, seconds to read again). */
function textFiles(dir: string): Set<string> {
  const manifest = join(dir, 'MANIFEST.tsv');
  if (!existsSync(manifest)) return new Set();
  return new Set(readFileSync(manifest, 'utf8').split('\n').slice(1).map((l) => l.split('\t')).filter((c) => /^text/i.test(c[6] ?? '')).map((c) => c[0]!));
}

const cacheName = (file: string, bytes: Buffer) => `${createHash('sha1').update(file).update(bytes).digest('hex').slice(0, 16)}.json`;

async function readOne(pool: ExtractionPool, dir: string, file: string, timeouts: { ocrPageMs: number; fileMs: number }): Promise<Read> {
  const path = join(dir, file);
  const name = basename(file);
  const size = (await stat(path)).size;
  const verdict = await validateUpload({ path, name, size });
  if (verdict.errors.length || !verdict.kind) return { file, status: 'refused', reason: verdict.errors[0] ?? 'tipo não permitido', ms: 0, result: null };
  if (verdict.quarantineReason) return { file, status: 'quarantined', reason: verdict.quarantineReason, ms: 0, result: null };
  const t = performance.now();
  try {
    const result = await pool.run({ path, kind: verdict.kind as FileKind, fileName: name }, { timeouts });
    return { file, status: 'ok', reason: null, ms: performance.now() - t, result };
  } catch (error) {
    return { file, status: 'error', reason: error instanceof Error ? error.message : String(error), ms: performance.now() - t, result: null };
  }
}

// ---------------------------------------------------------------------------------------------
// Judging one document

interface Judged {
  truth: RealTruth;
  read: Read;
  predictedType: DocumentTypeId | null;
  fields: PredictedField[];
  keyFields: DossierDocument['keyFields'];
  tp: number;
  predicted: number;
  truthCount: number;
  found: number;
  missedFields: string[];
  wrongFields: string[];
  falseLiens: string[];
  missedLiens: string[];
  unreadPages: number[];
}

const measuredKeys = (type: DocumentTypeId) => new Set<string>((DOCUMENT_TYPES[type].fields as readonly FieldKey[]).filter((k) => k !== 'onus'));
const letters = (text: string) => text.replace(/[^\p{L}]/gu, '').length;
/** A value shown in a miss: codes and figures as read, never a name (the keys measured are property facts). */
const shown = (v: string | number) => String(v).replace(/\s+/g, ' ').slice(0, 48);

/** compare.ts's judgement, with a street number printed with a thousands dot ('nº 1.928') read as 1928. */
function matches(truth: RealTruth['fields'][number], predicted: PredictedField): boolean {
  if (truth.key !== 'endereco') return fieldMatches(truth, predicted);
  return fieldMatches(truth, { ...predicted, value: predicted.value.replace(/(\d)\.(\d{3})\b/g, '$1$2') });
}

function judgeDocument(truth: RealTruth, read: Read): Judged {
  const pages = read.result?.pages ?? [];
  const keys = extractKeyFields({ fileName: basename(truth.file), pages });
  const fields = keys.fields as unknown as PredictedField[];
  const predictedType = read.status === 'ok' ? canonicalDocumentType(keys.documentType as string) : null;
  // A truth not transcribed yet scores no field (its reader output is neither right nor wrong yet).
  const measured = truth.pending ? new Set<string>() : measuredKeys(truth.type);
  const truthFields = truth.fields.filter((f) => measured.has(f.key));
  const found = new Set<number>();
  let tp = 0;
  let predicted = 0;
  const wrongFields: string[] = [];
  for (const f of fields) {
    if (!measured.has(f.key)) continue;
    predicted += 1;
    const i = truthFields.findIndex((t) => t.key === f.key && matches(t, f));
    if (i >= 0) {
      tp += 1;
      found.add(i);
    } else wrongFields.push(`${f.key}=${shown(f.normalized ?? f.value)}`);
  }
  // An optional truth (the second unit's figure, a value a reader may fairly pick) makes a prediction right but is not owed.
  const optional = (i: number) => (truthFields[i] as { optional?: boolean }).optional === true;
  const missedFields = truthFields.filter((_, i) => !found.has(i) && !optional(i)).map((t) => `${t.key}=${shown(t.value)}`);
  const lienVerdict = truth.pending ? { falseActive: [], missedActive: [] } : judgeLiens(truth.liens, fields);
  const blank = new Set(truth.blankPages ?? []);
  const unreadPages = read.status !== 'ok' ? [] : pages.filter((p) => !blank.has(p.number) && letters(p.text) < 40).map((p) => p.number);
  return {
    truth,
    read,
    predictedType,
    fields,
    keyFields: keys.fields as unknown as DossierDocument['keyFields'],
    tp,
    predicted,
    truthCount: truthFields.filter((_, i) => !optional(i)).length,
    found: [...found].filter((i) => !optional(i)).length,
    missedFields,
    wrongFields,
    falseLiens: lienVerdict.falseActive.map((l) => `${l.type}${l.act ? ` ${l.act}` : ''}`),
    missedLiens: lienVerdict.missedActive.map((l) => `${l.type}${l.act ? ` ${l.act}` : ''}`),
    unreadPages,
  };
}

// ---------------------------------------------------------------------------------------------
// Judging the dossier of each source folder against the matrícula truths

interface MatriculaJudged {
  file: string;
  number: string | null;
  illegible: boolean;
  acts: number;
  actsFound: number;
  actsKindRight: number;
  missedActs: string[];
  ownersJudged: boolean;
  ownersRight: boolean;
  ownersGot: string;
  ownersWant: string;
  falseActive: string[];
  missedActive: string[];
  /** The dossier told the user this matrícula's acts were not read (liens 'não verificados'). */
  unreadFlagged: boolean;
  /** Acts the dossier read that the person did not (an act read in a georef line, a stamp). */
  extraActs: string[];
}

function judgeMatricula(truth: RealTruth, dossier: Dossier | null): MatriculaJudged {
  const tm = truth.matricula!;
  const digits = (s: string) => s.replace(/\D/g, '');
  const dm = dossier?.matriculas.find((m) => m.documentId === truth.file) ?? (tm.number ? dossier?.matriculas.find((m) => digits(m.matricula) === tm.number) : undefined) ?? null;
  const gotActs = new Map((dm?.acts ?? []).map((a) => [normalActLabel(a.label), a]));
  const missedActs: string[] = [];
  let found = 0;
  let kindRight = 0;
  for (const a of tm.acts) {
    const g = gotActs.get(a.label);
    if (g) {
      found += 1;
      if (g.type === a.type) kindRight += 1;
      else missedActs.push(`${a.label} lido como ${g.type} (é ${a.type})`);
    } else missedActs.push(`${a.label} ${a.type} não lido`);
  }
  const extraActs = [...gotActs.keys()].filter((l) => !tm.acts.some((a) => a.label === l));
  // Liens: the dossier's active liens against the truth's active ones (type and act).
  const wantActive = tm.liens.filter((l) => l.active);
  const gotActive = (dm?.liens ?? []).filter((l) => l.status === 'ativo');
  const falseActive = gotActive.filter((g) => !wantActive.some((w) => w.type === g.type && (w.act === null || w.act === normalActLabel(g.act)))).map((g) => `${g.type} ${normalActLabel(g.act)}`);
  const missedActive = wantActive.filter((w) => !gotActive.some((g) => g.type === w.type && (w.act === null || w.act === normalActLabel(g.act)))).map((w) => `${w.type} ${w.act ?? ''}`.trim());
  // Owners by initials (as a set); judged only where the person can tell who owns it.
  const ownersJudged = !tm.illegible && tm.owners !== null;
  const want = (tm.owners ?? []).map((o) => o.initials).sort();
  const got = (dm?.owners ?? []).map((o) => initialsOf(o.name)).sort();
  return {
    file: truth.file,
    number: tm.number,
    illegible: tm.illegible === true,
    acts: tm.acts.length,
    actsFound: found,
    actsKindRight: kindRight,
    missedActs,
    ownersJudged,
    ownersRight: ownersJudged && want.join('|') === got.join('|'),
    ownersGot: dm ? got.join(', ') || 'nenhum' : 'matrícula ausente do dossiê',
    ownersWant: want.join(', '),
    falseActive,
    missedActive,
    unreadFlagged: dm?.basis === 'nao_lidos',
    extraActs,
  };
}

// ---------------------------------------------------------------------------------------------

function loadTruths(): { truths: RealTruth[]; problems: string[] } {
  if (!existsSync(TRUTH_DIR)) return { truths: [], problems: [] };
  const truths: RealTruth[] = [];
  const problems: string[] = [];
  for (const name of readdirSync(TRUTH_DIR).filter((n) => n.endsWith('.json')).sort()) {
    const t = JSON.parse(readFileSync(join(TRUTH_DIR, name), 'utf8')) as RealTruth;
    problems.push(...truthProblems(t, name));
    truths.push(t);
  }
  return { truths, problems };
}

async function main() {
  const opts = args();
  if (!existsSync(opts.dir)) {
    log(`Pasta ${opts.dir} ausente: nada a medir.`);
    return;
  }
  const { truths, problems } = loadTruths();
  if (problems.length) {
    for (const p of problems) log(`verdade inválida: ${p}`);
    process.exit(1);
  }
  const all = manifestFiles(opts.dir);
  const files = all.filter((f) => !opts.only || f.includes(opts.only));
  const withTruth = new Map(truths.map((t) => [t.file, t]));
  log(`Máquina: ${cpus()[0]?.model ?? '?'}, ${availableParallelism()} núcleos, carga ${fmt(loadavg()[0]!, 1)}; ${files.length} arquivos, ${files.filter((f) => withTruth.has(f)).length} com verdade.`);

  // --- Read (or reuse) ----------------------------------------------------------------------
  await mkdir(opts.cache, { recursive: true });
  const timeouts = { ocrPageMs: opts.ocrTimeout * 1000, fileMs: opts.ocrTimeout * 10_000 };
  let pool: ExtractionPool | null = null;
  const tRead = performance.now();
  let done = 0;
  const loadAvgStart = loadavg()[0]!;
  const born = textFiles(opts.dir);
  const reads = await mapLimit(files, availableParallelism(), async (file) => {
    const bytes = await readFile(join(opts.dir, file));
    const cached = join(opts.cache, cacheName(file, bytes));
    let read: Read;
    if (opts.reuse && existsSync(cached) && !(opts.reuseOcrOnly && born.has(file))) read = JSON.parse(readFileSync(cached, 'utf8')) as Read;
    else {
      pool ??= createExtractionPool();
      read = await readOne(pool, opts.dir, file, timeouts);
      await writeFile(cached, JSON.stringify(read));
    }
    done += 1;
    log(`  ${done}/${files.length} ${read.status} ${fmt(read.ms / 1000, 1)} s ${file.slice(0, 90)}`);
    return read;
  });
  const readSeconds = (performance.now() - tRead) / 1000;
  const readMs = reads.reduce((n, r) => n + r.ms, 0);
  if (pool) await (pool as ExtractionPool).destroy();

  // --- Judge every document with a truth --------------------------------------------------------
  const judged = reads.filter((r) => withTruth.has(r.file)).map((r) => judgeDocument(withTruth.get(r.file)!, r));

  // --- One dossier per source folder ------------------------------------------------------------
  const sources = [...new Set(judged.map((j) => j.truth.source))];
  const dossiers = new Map<string, Dossier | null>();
  const dossierErrors: string[] = [];
  for (const source of sources) {
    const documents: DossierDocument[] = judged
      .filter((j) => j.truth.source === source && j.read.status === 'ok')
      .map((j) => ({ id: j.truth.file, fileName: basename(j.truth.file), documentType: j.predictedType, keyFields: j.keyFields, pages: (j.read.result?.pages ?? []).map((p) => ({ number: p.number, text: p.text })) }));
    try {
      dossiers.set(source, buildDossier(documents, { asOf: opts.asOf }));
    } catch (error) {
      dossiers.set(source, null);
      dossierErrors.push(`${source}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  const matriculas = judged.filter((j) => j.truth.matricula).map((j) => ({ j, m: judgeMatricula(j.truth, dossiers.get(j.truth.source) ?? null) }));
  // Active liens the dossier holds on matrículas no transcribed truth knows: false when the file is
  // not a matrícula at all (a deed, a carnê), 'to check' when it is a ledger photo not transcribed yet.
  const strayLiens: string[] = [];
  const uncheckedLiens: string[] = [];
  for (const d of dossiers.values()) {
    for (const m of d?.matriculas ?? []) {
      const known = matriculas.some(({ j }) => j.truth.file === m.documentId);
      if (known) continue;
      const pending = withTruth.get(m.documentId)?.pending === true;
      for (const l of m.liens.filter((x) => x.status === 'ativo')) (pending ? uncheckedLiens : strayLiens).push(`${m.documentId} (matrícula lida ${m.matricula || '?'}): ${l.type} ${normalActLabel(l.act)}`);
    }
  }

  // --- Figures --------------------------------------------------------------------------------
  const out: string[] = [];
  const print = (s = '') => out.push(s);
  const sum = (f: (j: Judged) => number) => judged.reduce((n, j) => n + f(j), 0);
  const classified = judged.filter((j) => j.predictedType === j.truth.type).length;
  const tp = sum((j) => j.tp);
  const predicted = sum((j) => j.predicted);
  const truthCount = sum((j) => j.truthCount);
  const found = sum((j) => j.found);
  const legible = matriculas.filter(({ m }) => !m.illegible);
  const acts = legible.reduce((n, { m }) => n + m.acts, 0);
  const actsFound = legible.reduce((n, { m }) => n + m.actsFound, 0);
  const actsKind = legible.reduce((n, { m }) => n + m.actsKindRight, 0);
  const ownersJudged = matriculas.filter(({ m }) => m.ownersJudged);
  const ownersRight = ownersJudged.filter(({ m }) => m.ownersRight).length;
  const falseDossier = matriculas.flatMap(({ m }) => m.falseActive.map((l) => `${m.file}: ${l}`)).concat(strayLiens);
  const missedDossier = matriculas.flatMap(({ m }) => m.missedActive.map((l) => `${m.file}: ${l}`));
  // A miss on a matrícula the dossier calls 'Atos não lidos — ônus não verificados' is told to the
  // user; a silent one (a matrícula said to be read, or missing from the dossier) is not.
  const missedSilently = matriculas.filter(({ m }) => !m.unreadFlagged).reduce((n, { m }) => n + m.missedActive.length, 0);
  const falseDoc = judged.flatMap((j) => j.falseLiens.map((l) => `${j.truth.file}: ${l}`));
  const missedDoc = judged.flatMap((j) => j.missedLiens.map((l) => `${j.truth.file}: ${l}`));
  const lost = judged.filter((j) => j.read.status !== 'ok');
  const pagesTotal = judged.reduce((n, j) => n + j.truth.pages, 0);
  const unread = judged.reduce((n, j) => n + j.unreadPages.length, 0);
  const ocrPages = judged.reduce((n, j) => n + (j.read.result?.pages.filter((p) => p.method !== 'text').length ?? 0), 0);
  const illegibleDocs = judged.filter((j) => j.truth.illegible || j.truth.matricula?.illegible);
  const reached = (ok: boolean) => (ok ? 'atingido' : 'não atingido');

  print(`## Documentos reais do mundo (\`npm run bench:real\`)`);
  print();
  print(`${judged.length} documentos com verdade (de ${all.length} em realdocs-dev), ${pagesTotal} páginas, ${sources.length} pastas de origem; ${opts.reuse ? `extração ${opts.reuseOcrOnly ? 'dos arquivos com OCR ' : ''}reaproveitada do cache (texto e OCR de uma leitura anterior; campos, tipo e dossiê recalculados agora)${opts.reuseOcrOnly ? `, os nascidos digitais lidos de novo em ${fmt(readSeconds)} s` : ''}` : `lidos em ${fmt(readSeconds)} s de relógio (${fmt(readMs / 1000)} s somando arquivos)`} com ${availableParallelism()} threads, OCR ${fmt(opts.ocrTimeout)} s por página; ${ocrPages} páginas passaram por OCR. Máquina: ${cpus()[0]?.model ?? '?'}, ${availableParallelism()} núcleos, carga média ${fmt(loadAvgStart, 1)} no início e ${fmt(loadavg()[0]!, 1)} no fim. Data da análise (dossiê): ${opts.asOf}.`);
  print();
  print('### Metas');
  print();
  print(table(['meta', 'medido', 'situação'], [
    ['classificação ≥ 95 %', `${pct(classified, judged.length)} (${classified}/${judged.length})`, reached(classified / judged.length >= 0.95)],
    ['precisão dos campos ≥ 97 %', `${pct(tp, predicted)} (${tp}/${predicted})`, reached(predicted > 0 && tp / predicted >= 0.97)],
    ['revocação dos campos ≥ 90 %', `${pct(found, truthCount)} (${found}/${truthCount})`, reached(truthCount > 0 && found / truthCount >= 0.9)],
    ['atos encontrados ≥ 95 % (matrículas legíveis)', `${pct(actsFound, acts)} (${actsFound}/${acts}); com o tipo certo ${pct(actsKind, acts)}`, reached(acts > 0 && actsFound / acts >= 0.95)],
    ['0 falsos ônus ativos (dossiê)', String(falseDossier.length), reached(falseDossier.length === 0)],
    ['0 ônus ativos perdidos (dossiê)', `${missedDossier.length} (${missedSilently} sem aviso; ${missedDossier.length - missedSilently} em matrículas dadas como 'atos não lidos — ônus não verificados')`, reached(missedDossier.length === 0)],
    ['proprietários atuais certos em toda matrícula legível', `${ownersRight}/${ownersJudged.length}`, reached(ownersRight === ownersJudged.length)],
    ['0 documentos perdidos (erro, recusa)', String(lost.length), reached(lost.length === 0)],
  ]));
  print();
  // The same figures for printed certificates and for handwritten ledger photos apart: the photos
  // hold most acts and liens, and need a handwriting reader the product does not have.
  const split = (photo: boolean) => {
    const ms = matriculas.filter(({ j }) => /\.(jpe?g|png)$/i.test(j.truth.file) === photo);
    const leg = ms.filter(({ m }) => !m.illegible);
    const a = leg.reduce((n, { m }) => n + m.acts, 0);
    const f = leg.reduce((n, { m }) => n + m.actsFound, 0);
    const oj = ms.filter(({ m }) => m.ownersJudged);
    return [photo ? 'fichas manuscritas (fotos)' : 'certidões impressas/digitais', `${ms.length} (${ms.length - leg.length} ilegíveis)`, `${pct(f, a)} (${f}/${a})`, `${oj.filter(({ m }) => m.ownersRight).length}/${oj.length}`, ms.reduce((n, { m }) => n + m.falseActive.length, 0), ms.reduce((n, { m }) => n + m.missedActive.length, 0), ms.filter(({ j }) => j.read.status !== 'ok').length];
  };
  print(table(['registro', 'documentos', 'atos encontrados', 'proprietários certos', 'falsos ônus ativos', 'ônus ativos perdidos', 'perdidos'], [split(false), split(true)]));
  print();
  print(`Ônus nos campos de cada documento (extractKeyFields 'onus'): ${falseDoc.length} falsos ativos, ${missedDoc.length} ativos perdidos. Páginas sem texto legível (< 40 letras, fora as em branco): ${unread}/${pagesTotal}. Documentos cuja história uma pessoa não lê com segurança (a resposta certa é 'ilegível'): ${illegibleDocs.length}; deles, ${illegibleDocs.filter((j) => j.wrongFields.length > 0).length} com algum campo errado e ${illegibleDocs.filter((j) => matriculas.some(({ j: x, m }) => x === j && m.falseActive.length > 0)).length} com ônus ativo inventado. Tempo de leitura: ${fmt(readMs / 1000)} s somando arquivos.`);
  print();

  // --- Per type --------------------------------------------------------------------------------
  print('### Por tipo');
  print();
  const types = [...new Set(judged.map((j) => j.truth.type))];
  print(table(['tipo (verdade)', 'docs', 'classificados certo', 'lidos como', 'precisão', 'revocação', 'tempo médio (s)'], types.map((type) => {
    const js = judged.filter((j) => j.truth.type === type);
    const as = [...new Set(js.map((j) => j.predictedType ?? j.read.status))].join(', ');
    return [type, js.length, js.filter((j) => j.predictedType === type).length, as, pct(js.reduce((n, j) => n + j.tp, 0), js.reduce((n, j) => n + j.predicted, 0)), pct(js.reduce((n, j) => n + j.found, 0), js.reduce((n, j) => n + j.truthCount, 0)), fmt(js.reduce((n, j) => n + j.read.ms, 0) / js.length / 1000, 1)];
  })));
  print();

  // --- Matrículas ------------------------------------------------------------------------------
  print('### Matrículas e certidões do registro');
  print();
  print(table(['arquivo', 'matrícula', 'atos (achados/tipo certo/total)', 'proprietários (iniciais: verdade → dossiê)', 'falsos ônus ativos', 'ônus ativos perdidos'], matriculas.filter(({ m }) => !m.illegible).map(({ m }) => [
    m.file.slice(0, 70), m.number ?? '(sem número)', `${m.actsFound}/${m.actsKindRight}/${m.acts}`, m.ownersJudged ? `${m.ownersWant || '—'} → ${m.ownersGot}${m.ownersRight ? ' ✓' : ' ✗'}` : 'n/d', m.falseActive.join('; ') || '0', m.missedActive.join('; ') || '0',
  ])));
  const illegibleM = matriculas.filter(({ m }) => m.illegible);
  if (illegibleM.length) print(`\nFichas manuscritas ilegíveis: ${illegibleM.length}; falsos ônus ativos nelas: ${illegibleM.reduce((n, { m }) => n + m.falseActive.length, 0)}.`);
  print();
  if (dossierErrors.length) print(`Dossiê com erro: ${dossierErrors.join('; ')}\n`);
  if (strayLiens.length) print(`Ônus ativos lidos em arquivos que não são matrícula (contam como falsos): ${strayLiens.join('; ')}\n`);
  if (uncheckedLiens.length) print(`Ônus ativos lidos em fichas manuscritas ainda não transcritas (a conferir, fora da conta): ${uncheckedLiens.length} — ${uncheckedLiens.join('; ')}\n`);
  const pendingDocs = judged.filter((j) => j.truth.pending);
  if (pendingDocs.length) print(`Verdade pendente (só o tipo é medido): ${pendingDocs.length} fichas manuscritas.\n`);

  // --- Per document ------------------------------------------------------------------------------
  print('### Por documento (o que falta)');
  print();
  for (const j of judged) {
    const m = matriculas.find((x) => x.j === j)?.m;
    const bits: string[] = [];
    if (j.read.status !== 'ok') bits.push(`PERDIDO (${j.read.status}: ${j.read.reason})`);
    if (j.predictedType !== j.truth.type) bits.push(`tipo ${j.predictedType ?? '—'} (é ${j.truth.type})`);
    if (j.missedFields.length) bits.push(`faltam ${j.missedFields.join(', ')}`);
    if (j.wrongFields.length) bits.push(`errados ${j.wrongFields.join(', ')}`);
    if (j.falseLiens.length) bits.push(`ônus falsos (campo) ${j.falseLiens.join(', ')}`);
    if (j.missedLiens.length) bits.push(`ônus perdidos (campo) ${j.missedLiens.join(', ')}`);
    if (j.unreadPages.length) bits.push(`páginas sem texto ${j.unreadPages.join(',')}`);
    if (m && !m.illegible) {
      if (m.missedActs.length) bits.push(`atos: ${m.missedActs.join('; ')}`);
      if (m.extraActs.length) bits.push(`atos a mais ${m.extraActs.join(', ')}`);
      if (m.ownersJudged && !m.ownersRight) bits.push(`proprietários ${m.ownersWant} → ${m.ownersGot}`);
      if (m.falseActive.length) bits.push(`dossiê: ônus falsos ${m.falseActive.join(', ')}`);
      if (m.missedActive.length) bits.push(`dossiê: ônus perdidos ${m.missedActive.join(', ')}`);
    }
    if (m?.illegible && m.falseActive.length) bits.push(`dossiê: ônus falsos numa ficha ilegível ${m.falseActive.join(', ')}`);
    print(`- \`${j.truth.file}\` (${fmt(j.read.ms / 1000, 1)} s): ${bits.length ? bits.join(' | ') : 'ok'}`);
  }
  const untruthed = files.filter((f) => !withTruth.has(f));
  if (untruthed.length) print(`\nSem verdade ainda (lidos, não medidos): ${untruthed.length} arquivos.`);
  print();

  process.stdout.write(`${out.join('\n')}\n`);
  if (opts.json) {
    await writeFile(opts.json, JSON.stringify({
      asOf: opts.asOf,
      figures: { documents: judged.length, classified, tp, predicted, truthCount, found, acts, actsFound, actsKind, ownersRight, ownersJudged: ownersJudged.length, falseDossier, missedDossier, falseDoc, missedDoc, lost: lost.map((j) => j.truth.file), unread, readMs },
      documents: judged.map((j) => ({ file: j.truth.file, type: j.truth.type, predictedType: j.predictedType, status: j.read.status, ms: j.read.ms, missedFields: j.missedFields, wrongFields: j.wrongFields, unreadPages: j.unreadPages })),
      matriculas: matriculas.map(({ m }) => m),
    }, null, 2));
    log(`Resultados em ${opts.json}`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
