/**
 * `npm run bench:documents`: the reader against a corpus that looks like real paperwork (issue
 * 14). Generates the seeded corpus (bench/corpus.ts), runs every file as the server does —
 * validateUpload, then the extraction pool, then extractKeyFields — and prints Markdown tables:
 * classification, fields, liens, pages and OCR, traps, OCR time against native tesseract on the
 * same pages, a whole sale folder against a native pipeline on the same 2 cores, and the
 * decompression bomb's memory; then (issue 16) each sale folder's dossier against its
 * `dossier.truth.json`, and the time of a whole ~40-file folder read, built and analysed. Flags:
 * --seed N --sales N (7 = issue 14's corpus) --count N --dir PATH --skip-native --skip-bomb
 * --reuse --verbose (every dossier mismatch) --ocr-timeout S (a loaded shared machine) --json out.json. The dossier mismatches are also
 * written to /tmp/dossier-mismatches.txt.
 */
import { execFile, execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { canonicalDocumentType, DOCUMENT_TYPES, type DocumentTypeId, type FieldKey } from '@viabiliza/contracts/document-types';
import type { DossierDocument } from '@viabiliza/contracts/dossier';
import { BOMB_FILE, DEFAULT_SALES, DEFAULT_SEED, DOSSIER_TRUTH_FILE, generateCorpus, ISSUE14_SALES, type CorpusEntry } from '../bench/corpus.ts';
import { dossierMarkdown, judgeFolders, type FolderRun } from '../bench/dossier-bench.ts';
import { fieldMatches, judgeLiens, type LienVerdict, type PredictedField } from '../bench/compare.ts';
import type { DocumentTruth, DossierTruth, TruthField } from '../bench/truth.ts';
import { extractKeyFields } from '../src/key-fields.ts';
import { createExtractionPool, type ExtractionPool } from '../src/pool.ts';
import type { ExtractedPage, ExtractionResult, FileKind } from '../src/types.ts';
import { validateUpload } from '../src/validate.ts';
import { analyze } from '@viabiliza/engine/analyze';
import { lookupByCity } from '@viabiliza/engine/reference-data';
import type { EngineDocument } from '@viabiliza/engine/types';

const run = promisify(execFile);
const ROOT = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

// ---------------------------------------------------------------------------------------------
// Arguments

function args() {
  const argv = process.argv.slice(2);
  const value = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const seed = Number(value('--seed') ?? DEFAULT_SEED);
  const count = value('--count') ? Number(value('--count')) : undefined;
  return {
    seed,
    count,
    sales: Number(value('--sales') ?? DEFAULT_SALES),
    /** Seconds an OCR page (and 5× that a file) may take: on a loaded shared machine the product's 20 s per page times out. */
    ocrTimeout: value('--ocr-timeout') ? Number(value('--ocr-timeout')) : null,
    verbose: argv.includes('--verbose'),
    dir: resolve(value('--dir') ?? join(ROOT, 'node_modules/.cache/viabiliza-corpus', String(seed))),
    skipNative: argv.includes('--skip-native'),
    reuse: argv.includes('--reuse'),
    json: value('--json'),
    skipBomb: argv.includes('--skip-bomb'),
  };
}

const log = (...parts: unknown[]) => process.stderr.write(`${parts.join(' ')}\n`);
const pct = (n: number, d: number) => (d === 0 ? 'n/d' : `${((100 * n) / d).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} %`);
const fmt = (n: number, digits = 0) => n.toLocaleString('pt-BR', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const table = (head: string[], rows: (string | number)[][]) =>
  [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');

function has(tool: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

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

/** Peak resident memory of this process (the pool's threads live in it) while `fn` runs. */
async function peakRss<T>(fn: () => Promise<T>): Promise<{ result: T; baseMb: number; peakMb: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 25);
  try {
    const result = await fn();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, baseMb: base / 2 ** 20, peakMb: peak / 2 ** 20 };
  } finally {
    clearInterval(timer);
  }
}

// ---------------------------------------------------------------------------------------------
// Running one document as the server does

interface DocOutcome {
  file: string;
  truth: DocumentTruth;
  status: 'ok' | 'refused' | 'quarantined' | 'error';
  reason: string | null;
  warnings: string[];
  ms: number;
  pages: Pick<ExtractedPage, 'number' | 'method' | 'confidence'>[] & { text?: string }[];
  pageTexts: string[];
  predictedType: DocumentTypeId | null;
  fields: PredictedField[];
  /** The key fields as extractKeyFields returned them (what the server stores). */
  keyFields: DossierDocument['keyFields'];
  judged: { correct: number; predicted: number; truth: number; matchedTruth: number; pageRight: number; byKey: Record<string, { tp: number; fp: number; truth: number; found: number }> };
  liens: LienVerdict;
}

/** Set by --ocr-timeout; null keeps the product's limits. */
let runTimeouts: { ocrPageMs: number; fileMs: number } | undefined;

async function readOne(pool: ExtractionPool, entry: CorpusEntry): Promise<DocOutcome> {
  const name = basename(entry.file);
  const size = (await stat(entry.path)).size;
  const base = { file: entry.file, truth: entry.truth, warnings: [] as string[], pages: [], pageTexts: [], predictedType: null, fields: [], keyFields: [], ms: 0 };
  const empty = judge(entry.truth, null, []);
  const verdict = await validateUpload({ path: entry.path, name, size });
  if (verdict.errors.length || !verdict.kind) return { ...base, status: 'refused', reason: verdict.errors[0] ?? 'tipo não permitido', ...empty };
  if (verdict.quarantineReason) return { ...base, status: 'quarantined', reason: verdict.quarantineReason, warnings: verdict.warnings, ...empty };
  const t = performance.now();
  let result: ExtractionResult;
  try {
    result = await pool.run({ path: entry.path, kind: verdict.kind as FileKind, fileName: name }, runTimeouts ? { timeouts: runTimeouts } : {});
  } catch (error) {
    return { ...base, status: 'error', reason: error instanceof Error ? error.message : String(error), ms: performance.now() - t, warnings: verdict.warnings, ...empty };
  }
  const ms = performance.now() - t;
  const keys = extractKeyFields({ fileName: name, pages: result.pages });
  const fields = keys.fields as unknown as PredictedField[];
  const predictedType = canonicalDocumentType(keys.documentType as string);
  return {
    ...base,
    status: 'ok',
    reason: null,
    warnings: [...verdict.warnings, ...result.warnings],
    ms,
    pages: result.pages.map((p) => ({ number: p.number, method: p.method, confidence: p.confidence, blank: (p as { blank?: boolean }).blank })),
    pageTexts: result.pages.map((p) => p.text),
    predictedType,
    fields,
    keyFields: keys.fields as unknown as DossierDocument['keyFields'],
    ...judge(entry.truth, predictedType, fields),
  };
}

/** Fields measured for a document: its true type's registry fields, liens apart. */
const measuredKeys = (type: DocumentTypeId) => (DOCUMENT_TYPES[type].fields as readonly FieldKey[]).filter((k) => k !== 'onus');

function judge(truth: DocumentTruth, _type: DocumentTypeId | null, fields: PredictedField[]) {
  const keys = new Set<string>(measuredKeys(truth.type));
  const byKey: DocOutcome['judged']['byKey'] = {};
  const slot = (k: string) => (byKey[k] ??= { tp: 0, fp: 0, truth: 0, found: 0 });
  const truthFields = truth.fields.filter((f) => keys.has(f.key));
  let correct = 0;
  let predicted = 0;
  let pageRight = 0;
  const found = new Set<TruthField>();
  for (const f of fields) {
    if (!keys.has(f.key)) continue;
    predicted += 1;
    const t = truthFields.find((tf) => tf.key === f.key);
    if (t && fieldMatches(t, f)) {
      correct += 1;
      slot(f.key).tp += 1;
      if (!found.has(t)) {
        found.add(t);
        if (f.page === t.page) pageRight += 1;
      }
    } else slot(f.key).fp += 1;
  }
  for (const t of truthFields) {
    slot(t.key).truth += 1;
    if (found.has(t)) slot(t.key).found += 1;
  }
  return {
    judged: { correct, predicted, truth: truthFields.length, matchedTruth: found.size, pageRight, byKey },
    liens: judgeLiens(truth.liens, fields),
  };
}

const isBlankText = (text: string) => text.replace(/em branco/gi, '').replace(/[^\p{L}]/gu, '').length < 10;

// ---------------------------------------------------------------------------------------------
// Native tools

const NATIVE_ENV = { ...process.env, OMP_THREAD_LIMIT: '1' };

async function tesseract(image: string): Promise<void> {
  await run('tesseract', [image, '-', '-l', 'por'], { env: NATIVE_ENV, maxBuffer: 64 << 20 });
}

/** pdftoppm at 300 dpi, gray: one PNG per page. */
async function renderPages(pdf: string, outDir: string, prefix: string): Promise<string[]> {
  await run('pdftoppm', ['-r', '300', '-gray', '-png', pdf, join(outDir, prefix)]);
  return (await readdir(outDir)).filter((f) => f.startsWith(`${prefix}-`) && f.endsWith('.png')).sort().map((f) => join(outDir, f));
}

/** The native way through a file: pdftotext for text pages, pdftoppm + tesseract where a page is a full-page image. */
async function nativeFile(path: string, work: string, tag: string): Promise<number> {
  const lower = path.toLowerCase();
  const t = performance.now();
  if (/\.(jpe?g|png|tiff?)$/.test(lower)) {
    await tesseract(path);
  } else if (lower.endsWith('.pdf')) {
    const { stdout } = await run('pdfimages', ['-list', path], { maxBuffer: 16 << 20 });
    const imagePages = new Set(
      stdout
        .split('\n')
        .slice(2)
        .map((l) => l.trim().split(/\s+/))
        .filter((c) => c.length > 4 && Number(c[3]) >= 800)
        .map((c) => Number(c[0])),
    );
    await run('pdftotext', ['-enc', 'UTF-8', path, '-'], { maxBuffer: 256 << 20 });
    for (const page of imagePages) {
      const prefix = `${tag}-p${page}`;
      await run('pdftoppm', ['-r', '300', '-gray', '-png', '-f', String(page), '-l', String(page), path, join(work, prefix)]);
      const png = (await readdir(work)).find((f) => f.startsWith(`${prefix}-`));
      if (png) await tesseract(join(work, png));
    }
  } else if (lower.endsWith('.docx') && has('unzip')) {
    await run('unzip', ['-p', path, 'word/document.xml'], { maxBuffer: 64 << 20 });
  }
  return performance.now() - t;
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const opts = args();
  if (opts.ocrTimeout) runTimeouts = { ocrPageMs: opts.ocrTimeout * 1000, fileMs: opts.ocrTimeout * 5000 };
  const native = !opts.skipNative && has('tesseract') && has('pdftoppm') && has('pdftotext') && has('pdfimages');
  const threads = availableParallelism();
  log(`Máquina: ${cpus()[0]?.model ?? '?'}, ${threads} núcleos, Node ${process.version}`);

  // --- Corpus ------------------------------------------------------------------------------
  let entries: CorpusEntry[];
  const manifest = join(opts.dir, 'corpus.json');
  const tGen = performance.now();
  const folderOf = (sale: number) => `venda-${String(sale).padStart(2, '0')}`;
  const cached = opts.reuse && existsSync(manifest) ? (JSON.parse(readFileSync(manifest, 'utf8')) as { files: string[] }).files : null;
  // A cache from before issue 16 has fewer sales or no dossier truths: generate again.
  const complete = cached !== null && Array.from({ length: opts.sales }, (_, i) => folderOf(i + 1)).every((f) => existsSync(join(opts.dir, f, DOSSIER_TRUTH_FILE)) && cached.some((c) => c.startsWith(`${f}/`)));
  if (cached && !complete) log('Corpus em cache incompleto para --sales; gerando de novo.');
  if (cached && complete) {
    const wanted = (file: string) => {
      const sale = /^venda-(\d+)\//.exec(file)?.[1];
      return sale ? Number(sale) <= opts.sales : !opts.skipBomb;
    };
    entries = cached.filter(wanted).map((file) => {
      const truth = JSON.parse(readFileSync(join(opts.dir, `${file}.truth.json`), 'utf8')) as DocumentTruth;
      const sale = /^venda-(\d+)\//.exec(file)?.[1];
      return { path: join(opts.dir, file), file, sale: sale ? Number(sale) : 0, truth };
    });
    log(`Corpus reaproveitado: ${entries.length} arquivos em ${opts.dir}`);
  } else {
    await rm(opts.dir, { recursive: true, force: true });
    await mkdir(opts.dir, { recursive: true });
    log(`Gerando o corpus (semente ${opts.seed}) em ${opts.dir} ...`);
    entries = await generateCorpus({
      dir: opts.dir,
      seed: opts.seed,
      count: opts.count,
      sales: opts.sales,
      bomb: !opts.skipBomb,
      onDocument: (_e, done, total) => {
        if (done % 25 === 0 || done === total) log(`  ${done}/${total}`);
      },
    });
  }
  const genSeconds = (performance.now() - tGen) / 1000;
  const bomb = entries.find((e) => e.file === BOMB_FILE) ?? null;
  const docs = entries.filter((e) => e !== bomb);

  // --- Reading every document -------------------------------------------------------------
  const pool = createExtractionPool();
  // Warm the threads (modules, pdf.js, one OCR worker each) so the first files do not pay for it.
  const warm = docs.find((d) => d.truth.pages.some((p) => p.needsOcr) && d.file.endsWith('.jpg'));
  if (warm) await Promise.all(Array.from({ length: pool.threads }, () => readOne(pool, warm)));
  log(`Lendo ${docs.length} documentos com ${pool.threads} threads ...`);
  const tRead = performance.now();
  let done = 0;
  const outcomes = await mapLimit(docs, pool.threads, async (entry) => {
    const o = await readOne(pool, entry);
    done += 1;
    if (done % 10 === 0 || done === docs.length) log(`  ${done}/${docs.length} (${fmt((performance.now() - tRead) / 1000)} s)`);
    return o;
  });
  const readSeconds = (performance.now() - tRead) / 1000;
  const out: string[] = [];
  const print = (s = '') => out.push(s);

  // --- Corpus composition -------------------------------------------------------------------
  const byType = new Map<string, number>();
  const byTrap = new Map<string, number>();
  for (const e of entries) {
    byType.set(e.truth.type, (byType.get(e.truth.type) ?? 0) + 1);
    for (const t of e.truth.traps) byTrap.set(t, (byTrap.get(t) ?? 0) + 1);
  }
  const ocrTruthPages = docs.reduce((n, d) => n + d.truth.pages.filter((p) => p.needsOcr).length, 0);
  print(`## Documentos reais (\`npm run bench:documents\`)`);
  print();
  if (runTimeouts) print(`Limites de leitura trocados por --ocr-timeout ${opts.ocrTimeout}: ${opts.ocrTimeout} s por página de OCR, ${opts.ocrTimeout! * 5} s por arquivo (o produto usa 20 s e 60 s); a máquina é compartilhada.\n`);
  print(`Corpus: semente ${opts.seed}, ${entries.length} arquivos de ${byType.size} tipos, ${docs.reduce((n, d) => n + d.truth.pages.length, 0)} páginas (${ocrTruthPages} precisam de OCR); gerado em ${fmt(genSeconds)} s; lido em ${fmt(readSeconds)} s com ${pool.threads} threads. Máquina: ${cpus()[0]?.model ?? '?'}, ${threads} núcleos.`);
  print();

  // --- Classification ------------------------------------------------------------------------
  const okType = (o: DocOutcome) => o.predictedType === o.truth.type;
  const label = (o: DocOutcome) => (o.status === 'ok' ? (o.predictedType ?? '—') : o.status === 'refused' ? 'recusado' : o.status === 'quarantined' ? 'quarentena' : 'erro');
  const classified = outcomes.filter(okType).length;
  print('### Classificação');
  print();
  const typeRows = [...new Set(outcomes.map((o) => o.truth.type))].sort().map((type) => {
    const of = outcomes.filter((o) => o.truth.type === type);
    const wrong = new Map<string, number>();
    for (const o of of) if (!okType(o)) wrong.set(label(o), (wrong.get(label(o)) ?? 0) + 1);
    return [type, of.length, of.filter(okType).length, pct(of.filter(okType).length, of.length), [...wrong].map(([t, n]) => `${t} ×${n}`).join(', ') || '—'];
  });
  print(table(['tipo real', 'docs', 'certos', 'acurácia', 'confundido com'], [...typeRows, ['**total**', outcomes.length, classified, `**${pct(classified, outcomes.length)}**`, '']]));
  print();

  // --- Fields --------------------------------------------------------------------------------
  const sum = (f: (o: DocOutcome) => number) => outcomes.reduce((n, o) => n + f(o), 0);
  const tp = sum((o) => o.judged.correct);
  const predicted = sum((o) => o.judged.predicted);
  const truthCount = sum((o) => o.judged.truth);
  const found = sum((o) => o.judged.matchedTruth);
  const pageRight = sum((o) => o.judged.pageRight);
  const keyStats = new Map<string, { tp: number; fp: number; truth: number; found: number }>();
  for (const o of outcomes) {
    for (const [k, s] of Object.entries(o.judged.byKey)) {
      const acc = keyStats.get(k) ?? { tp: 0, fp: 0, truth: 0, found: 0 };
      acc.tp += s.tp;
      acc.fp += s.fp;
      acc.truth += s.truth;
      acc.found += s.found;
      keyStats.set(k, acc);
    }
  }
  print('### Campos (só as chaves do tipo real no registro, sem ônus)');
  print();
  const keyRows = [...keyStats].sort(([a], [b]) => a.localeCompare(b)).map(([k, s]) => [k, s.truth, s.tp + s.fp, s.tp, pct(s.tp, s.tp + s.fp), pct(s.found, s.truth)]);
  print(table(['campo', 'na verdade', 'previstos', 'corretos', 'precisão', 'revocação'], [...keyRows, ['**total**', truthCount, predicted, tp, `**${pct(tp, predicted)}**`, `**${pct(found, truthCount)}**`]]));
  print();
  print(`Página certa entre os campos corretos: ${pct(pageRight, found)} (${pageRight} de ${found}).`);
  print();
  if (opts.sales > ISSUE14_SALES) {
    // The first seven sales are issue 14's corpus byte for byte: its figures, to compare with BENCHMARKS.md.
    const old = outcomes.filter((_, i) => docs[i]!.sale >= 1 && docs[i]!.sale <= ISSUE14_SALES);
    const oldTp = old.reduce((n, o) => n + o.judged.correct, 0);
    const oldPred = old.reduce((n, o) => n + o.judged.predicted, 0);
    const oldTruth = old.reduce((n, o) => n + o.judged.truth, 0);
    const oldFound = old.reduce((n, o) => n + o.judged.matchedTruth, 0);
    print(`Só as ${ISSUE14_SALES} vendas da issue 14 (${old.length} arquivos, os mesmos bytes): classificação ${pct(old.filter((o) => o.predictedType === o.truth.type).length, old.length)}, precisão ${pct(oldTp, oldPred)}, revocação ${pct(oldFound, oldTruth)}, falsos ônus ativos ${old.reduce((n, o) => n + o.liens.falseActive.length, 0)}.`);
    print();
  }

  // --- Liens ---------------------------------------------------------------------------------
  const falseLiens = outcomes.flatMap((o) => o.liens.falseActive.map((l) => ({ file: o.file, ...l })));
  const missed = outcomes.flatMap((o) => o.liens.missedActive.map((l) => ({ file: o.file, ...l })));
  const activeTruth = sum((o) => o.truth.liens.filter((l) => l.active).length);
  print('### Ônus');
  print();
  print(table(['medida', 'valor'], [
    ['ônus ativos na verdade', activeTruth],
    ['ônus cancelados na verdade', sum((o) => o.truth.liens.filter((l) => !l.active).length)],
    ['**falsos ônus ativos**', `**${falseLiens.length}**`],
    ['ônus ativos perdidos', missed.length],
  ]));
  if (falseLiens.length) {
    print();
    print(table(['arquivo', 'tipo previsto', 'trecho'], falseLiens.slice(0, 25).map((l) => [l.file, l.type, l.value.replace(/\|/g, '/').slice(0, 70)])));
  }
  print();

  // --- Pages ---------------------------------------------------------------------------------
  let needOcr = 0;
  let ocrd = 0;
  let wasted = 0;
  let blanks = 0;
  let blanksSeen = 0;
  const missedOcr: string[] = [];
  for (const o of outcomes) {
    for (const tp2 of o.truth.pages) {
      const page = o.pages.find((p) => p.number === tp2.number) as (ExtractedPage & { blank?: boolean }) | undefined;
      const text = o.pageTexts[(page?.number ?? 0) - 1] ?? '';
      if (tp2.needsOcr) {
        needOcr += 1;
        if (page?.method === 'ocr') ocrd += 1;
        else missedOcr.push(`${o.file} p.${tp2.number}`);
      } else if (page?.method === 'ocr') wasted += 1;
      if (tp2.blank) {
        blanks += 1;
        if (page && (page.blank === true || isBlankText(text))) blanksSeen += 1;
      }
    }
  }
  print('### Páginas');
  print();
  print(table(['medida', 'valor'], [
    ['páginas que precisam de OCR (verdade)', needOcr],
    ['dessas, lidas por OCR', `${ocrd} (${pct(ocrd, needOcr)})`],
    ['páginas de texto mandadas ao OCR sem precisar', wasted],
    ['páginas em branco (verdade)', blanks],
    ['páginas em branco reconhecidas', `${blanksSeen} (${pct(blanksSeen, blanks)})`],
  ]));
  if (missedOcr.length) {
    print();
    print(`Sem OCR: ${missedOcr.slice(0, 20).join('; ')}${missedOcr.length > 20 ? ' …' : ''}`);
  }
  print();

  // --- Traps ---------------------------------------------------------------------------------
  print('### Armadilhas');
  print();
  const trapRows = [...byTrap.keys()].filter((t) => t !== 'decompression-bomb').sort().map((trap) => {
    const of = outcomes.filter((o) => o.truth.traps.includes(trap));
    const refused = of.filter((o) => o.status !== 'ok' && o.status !== 'error').length;
    const errors = of.filter((o) => o.status === 'error').length;
    const fTp = of.reduce((n, o) => n + o.judged.correct, 0);
    const fPred = of.reduce((n, o) => n + o.judged.predicted, 0);
    const fTruth = of.reduce((n, o) => n + o.judged.truth, 0);
    const fFound = of.reduce((n, o) => n + o.judged.matchedTruth, 0);
    const ocrNeed = of.reduce((n, o) => n + o.truth.pages.filter((p) => p.needsOcr).length, 0);
    const ocrDone = of.reduce((n, o) => n + o.truth.pages.filter((p) => p.needsOcr && o.pages.find((x) => x.number === p.number)?.method === 'ocr').length, 0);
    return [trap, of.length, `${refused}${errors ? ` (+${errors} erro)` : ''}`, pct(of.filter(okType).length, of.length), pct(fTp, fPred), pct(fFound, fTruth), of.reduce((n, o) => n + o.liens.falseActive.length, 0), ocrNeed ? `${ocrDone}/${ocrNeed}` : '—'];
  });
  print(table(['armadilha', 'docs', 'recusados/quarentena', 'classificação', 'precisão', 'revocação', 'falsos ônus', 'OCR feito'], trapRows));
  const tails = outcomes.filter((o) => o.truth.traps.includes('eof-html-tail'));
  print();
  print(`HTML após %%EOF: ${tails.filter((o) => o.status === 'ok').length} de ${tails.length} lidos (não quarentenados)${tails.some((o) => o.status === 'quarantined') ? `; motivo: ${tails.find((o) => o.status === 'quarantined')!.reason}` : ''}.`);
  const errors = outcomes.filter((o) => o.status === 'error' || o.status === 'refused');
  if (errors.length) print(`Erros e recusas: ${errors.map((o) => `${o.file}: ${o.reason}`).join('; ')}.`);
  print();

  // --- OCR time against native tesseract on the same pages ------------------------------------
  const ocrOutcomes = outcomes.filter((o) => o.status === 'ok' && o.pages.some((p) => p.method === 'ocr'));
  const ocrPagesRun = ocrOutcomes.reduce((n, o) => n + o.pages.filter((p) => p.method === 'ocr').length, 0);
  const ocrMsRun = ocrOutcomes.reduce((n, o) => n + o.ms, 0);
  print('### Tempo de OCR por página');
  print();
  print(`No passe completo (${pool.threads} arquivos ao mesmo tempo): ${fmt(ocrMsRun / Math.max(1, ocrPagesRun))} ms por página OCR (${ocrPagesRun} páginas em ${ocrOutcomes.length} arquivos, tempo do arquivo inteiro).`);
  print();
  const result: Record<string, unknown> = {};
  let ocrRatio: number | null = null;
  let scanWhole: { product: number; native: number } | null = null;
  const work = await mkdtemp(join(tmpdir(), 'viabiliza-bench-docs-'));
  try {
    // The sample: the sale's scanned matrícula (300 dpi, G4) and the typewritten one (200 dpi).
    const scannedMatriculas = docs.filter((d) => d.truth.type === 'matricula' && d.truth.traps.includes('stamp-only-text-layer'));
    const samples = [
      scannedMatriculas.find((d) => d.truth.traps.includes('scan-300dpi')) ?? scannedMatriculas[0],
      scannedMatriculas.find((d) => d.truth.traps.includes('typewriter-font')) ?? scannedMatriculas[1],
    ].filter((d, i, all): d is CorpusEntry => d !== undefined && all.indexOf(d) === i);
    if (native && samples.length) {
      const rows: (string | number)[][] = [];
      let nativeTotal = 0;
      let productTotal = 0;
      let pages = 0;
      for (const [i, doc] of samples.entries()) {
        const pngs = await renderPages(doc.path, work, `s${i}`);
        for (const [k, png] of pngs.entries()) {
          const truthPage = doc.truth.pages[k];
          if (!truthPage?.needsOcr) continue;
          // Two rounds, alternating, keeping each side's best: the machine is shared, and a
          // neighbour's burst should not decide the ratio.
          let nativeMs = Infinity;
          let productMs = Infinity;
          for (let round = 0; round < 2; round++) {
            const t0 = performance.now();
            await tesseract(png);
            nativeMs = Math.min(nativeMs, performance.now() - t0);
            const t1 = performance.now();
            await pool.run({ path: png, kind: 'png', fileName: basename(png) });
            productMs = Math.min(productMs, performance.now() - t1);
          }
          nativeTotal += nativeMs;
          productTotal += productMs;
          pages += 1;
          rows.push([`${doc.file} p.${k + 1}`, fmt(productMs), fmt(nativeMs), `${fmt(productMs / nativeMs, 2)}×`]);
        }
        if (i === 0) {
          // The whole scanned PDF, as a user uploads it, against native page by page.
          const t2 = performance.now();
          await pool.run({ path: doc.path, kind: 'pdf', fileName: basename(doc.path) });
          const product = performance.now() - t2;
          const t3 = performance.now();
          await renderPages(doc.path, work, `w${i}`).then(async (list) => {
            for (const [k, png] of list.entries()) if (doc.truth.pages[k]?.needsOcr) await tesseract(png);
          });
          scanWhole = { product, native: performance.now() - t3 };
        }
      }
      ocrRatio = productTotal / nativeTotal;
      rows.push(['**total**', fmt(productTotal), fmt(nativeTotal), `**${fmt(ocrRatio, 2)}×**`]);
      print(`Mesmas páginas (pdftoppm -r 300), uma de cada vez, melhor de 2 rodadas alternadas: produto (pool, imagem PNG) vs \`tesseract -l por\` nativo com OMP_THREAD_LIMIT=1 (${pages} páginas).`);
      print();
      print(table(['página', 'produto (ms)', 'nativo (ms)', 'razão'], rows));
      print();
      if (scanWhole) {
        const w = scanWhole as { product: number; native: number };
        print(`Matrícula digitalizada inteira (${samples[0]!.truth.pages.length} páginas): produto ${fmt(w.product / 1000, 1)} s vs nativo página a página (pdftoppm + tesseract, 1 thread) ${fmt(w.native / 1000, 1)} s → ${fmt(w.product / w.native, 2)}×.`);
        print();
      }
      result.ocrSample = { rows, ratio: ocrRatio, scanWhole };
    } else print('Nativo: n/d (tesseract/poppler ausentes ou --skip-native).\n');

    // --- A whole sale folder: product pool vs native pipeline on the same cores --------------
    const folder = docs.filter((d) => d.sale === 1);
    print('### Pasta inteira (uma venda)');
    print();
    const tFolder = performance.now();
    await mapLimit(folder, 4, (d) => readOne(pool, d));
    const productFolder = performance.now() - tFolder;
    let nativeFolder: number | null = null;
    if (native) {
      const tNative = performance.now();
      await mapLimit(folder, pool.threads, (d, i) => nativeFile(d.path, work, `f${i}`));
      nativeFolder = performance.now() - tNative;
    }
    print(table(['pipeline', 'arquivos', 'páginas', 'tempo (s)'], [
      [`produto (pool de ${pool.threads} threads, 4 arquivos na fila como o servidor)`, folder.length, folder.reduce((n, d) => n + d.truth.pages.length, 0), fmt(productFolder / 1000, 1)],
      [`nativo (pdftotext; pdftoppm + tesseract nas páginas-imagem; ${pool.threads} arquivos ao mesmo tempo)`, folder.length, folder.reduce((n, d) => n + d.truth.pages.length, 0), nativeFolder === null ? 'n/d' : fmt(nativeFolder / 1000, 1)],
    ]));
    if (nativeFolder !== null) print(`\nRazão produto/nativo: ${fmt(productFolder / nativeFolder, 2)}×.`);
    print();
    result.folder = { productMs: productFolder, nativeMs: nativeFolder, files: folder.length };

    // --- The dossier of each sale folder (issue 16) -----------------------------------------
    result.dossier = await dossierSection({ opts, docs, outcomes, pool, print });

    // --- The decompression bomb -----------------------------------------------------------------
    let bombOk: boolean | null = null;
    if (bomb) {
      print('### Bomba de descompressão');
      print();
      const one = await peakRss(() => readOne(pool, bomb));
      const copies = await Promise.all([1, 2, 3, 4].map(async (k) => {
        const path = join(work, `bomba-${k}.pdf`);
        await copyFile(bomb.path, path);
        return { ...bomb, path, file: `bomba-${k}.pdf` };
      }));
      const four = await peakRss(() => Promise.all(copies.map((c) => readOne(pool, c))));
      const deltaOne = one.peakMb - one.baseMb;
      const deltaFour = four.peakMb - four.baseMb;
      const portuguese = (o: DocOutcome) => o.status !== 'ok' && o.reason !== null && /[ãçéêíóõú]|erro|arquivo|pdf/i.test(o.reason);
      bombOk = deltaFour <= 600 && four.result.every((o) => o.status !== 'ok') && portuguese(one.result);
      print(table(['caso', 'resultado', 'RSS antes (MB)', 'pico (MB)', 'acréscimo (MB)'], [
        ['1 bomba', `${one.result.status}: ${one.result.reason ?? '(lida sem erro)'}`, fmt(one.baseMb), fmt(one.peakMb), fmt(deltaOne)],
        ['4 bombas ao mesmo tempo', four.result.map((o) => o.status).join(', '), fmt(four.baseMb), fmt(four.peakMb), fmt(deltaFour)],
      ]));
      print();
      result.bomb = { one: { ...one, result: { status: one.result.status, reason: one.result.reason } }, four: { baseMb: four.baseMb, peakMb: four.peakMb, statuses: four.result.map((o) => [o.status, o.reason]) } };
    }

    // --- Targets --------------------------------------------------------------------------------
    const reached = (ok: boolean | null) => (ok === null ? 'n/d' : ok ? 'atingido' : 'não atingido');
    const precision = predicted ? tp / predicted : 0;
    const recall = truthCount ? found / truthCount : 0;
    print('### Metas da issue 14');
    print();
    print(table(['meta', 'medido', 'situação'], [
      ['classificação ≥ 95 %', pct(classified, outcomes.length), reached(classified / outcomes.length >= 0.95)],
      ['precisão dos campos ≥ 97 %', pct(tp, predicted), reached(precision >= 0.97)],
      ['revocação dos campos ≥ 90 %', pct(found, truthCount), reached(recall >= 0.9)],
      ['0 falsos ônus ativos', String(falseLiens.length), reached(falseLiens.length === 0)],
      ['toda página que precisa de OCR passa por OCR', `${ocrd}/${needOcr}`, reached(ocrd === needOcr)],
      ['OCR ≤ 1,0× nativo por página', ocrRatio === null ? 'n/d' : `${fmt(ocrRatio, 2)}×`, reached(ocrRatio === null ? null : ocrRatio <= 1)],
      ['memória limitada (+600 MB com 4 bombas)', result.bomb ? `${fmt((result.bomb as { four: { peakMb: number; baseMb: number } }).four.peakMb - (result.bomb as { four: { baseMb: number } }).four.baseMb)} MB` : 'n/d', reached(bombOk)],
    ]));
    print();
  } finally {
    await rm(work, { recursive: true, force: true });
    await pool.destroy();
  }

  process.stdout.write(`${out.join('\n')}\n`);
  if (opts.json) {
    await writeFile(
      opts.json,
      JSON.stringify(
        {
          seed: opts.seed,
          dir: opts.dir,
          documents: outcomes.map((o) => ({ file: o.file, type: o.truth.type, predictedType: o.predictedType, status: o.status, reason: o.reason, ms: o.ms, pages: o.pages, fields: o.fields, judged: o.judged, liens: o.liens, traps: o.truth.traps })),
          ...result,
        },
        null,
        2,
      ),
    );
    log(`Resultados em ${opts.json}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The dossier (issue 16)

/** A document as the server stores it once read: what buildDossier and the engine receive. */
function stored(o: DocOutcome): DossierDocument & EngineDocument {
  const name = basename(o.file);
  return {
    id: name,
    fileName: name,
    documentType: o.predictedType,
    keyFields: o.keyFields as EngineDocument['keyFields'],
    pages: o.pageTexts.map((text, i) => ({ number: o.pages[i]?.number ?? i + 1, text })),
  };
}

/** The city's ITBI rate from the engine's reference data, as the server passes it. */
const itbiRate = (asOf: string) => (city: string, uf: string | null) => {
  const row = lookupByCity('itbi', city, uf, asOf);
  if (!row || row.unit !== 'fraction') return null;
  return { rate: Math.round(row.value * 100 * 1e6) / 1e6, source: `${row.source} (${row.label}, ${row.asOf})` };
};

async function dossierSection(input: { opts: ReturnType<typeof args>; docs: CorpusEntry[]; outcomes: DocOutcome[]; pool: ExtractionPool; print: (s?: string) => void }) {
  const { opts, docs, outcomes, pool, print } = input;
  let buildDossier: typeof import('../src/dossier/index.ts').buildDossier;
  try {
    ({ buildDossier } = await import('../src/dossier/index.ts'));
  } catch (error) {
    print(`### Dossiê (issue 16)\n\nn/d: o montador (src/dossier/index.ts) não carregou: ${error instanceof Error ? error.message : String(error)}\n`);
    return null;
  }
  const build = (documents: DossierDocument[], asOf: string) => buildDossier(documents, { asOf, itbiRate: itbiRate(asOf) });
  const sales = [...new Set(docs.map((d) => d.sale))].filter((n) => n > 0).sort((a, b) => a - b);
  const runs: (FolderRun & { sale: number })[] = [];
  for (const sale of sales) {
    const folder = `venda-${String(sale).padStart(2, '0')}`;
    const path = join(opts.dir, folder, DOSSIER_TRUTH_FILE);
    if (!existsSync(path)) continue;
    const truth = JSON.parse(readFileSync(path, 'utf8')) as DossierTruth;
    const documents = outcomes.filter((o, i) => docs[i]!.sale === sale && o.status === 'ok').map(stored);
    runs.push({ sale, truth, documents });
  }
  const { figures } = judgeFolders(runs, build);
  print(dossierMarkdown(figures));

  // A whole folder, the largest, as a user meets it: every file read (4 in the queue, as the
  // server does), the dossier built, the engine run with an empty questionnaire.
  const largest = runs.reduce((a, b) => (b.documents.length > a.documents.length ? b : a), runs[0]!);
  let timing: { folder: string; files: number; readMs: number; buildMs: number; engineMs: number; totalMs: number } | null = null;
  if (largest) {
    const files = docs.filter((d) => d.sale === largest.sale);
    const t0 = performance.now();
    const read = await mapLimit(files, 4, (d) => readOne(pool, d));
    const t1 = performance.now();
    const documents = read.filter((o) => o.status === 'ok').map(stored);
    const dossier = build(documents, largest.truth.asOf);
    const t2 = performance.now();
    const analysis = analyze({ analysisType: 'complete', questionnaire: {}, documents, generatedAt: `${largest.truth.asOf}T15:00:00.000Z`, dossier });
    const t3 = performance.now();
    timing = { folder: largest.truth.folder, files: files.length, readMs: t1 - t0, buildMs: t2 - t1, engineMs: t3 - t2, totalMs: t3 - t0 };
    print(`Pasta maior (${timing.folder}, ${files.length} arquivos, ${files.reduce((n, d) => n + d.truth.pages.length, 0)} páginas): leitura ${fmt(timing.readMs / 1000, 1)} s + dossiê ${fmt(timing.buildMs)} ms + motor ${fmt(timing.engineMs)} ms = **${fmt(timing.totalMs / 1000, 1)} s** em ${availableParallelism()} núcleos, carga média ${fmt(loadavg()[0]!, 1)} ao terminar (meta < 2 min); parte jurídica do motor: ${analysis.legal ? 'calculada' : 'n/d'}.`);
    print();
  }

  const unread = outcomes.filter((o, i) => o.status !== 'ok' && docs[i]!.sale > 0).map((o) => `# NÃO LIDO (conta contra o dossiê, mas não é do montador): ${o.file}: ${o.reason}`);
  const lines = [
    `# Dossiê: divergências do bench:documents (semente ${opts.seed}, ${runs.length} pastas)`,
    ...unread,
    `# ${figures.right}/${figures.items} itens certos; falsos ônus ativos ${figures.falseActive}; ônus ativos perdidos ${figures.missedActive}`,
    '# Regras da verdade (o que conta como certo): packages/extract/bench/truth.ts (DossierTruth); comparação: bench/dossier-compare.ts.',
    "# Em resumo: certidões 'atencao' (não 'falha') com uma vencida ou ausente; itbi_pago 'atencao' sem comprovante; 'sem_dados' quando falta um dos lados;",
    '# uma certidão de matrícula por matrícula da pasta (a da vaga também); nomes inteiros, sem caixa nem acentos.',
    ...figures.mismatches,
  ];
  await writeFile('/tmp/dossier-mismatches.txt', `${lines.join('\n')}\n`);
  log(`Divergências do dossiê em /tmp/dossier-mismatches.txt (${figures.mismatches.length})`);
  if (opts.verbose && figures.mismatches.length) {
    print('#### Divergências');
    print();
    for (const m of figures.mismatches) print(`- ${m.replace(/\|/g, '/')}`);
    print();
  }
  return { ...figures, timing };
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
