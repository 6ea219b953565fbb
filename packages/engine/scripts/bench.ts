/// <reference types="node" />
/**
 * `npm run bench:engine` (first half): time of one complete analysis by the engine, on the shipped
 * example properties, warm (the engine loaded once, as in the server). Target from issue 4: < 50 ms.
 */
import { ANALYSIS_TYPES } from '@viabiliza/contracts/analysis';
import { runEngine } from '../src/analyze.ts';
import { EXAMPLE_PROPERTIES } from '../src/examples.ts';

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
