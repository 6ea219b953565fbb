/**
 * `npm run bench:bombs`: what the decompression limits cost and what they save (issue 14, item 5).
 *
 * 1. The pre-scan (pdf-inflate-limits.ts) on ordinary PDFs: median of 20 runs.
 * 2. Four 1 MB → 1 GiB bombs at once through the real pool (default threads), of each kind
 *    (content stream, image, object stream): the process's RSS sampled every 10 ms (worker threads
 *    share it), peak minus the warm pool's baseline. Goal: under +600 MB, each ending in the
 *    Portuguese error.
 * 3. The heap one thread uses to read a 200-page PDF in-thread, against the thread limit.
 * 4. An XLSX table import bomb (430 KB → 400 MiB, honest and lying headers) through the pool's
 *    `readTable` while a loopback health endpoint on the main thread is polled every 50 ms: the
 *    worst health latency (goal: under 200 ms) and the RSS it leaves.
 *
 * Memory and timing figures: run it alone on the machine; the results go in BENCHMARKS.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { measurePdfStreams } from '../src/pdf-inflate-limits.ts';
import { createExtractionPool, DEFAULT_WORKER_LIMITS } from '../src/pool.ts';
import { benchPdf, deedPdf, scannedPdf, writeCorpus } from '../test/corpus.ts';
import { decompressionBombPdf, deflatedTextPdf } from '../test/hostile-pdfs.ts';
import { xlsxBomb } from '../src/test-fixtures.ts';

const MB = 1024 * 1024;
const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function preScanCost(): Promise<void> {
  console.log('\n## Pre-scan of every stream before pdf.js opens the file (median of 20)\n');
  console.log('| file | size | streams | decoded | time |');
  console.log('|---|---:|---:|---:|---:|');
  const files: [string, Buffer][] = [
    ['200-page text PDF, deflated content', deflatedTextPdf(200)],
    ['200-page text PDF, plain content (bench corpus)', benchPdf(200)],
    ['4-page deed', deedPdf()],
    ['scanned certificate (JPEG pages)', scannedPdf()],
  ];
  for (const [name, pdf] of files) {
    const times: number[] = [];
    let report = await measurePdfStreams(pdf);
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      report = await measurePdfStreams(pdf);
      times.push(performance.now() - started);
    }
    console.log(`| ${name} | ${(pdf.length / 1024).toFixed(0)} KB | ${report.streams} | ${(report.decodedBytes / MB).toFixed(1)} MB | ${median(times).toFixed(1)} ms |`);
  }
  for (const where of ['content', 'image', 'objectStream'] as const) {
    const bomb = decompressionBombPdf({ where });
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await measurePdfStreams(bomb).catch(() => undefined);
      times.push(performance.now() - started);
    }
    console.log(`| bomb (${where}), 1 GiB | ${(bomb.length / 1024).toFixed(0)} KB | stopped at 128 MiB | | ${median(times).toFixed(0)} ms |`);
  }
}

async function fourBombs(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'viabiliza-bombs-'));
  const corpus = writeCorpus();
  const pool = createExtractionPool();
  try {
    console.log(`\n## Four bombs at once through the pool (${pool.threads} threads, heap limit ${DEFAULT_WORKER_LIMITS.maxOldGenerationSizeMb} MB per thread)\n`);
    // Warm: every thread has loaded its libraries and read a PDF, as on a server that has been up.
    await Promise.all(Array.from({ length: pool.threads * 2 }, () => pool.run({ path: corpus.files.docx, kind: 'docx', fileName: 'a.docx' })));
    const deed = join(dir, 'escritura.pdf');
    writeFileSync(deed, deedPdf());
    await Promise.all(Array.from({ length: pool.threads }, () => pool.run({ path: deed, kind: 'pdf', fileName: 'escritura.pdf' })));
    console.log('| bomb | baseline RSS | peak RSS | peak − baseline | wall time | outcome |');
    console.log('|---|---:|---:|---:|---:|---|');
    for (const where of ['content', 'image', 'objectStream'] as const) {
      const paths = Array.from({ length: 4 }, (_, i) => {
        const path = join(dir, `bomba-${where}-${i}.pdf`);
        writeFileSync(path, decompressionBombPdf({ where }));
        return path;
      });
      (globalThis as { gc?: () => void }).gc?.();
      await new Promise((resolve) => setTimeout(resolve, 500));
      const baseline = process.memoryUsage.rss();
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, process.memoryUsage.rss());
      }, 10);
      const started = performance.now();
      const outcomes = await Promise.all(
        paths.map((path) => pool.run({ path, kind: 'pdf', fileName: 'bomba.pdf' }, { owner: path }).then(() => 'lido', (e: Error) => e.message)),
      );
      const wall = performance.now() - started;
      clearInterval(sampler);
      peak = Math.max(peak, process.memoryUsage.rss());
      const same = new Set(outcomes).size === 1 ? `4 × ${outcomes[0]}` : outcomes.join(' / ');
      console.log(`| ${where} | ${(baseline / MB).toFixed(0)} MB | ${(peak / MB).toFixed(0)} MB | **+${((peak - baseline) / MB).toFixed(0)} MB** | ${(wall / 1000).toFixed(2)} s | ${same} |`);
    }
  } finally {
    await pool.destroy();
    corpus.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function threadHeap(): Promise<void> {
  // Imported here: pdf.js's polyfills are not wanted while the pool runs above.
  const { extractDocument } = await import('../src/extract.ts');
  const dir = mkdtempSync(join(tmpdir(), 'viabiliza-heap-'));
  try {
    const path = join(dir, 'longa.pdf');
    writeFileSync(path, benchPdf(200));
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 5);
    const result = await extractDocument({ path, kind: 'pdf', fileName: 'longa.pdf' });
    clearInterval(sampler);
    console.log(`\n## Heap of one reader\n\n200-page text PDF read in-thread (${result.pages.length} pages): heap ${(before / MB).toFixed(0)} → peak ${(peak / MB).toFixed(0)} MB (+${((peak - before) / MB).toFixed(0)} MB), against the thread limit of ${DEFAULT_WORKER_LIMITS.maxOldGenerationSizeMb} MB.`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function tableBomb(): Promise<void> {
  const pool = createExtractionPool();
  // What /api/health costs the event loop: nothing but the answer.
  const health = createServer((_req, res) => res.end('{"status":"ok"}'));
  await new Promise<void>((resolve) => health.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(health.address() as AddressInfo).port}/`;
  try {
    await Promise.all(Array.from({ length: pool.threads }, () => pool.readTable(Buffer.from('a;b\n'))));
    // fetch loads its HTTP client on first use (about 150 ms): not the bomb's doing.
    await (await fetch(url)).text();
    console.log(`\n## XLSX import bomb through readTable, health polled every 50 ms (${pool.threads} threads)\n`);
    console.log('| bomb | size | outcome | wall time | health polls | max health latency | RSS after − before |');
    console.log('|---|---:|---|---:|---:|---:|---:|');
    const bombs: [string, Buffer][] = [
      ['400 MiB, sizes declared', xlsxBomb()],
      ['400 MiB, headers lying (1 KB declared)', xlsxBomb({ declaredSize: 1024 })],
    ];
    for (const [name, bomb] of bombs) {
      (globalThis as { gc?: () => void }).gc?.();
      const before = process.memoryUsage.rss();
      let done = false;
      const latencies: number[] = [];
      const poll = (async () => {
        while (!done) {
          const started = performance.now();
          await (await fetch(url)).text();
          latencies.push(performance.now() - started);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const started = performance.now();
      // Four at once, as four admins (or one script) would send them.
      const outcomes = await Promise.all(Array.from({ length: 4 }, (_, i) => pool.readTable(bomb, { owner: String(i) }).then(() => 'lida', (e: Error) => e.message)));
      const wall = performance.now() - started;
      // A few more polls after the refusal, so the figure covers the whole episode.
      await new Promise((resolve) => setTimeout(resolve, 300));
      done = true;
      await poll;
      const outcome = new Set(outcomes).size === 1 ? `4 × ${outcomes[0]}` : outcomes.join(' / ');
      console.log(
        `| ${name} | ${(bomb.length / 1024).toFixed(0)} KB | ${outcome} | ${(wall / 1000).toFixed(2)} s | ${latencies.length} | **${Math.max(...latencies).toFixed(0)} ms** | ${((process.memoryUsage.rss() - before) / MB).toFixed(0)} MB |`,
      );
    }
  } finally {
    health.close();
    await pool.destroy();
  }
}

console.log(`# bench:bombs (${availableParallelism()} cores, Node ${process.versions.node})`);
// `npm run bench:bombs -- --tables`: the table import section alone.
if (!process.argv.includes('--tables')) {
  await preScanCost();
  await fourBombs();
  await threadHeap();
}
await tableBomb();
process.exit(0);
