/**
 * `npm run bench:extract`: extraction speed and OCR accuracy with the pool warm, against the
 * native tools when they are installed (Debian: poppler-utils, tesseract-ocr, tesseract-ocr-por,
 * docx2txt, xlsx2csv). Targets from issues 3 and 14 (OCR per page ≤ 1.0× native tesseract on
 * one thread, a 6-page scan in no more than native's page-by-page time). Prints a Markdown table.
 * `npm run bench:extract -- --ocr` runs the OCR part alone; `-- --text-cpu` the reader's CPU against
 * pdftotext's on the real text-layer PDFs of ../shared/realdocs-dev (scripts/bench-text-cpu.ts).
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { benchDocx, benchPdf, benchXlsx, buildPdf, deedPageLines, scanPageJpeg } from '../test/corpus.ts';
import { normalizeText } from '../src/normalize.ts';
import { sharedOcrEngineName } from '../src/ocr.ts';
import { createExtractionPool, type ExtractionPool } from '../src/pool.ts';
import type { ExtractInput } from '../src/extract.ts';
import { benchTextCpu } from './bench-text-cpu.ts';

const run = promisify(execFile);
const NA = 'n/d (ferramenta nativa ausente)';

function has(tool: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

async function timeIt(times: number, fn: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await fn();
    samples.push(performance.now() - t);
  }
  return median(samples);
}

/** Character error rate: Levenshtein distance over the length of the reference. */
function cer(reference: string, hypothesis: string): number {
  const a = Array.from(reference);
  const b = Array.from(hypothesis);
  let prev = new Uint32Array(b.length + 1).map((_, j) => j);
  let curr = new Uint32Array(b.length + 1);
  for (let i = 1; i <= a.length; i++) {
    curr[0] = i;
    for (let j = 1; j <= b.length; j++) {
      curr[j] = Math.min(prev[j]! + 1, curr[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    [prev, curr] = [curr, prev];
  }
  return prev[b.length]! / a.length;
}
/** Compare words, not layout: both sides normalised the same way, whitespace collapsed. */
const forCer = (text: string) => normalizeText(text).replace(/\s+/g, ' ').trim();

interface Row {
  metric: string;
  ours: string;
  native: string;
  ratio: string;
  target: string;
  ok: boolean | null;
}
const rows: Row[] = [];
const fmt = (n: number, digits = 0) => n.toLocaleString('pt-BR', { maximumFractionDigits: digits, minimumFractionDigits: digits });

const onlyOcr = process.argv.includes('--ocr');

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'viabiliza-bench-'));
  const file = (name: string, data: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, data);
    return path;
  };
  const threads = availableParallelism();
  const engineName = sharedOcrEngineName();
  const load = () => loadavg().map((x) => fmt(x, 2)).join(' / ');
  console.log(`Máquina: ${cpus()[0]?.model ?? '?'}, ${threads} núcleos, Node ${process.version}, OCR: ${engineName}, carga (1/5/15 min) no início: ${load()}`);

  const pdfs = Object.fromEntries([1, 10, 50, 200].map((n) => [n, file(`deed-${n}.pdf`, benchPdf(n))]));
  const docx = benchDocx(10);
  const docxPath = file('deed-10.docx', docx.data);
  const XLSX_ROWS = 20_000;
  const xlsxPath = file('rows-20k.xlsx', benchXlsx(XLSX_ROWS));
  const ocrPages = [0, 1, 2].map((i) => {
    const lines = deedPageLines(100 + i, 2400);
    // A flatbed scan of a dense page: 10 pt text, 300 dpi, slightly crooked, blurred and noisy.
    const scan = scanPageJpeg(lines, 300, { fontPt: 10, leadingPt: 15, skewDeg: 0.6, blurPx: 1.2, noise: 30, quality: 70 });
    return { lines, ...scan, path: file(`scan-${i + 1}.jpg`, scan.jpeg) };
  });
  // Six more pages for the whole-document figure (different text, same kind of scan).
  const sixPages = [0, 1, 2, 3, 4, 5].map((i) => {
    const lines = deedPageLines(200 + i, 2400);
    const scan = scanPageJpeg(lines, 300, { fontPt: 10, leadingPt: 15, skewDeg: 0.6, blurPx: 1.2, noise: 30, quality: 70 });
    return { lines, ...scan, path: file(`six-${i + 1}.jpg`, scan.jpeg) };
  });

  const pool = createExtractionPool({ threads });
  const extract = (p: ExtractionPool, input: ExtractInput) => p.run(input);
  const pdfInput = (n: number): ExtractInput => ({ path: pdfs[n]!, kind: 'pdf', fileName: `deed-${n}.pdf` });

  // Warm every thread: modules loaded, pdf.js fonts read, one tesseract.js worker per thread.
  console.log('Aquecendo o pool...');
  for (let round = 0; round < 2; round++) {
    await Promise.all(
      Array.from({ length: threads }, (_, i) =>
        Promise.all([
          extract(pool, pdfInput(10)),
          extract(pool, { path: docxPath, kind: 'docx', fileName: 'd.docx' }),
          extract(pool, { path: xlsxPath, kind: 'xlsx', fileName: 'x.xlsx' }),
          extract(pool, { path: ocrPages[i % 3]!.path, kind: 'jpeg', fileName: 's.jpg' }),
        ]),
      ),
    );
  }

  // --- PDF text layer ---------------------------------------------------------------------
  const native = { pdftotext: has('pdftotext'), tesseract: has('tesseract'), docx2txt: has('docx2txt'), xlsx2csv: has('xlsx2csv') };
  // `--ocr`: only the OCR figures (quicker to repeat on a busy machine).
  if (!onlyOcr) {
    for (const n of [1, 10, 50, 200]) {
      const repeats = n <= 10 ? 20 : n === 50 ? 8 : 5;
      const ours = await timeIt(repeats, () => extract(pool, pdfInput(n)));
      const theirs = native.pdftotext ? await timeIt(repeats, () => run('pdftotext', ['-enc', 'UTF-8', pdfs[n]!, '-'], { maxBuffer: 64 << 20 })) : null;
      const limit = n <= 10 ? 2 : 3;
      rows.push({
        metric: `PDF ${n} pág.${n === 200 ? ` (dividido em ${threads} threads)` : ''}`,
        ours: `${fmt(ours, 1)} ms · ${fmt((n / ours) * 1000)} pág/s`,
        native: theirs === null ? NA : `pdftotext ${fmt(theirs, 1)} ms`,
        ratio: theirs === null ? NA : `${fmt(ours / theirs, 2)}×`,
        target: n === 200 ? `≤ ${limit}× e < 1 s` : n <= 10 ? `≤ ${limit}×` : '—',
        ok: n === 50 ? null : theirs === null ? (n === 200 ? ours < 1000 : null) : ours / theirs <= limit && (n !== 200 || ours < 1000),
      });
    }
    // The same 200 pages on one thread, and two 50-page documents at once (one per thread).
    const single = createExtractionPool({ threads: 1, splitPdfs: false });
    await extract(single, pdfInput(10));
    await extract(single, pdfInput(200));
    const oneThread = await timeIt(5, () => extract(single, pdfInput(200)));
    await single.destroy();
    rows.push({ metric: 'PDF 200 pág. (1 thread, sem dividir)', ours: `${fmt(oneThread, 1)} ms · ${fmt((200 / oneThread) * 1000)} pág/s`, native: '', ratio: '', target: '—', ok: null });
    const pair = await timeIt(5, () => Promise.all([extract(pool, pdfInput(50)), extract(pool, pdfInput(50))]));
    rows.push({ metric: '2 PDFs de 50 pág. em paralelo', ours: `${fmt(pair, 1)} ms · ${fmt((100 / pair) * 1000)} pág/s`, native: '', ratio: '', target: '—', ok: null });

    // --- DOCX --------------------------------------------------------------------------------
    const docxOurs = await timeIt(20, () => extract(pool, { path: docxPath, kind: 'docx', fileName: 'd.docx' }));
    const docxTheirs = native.docx2txt ? await timeIt(20, () => run('docx2txt', [docxPath, '-'], { maxBuffer: 64 << 20 })) : null;
    rows.push({
      metric: 'DOCX 10 pág.',
      ours: `${fmt(docxOurs, 1)} ms · ${fmt((10 / docxOurs) * 1000)} pág/s`,
      native: docxTheirs === null ? NA : `docx2txt ${fmt(docxTheirs, 1)} ms`,
      ratio: docxTheirs === null ? NA : `${fmt(docxOurs / docxTheirs, 2)}×`,
      target: '≤ 2×',
      ok: docxTheirs === null ? null : docxOurs / docxTheirs <= 2,
    });

    // --- XLSX --------------------------------------------------------------------------------
    const xlsxOurs = await timeIt(5, () => extract(pool, { path: xlsxPath, kind: 'xlsx', fileName: 'x.xlsx' }));
    const xlsxTheirs = native.xlsx2csv ? await timeIt(5, () => run('xlsx2csv', ['-a', xlsxPath], { maxBuffer: 64 << 20 })) : null;
    const rowsPerSecond = (XLSX_ROWS / xlsxOurs) * 1000;
    rows.push({
      metric: `XLSX ${fmt(XLSX_ROWS)} linhas`,
      ours: `${fmt(xlsxOurs)} ms · ${fmt(rowsPerSecond)} linhas/s`,
      native: xlsxTheirs === null ? NA : `xlsx2csv ${fmt(xlsxTheirs)} ms`,
      ratio: xlsxTheirs === null ? NA : `${fmt(xlsxOurs / xlsxTheirs, 2)}×`,
      target: '≥ 20.000 linhas/s',
      ok: rowsPerSecond >= 20_000,
    });

  }

  // --- OCR ---------------------------------------------------------------------------------
  // Ours and native alternate page by page, so both see the same load on a shared machine.
  const tess = (image: string, langs = 'por') =>
    run('tesseract', [image, '-', '-l', langs, '--psm', '3'], { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, maxBuffer: 64 << 20 });
  const meanOf = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const onePagePdfs = ocrPages.map((p, i) => file(`scan-page-${i + 1}.pdf`, buildPdf([{ kind: 'image', jpeg: p.jpeg, width: p.width, height: p.height }])));
  const oursJpeg: number[] = [];
  const oursPdfPage: number[] = [];
  const oursCer: number[] = [];
  const nativeOcr: number[] = [];
  const nativeCer: number[] = [];
  for (let round = 0; round < 2; round++) {
    for (const [i, page] of ocrPages.entries()) {
      let t = performance.now();
      const result = await extract(pool, { path: page.path, kind: 'jpeg', fileName: 'scan.jpg' });
      oursJpeg.push(performance.now() - t);
      oursCer.push(cer(forCer(page.lines.join('\n')), forCer(result.pages[0]!.text)));
      t = performance.now();
      await extract(pool, { path: onePagePdfs[i]!, kind: 'pdf', fileName: 'scan.pdf' });
      oursPdfPage.push(performance.now() - t);
      if (native.tesseract) {
        t = performance.now();
        const { stdout } = await tess(page.path);
        nativeOcr.push(performance.now() - t);
        nativeCer.push(cer(forCer(page.lines.join('\n')), forCer(stdout)));
      }
    }
  }
  const nativePerPage = native.tesseract ? median(nativeOcr) / 1000 : null;
  const perPageRow = (metric: string, seconds: number) =>
    rows.push({
      metric,
      ours: `${fmt(seconds, 2)} s`,
      native: nativePerPage === null ? NA : `tesseract -l por, 1 thread ${fmt(nativePerPage, 2)} s`,
      ratio: nativePerPage === null ? NA : `${fmt(seconds / nativePerPage, 2)}×`,
      target: '≤ 1,0×',
      ok: nativePerPage === null ? null : seconds / nativePerPage <= 1,
    });
  perPageRow(`OCR por página, JPEG A4 300 dpi (~2400 caracteres; motor ${engineName})`, median(oursJpeg) / 1000);
  perPageRow('OCR por página, PDF de 1 página com a mesma imagem', median(oursPdfPage) / 1000);

  // A 6-page scan read whole, against native tesseract on its 6 page images one after another.
  const sixPdf = file('scan-6.pdf', buildPdf(sixPages.map((p) => ({ kind: 'image' as const, jpeg: p.jpeg, width: p.width, height: p.height }))));
  const oursSix: number[] = [];
  const nativeSix: number[] = [];
  const sixCer: number[] = [];
  let earlyDone = 0;
  for (let round = 0; round < 2; round++) {
    let t = performance.now();
    const result = await pool.run(
      { path: sixPdf, kind: 'pdf', fileName: 'scan-6.pdf' },
      {
        onProgress: (p) => {
          if (p.pagesDone >= p.pageCount && (p.ocrPagesLeft ?? 0) > 0) earlyDone++;
        },
      },
    );
    oursSix.push(performance.now() - t);
    result.pages.forEach((p, i) => sixCer.push(cer(forCer(sixPages[i]!.lines.join('\n')), forCer(p.text))));
    if (result.pages.some((p) => p.method !== 'ocr')) throw new Error('página do PDF digitalizado não foi lida por OCR');
    if (native.tesseract) {
      t = performance.now();
      for (const page of sixPages) await tess(page.path);
      nativeSix.push(performance.now() - t);
    }
  }
  const six = median(oursSix) / 1000;
  const nativeSixSeconds = native.tesseract ? median(nativeSix) / 1000 : null;
  rows.push({
    metric: `PDF digitalizado de 6 pág. inteiro (${threads} threads; progresso "100 %" antes do fim: ${earlyDone})`,
    ours: `${fmt(six, 2)} s`,
    native: nativeSixSeconds === null ? NA : `tesseract página a página, 1 thread ${fmt(nativeSixSeconds, 2)} s`,
    ratio: nativeSixSeconds === null ? NA : `${fmt(six / nativeSixSeconds, 2)}×`,
    target: '≤ 1,0×',
    ok: nativeSixSeconds === null ? null : six / nativeSixSeconds <= 1 && earlyDone === 0,
  });
  rows.push({
    metric: 'OCR erro de caractere (CER)',
    ours: `${fmt(meanOf(oursCer) * 100, 2)}% (PDF de 6 pág. ${fmt(meanOf(sixCer) * 100, 2)}%)`,
    native: nativeCer.length ? `tesseract ${fmt(meanOf(nativeCer) * 100, 2)}%` : NA,
    ratio: '',
    target: '< 1%',
    ok: meanOf(oursCer) < 0.01 && meanOf(sixCer) < 0.01,
  });

  // Languages for native tesseract: por alone against por+eng, same pages, same run.
  if (native.tesseract) {
    const byLang: Record<string, { ms: number[]; cer: number[] }> = { por: { ms: [], cer: [] }, 'por+eng': { ms: [], cer: [] } };
    for (let round = 0; round < 2; round++) {
      for (const page of [...ocrPages, ...sixPages]) {
        for (const langs of Object.keys(byLang)) {
          const t = performance.now();
          const { stdout } = await tess(page.path, langs);
          byLang[langs]!.ms.push(performance.now() - t);
          byLang[langs]!.cer.push(cer(forCer(page.lines.join('\n')), forCer(stdout)));
        }
      }
    }
    const por = byLang.por!;
    const both = byLang['por+eng']!;
    rows.push({
      metric: `tesseract nativo: por+eng contra por (${por.ms.length} leituras cada)`,
      ours: `por+eng ${fmt(median(both.ms) / 1000, 2)} s/pág., CER ${fmt(meanOf(both.cer) * 100, 2)}%`,
      native: `por ${fmt(median(por.ms) / 1000, 2)} s/pág., CER ${fmt(meanOf(por.cer) * 100, 2)}%`,
      ratio: `${fmt(median(both.ms) / median(por.ms), 2)}×`,
      target: '—',
      ok: null,
    });
  }

  // --- Main thread latency while OCR runs on every thread -------------------------------
  const latencies: number[] = [];
  let busy = true;
  const sampler = (async () => {
    const trivial = async () => ({ status: 'ok' });
    while (busy) {
      const due = performance.now() + 5;
      await new Promise((resolve) => setTimeout(resolve, 5));
      await trivial();
      latencies.push(performance.now() - due);
    }
  })();
  const tLoad = performance.now();
  await Promise.all(Array.from({ length: threads * 2 }, (_, i) => extract(pool, { path: ocrPages[i % 3]!.path, kind: 'jpeg', fileName: 's.jpg' })));
  const loadSeconds = (performance.now() - tLoad) / 1000;
  busy = false;
  await sampler;
  const p99 = percentile(latencies, 99);
  rows.push({
    metric: `p99 de uma função assíncrona trivial na thread principal durante OCR (${latencies.length} amostras, ${fmt(loadSeconds, 1)} s)`,
    ours: `${fmt(p99, 1)} ms (máx. ${fmt(Math.max(...latencies), 1)} ms)`,
    native: '',
    ratio: '',
    target: '< 50 ms',
    ok: p99 < 50,
  });

  await pool.destroy();
  rmSync(dir, { recursive: true, force: true });

  console.log(`Carga (1/5/15 min) no fim: ${load()}`);
  const mark = (ok: boolean | null) => (ok === null ? '' : ok ? 'sim' : 'NÃO');
  console.log('\n| medida | nosso (pool aquecido) | nativo | razão nosso/nativo | meta | atinge |');
  console.log('|---|---|---|---|---|---|');
  for (const r of rows) console.log(`| ${r.metric} | ${r.ours} | ${r.native} | ${r.ratio} | ${r.target} | ${mark(r.ok)} |`);
}

if (process.argv.includes('--text-cpu')) await benchTextCpu();
else await main();
