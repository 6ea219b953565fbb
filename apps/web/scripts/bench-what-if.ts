/**
 * Part of `npm run bench:engine`: the live what-if's recompute (issue 18) — the web module
 * `features/analysis/utils/engine-in-browser.ts` (`runScenario`: the whole analysis and its report)
 * on the two shipped example properties, as the browser runs it after a slider moves, warm (the page
 * has already run the engine for the base and the tornado), one assumption changed per run. Node's
 * V8 is Chromium's; e2e/what-if.spec.ts reads the same measurement from the page itself.
 * Also prints the size of the engine's lazy chunk(s) in the built web app when `apps/web/dist` exists.
 *
 * A benchmark, not a test: the 50 ms target is printed, not enforced.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { engineInputResponse } from '@viabiliza/contracts/engine-input';
import { EXAMPLE_PROPERTIES } from '@viabiliza/engine/examples';
import { buildDossier } from '@viabiliza/extract/dossier/index';
import { loadEngine, runScenario } from '../src/features/analysis/utils/engine-in-browser.ts';

const TARGET_MS = 50;
const WARMUP = 20;
const RUNS = 60;
const generatedAt = new Date().toISOString();

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

const engine = await loadEngine();
const fmt = (n: number) => n.toLocaleString('pt-BR', { maximumFractionDigits: 1, minimumFractionDigits: 1 });
console.log(`Machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}`);
console.log('| what-if recompute (runScenario: analysis + report) | runs | median | p95 | max | target |');
console.log('|---|---:|---:|---:|---:|---|');
for (const example of EXAMPLE_PROPERTIES) {
  const dossier = buildDossier([...example.documents], { asOf: generatedAt.slice(0, 10) });
  const response = engineInputResponse.parse({
    analysisId: '11111111-1111-4111-8111-111111111111',
    propertyId: '22222222-2222-4222-8222-222222222222',
    documentIds: example.documents.map((d) => d.id),
    input: { analysisType: 'complete', questionnaire: example.questionnaire, documents: example.documents, overrides: {}, generatedAt, title: example.title, dossier, referenceRows: [] },
    complete: true,
  });
  const times: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    // One slider step per run, as a person drags it.
    const run = runScenario(engine, response, { vacancyRate: 0.05 + (i % 20) / 1000 });
    if (i >= WARMUP) times.push(run.ms);
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 0.5);
  console.log(`| ${example.title} | ${RUNS} | ${fmt(median)} ms | ${fmt(percentile(times, 0.95))} ms | ${fmt(times.at(-1)!)} ms | < ${TARGET_MS} ms: ${median < TARGET_MS ? 'yes' : 'NO'} |`);
}

const assets = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'assets');
if (existsSync(assets)) {
  // The engine's chunks: the ones holding its reference dataset and orchestration.
  const chunks = readdirSync(assets).filter((f) => f.endsWith('.js') && /ENGINE_VERSION|SHIPPED_DATASET|selic-2025-06/.test(readFileSync(join(assets, f), 'utf8')));
  const total = chunks.reduce((n, f) => n + gzipSync(readFileSync(join(assets, f)), { level: 9 }).length, 0);
  console.log(`Engine lazy chunk(s) in apps/web/dist: ${chunks.join(', ') || 'none found'} — ${(total / 1000).toFixed(1)} kB gzip, loaded only by 'Simular cenário'.`);
}
