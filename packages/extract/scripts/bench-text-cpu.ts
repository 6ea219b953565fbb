/**
 * `npm run bench:extract -- --text-cpu`: the reader's CPU time on the real text-layer PDFs of
 * `../shared/realdocs-dev` (MANIFEST.tsv's 'text-or-scanned' column starting with 'text') against
 * pdftotext's on the same files. The reader's path is the worker's: the decompression pre-scan,
 * then extractDocument on this thread, warm (one pass first, then the measured passes). OCR is not
 * run: a page the reader would send to OCR is rendered, counted and given no text, so the figure is
 * the reader's own work and the count says how many pages it wanted to OCR (the goal is none).
 * CPU is process.cpuUsage() (user + system, every thread of this process) for the reader and the
 * shell's `times` (children) for pdftotext. Goal (issue 23): reader ≤ 3× pdftotext.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractDocument } from '../src/extract.ts';
import type { OcrLike } from '../src/ocr.ts';
import { measurePdfStreams } from '../src/pdf-inflate-limits.ts';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const fmt = (n: number, digits = 2) => n.toLocaleString('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** The text-layer PDFs of the dev set, by MANIFEST.tsv. */
export function textLayerPdfs(dir: string): string[] {
  const rows = readFileSync(join(dir, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1);
  return rows
    .map((row) => row.split('\t'))
    .filter((cells) => cells[0]!.toLowerCase().endsWith('.pdf') && /^text\b/i.test(cells[6] ?? ''))
    .map((cells) => join(dir, cells[0]!));
}

/** Children's user + system seconds of `sh -c` running pdftotext `rounds` times over the files. */
function pdftotextCpuSeconds(files: string[], rounds: number): number {
  const script = `i=0; while [ $i -lt ${rounds} ]; do for f in "$@"; do pdftotext -enc UTF-8 "$f" - >/dev/null 2>&1; done; i=$((i+1)); done; times`;
  const out = execFileSync('sh', ['-c', script, 'sh', ...files], { encoding: 'utf8' });
  // `times`: the shell's own user/system, then its children's: "0m0.120s 0m0.030s".
  const children = out.trim().split('\n').at(-1)!;
  const seconds = [...children.matchAll(/\b(\d{1,6})m(\d{1,6}(?:\.\d{1,6})?)s/g)].map((m) => Number(m[1]) * 60 + Number(m[2]));
  return seconds.reduce((a, b) => a + b, 0);
}

export async function benchTextCpu(rounds = 3): Promise<void> {
  const dir = resolve(REPO, '../shared/realdocs-dev');
  if (!existsSync(join(dir, 'MANIFEST.tsv'))) {
    console.log(`Sem ${dir}: nada a medir.`);
    return;
  }
  const files = textLayerPdfs(dir);
  let ocrPages = 0;
  const noOcr: OcrLike = {
    concurrency: 1,
    recognize: async () => {
      ocrPages++;
      return { text: '', confidence: 0 };
    },
    terminate: async () => undefined,
  };
  const readAll = async () => {
    for (const path of files) {
      await measurePdfStreams(readFileSync(path));
      await extractDocument({ path, kind: 'pdf', fileName: 'x.pdf' }, { ocr: noOcr }).catch(() => undefined);
    }
  };
  await readAll(); // warm: pdf.js, fonts, JIT
  ocrPages = 0;
  const before = process.cpuUsage();
  const wallStart = performance.now();
  for (let i = 0; i < rounds; i++) await readAll();
  const used = process.cpuUsage(before);
  const readerSeconds = (used.user + used.system) / 1e6 / rounds;
  const readerWall = (performance.now() - wallStart) / 1000 / rounds;
  const nativeSeconds = pdftotextCpuSeconds(files, rounds) / rounds;
  const ratio = readerSeconds / Math.max(1e-6, nativeSeconds);
  console.log(`## CPU do leitor nos PDFs com camada de texto do conjunto real (${files.length} arquivos)\n`);
  console.log(`Máquina: ${cpus()[0]?.model ?? '?'}, ${cpus().length} núcleos, carga ${fmt(loadavg()[0]!, 1)}; ${rounds} passadas medidas após uma de aquecimento.\n`);
  console.log('| medida | leitor (validação de compressão + extractDocument) | pdftotext | razão | meta |');
  console.log('|---|---|---|---|---|');
  console.log(`| CPU por passada (s, usuário + sistema) | ${fmt(readerSeconds, 3)} | ${fmt(nativeSeconds, 3)} | ${fmt(ratio)}× | ≤ 3× |`);
  console.log(`| relógio por passada (s) | ${fmt(readerWall, 3)} | — | | |`);
  console.log(`| páginas que o leitor mandaria ao OCR (por passada) | ${ocrPages / rounds} | — | | 0 |`);
}
