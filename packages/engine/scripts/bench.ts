/// <reference types="node" />
/**
 * `npm run bench:engine` (first half): time of one complete analysis by the engine, on the shipped
 * example properties, warm (the engine loaded once, as in the server). Target from issue 4: < 50 ms.
 */
import { ANALYSIS_TYPES } from '@viabiliza/contracts/analysis';
import { runEngine } from '../src/analyze.ts';
import { EXAMPLE_PROPERTIES } from '../src/examples.ts';
import { REFERENCE_DEALS, primaryIrr, verdictReason } from '../src/reference-deals.ts';
import { formatPercent } from '../src/report.ts';

const TARGET_MS = 50;
const RUNS = 60;

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

console.log(`# Motor de viabilidade (${RUNS} execuções por linha, aquecido)\n`);
console.log('| exemplo | tipo | mediana (ms) | p95 (ms) | mediana / alvo 50 ms |');
console.log('|---|---|---:|---:|---:|');
for (const example of EXAMPLE_PROPERTIES) {
  for (const analysisType of ANALYSIS_TYPES) {
    const input = { analysisType, questionnaire: example.questionnaire, documents: example.documents, generatedAt: new Date().toISOString(), title: example.title };
    for (let i = 0; i < 5; i++) runEngine(input);
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      runEngine(input);
      samples.push(performance.now() - t);
    }
    const median = percentile(samples, 50);
    console.log(`| ${example.id} | ${analysisType} | ${median.toFixed(2)} | ${percentile(samples, 95).toFixed(2)} | ${(median / TARGET_MS).toFixed(3)}× |`);
  }
}

// ------------------------------------------------------------------------------------------------
// Verdicts of the reference deals (checked against independent figures in src/verdicts.test.ts),
// with the CPU time of one complete analysis (process.cpuUsage: the machine is shared, so wall time
// also counts other people's work).

const pct = (x: number | null | undefined) => (typeof x === 'number' ? formatPercent(x) : 'n/d');
console.log('\n# Veredictos dos negócios de referência (análise completa, 25/11/2026)\n');
console.log('| negócio | esperado | nota | faixa | TIR | TMA | motivo | CPU mediana (ms) |');
console.log('|---|---|---:|---|---:|---:|---|---:|');
let mismatches = 0;
const cpuAll: number[] = [];
for (const d of REFERENCE_DEALS) {
  for (let i = 0; i < 3; i++) runEngine(d.input);
  const cpu: number[] = [];
  for (let i = 0; i < 20; i++) {
    const c = process.cpuUsage();
    runEngine(d.input);
    const u = process.cpuUsage(c);
    cpu.push((u.user + u.system) / 1000);
  }
  cpuAll.push(...cpu);
  const r = runEngine(d.input).result;
  if (r.score.band !== d.expected) mismatches++;
  const h = r.hurdle;
  console.log(
    `| ${d.label} | ${d.expected} | ${r.score.value.toLocaleString('pt-BR', { minimumFractionDigits: 1 })} | ${r.score.band}${r.score.band === d.expected ? '' : ' ✗'} | ${pct(primaryIrr(r))} | ${pct(h?.value)}${h ? ` (${h.basis === 'after-tax' ? 'após IR' : 'antes do IR'})` : ''} | ${verdictReason(r).replace(/\|/g, '/')} | ${percentile(cpu, 50).toFixed(1)} |`,
  );
}
console.log(`\n${REFERENCE_DEALS.length} negócios, ${mismatches} com faixa diferente da esperada; CPU por análise completa: mediana ${percentile(cpuAll, 50).toFixed(1)} ms, p95 ${percentile(cpuAll, 95).toFixed(1)} ms (alvo ${TARGET_MS} ms).`);
