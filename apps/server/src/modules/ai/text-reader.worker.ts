import type { MessagePort } from 'node:worker_threads';
import type { AnalysisType } from '@viabiliza/contracts/analysis';
import { runEngine } from '@viabiliza/engine/analyze';
import { taskBegun } from '@viabiliza/extract/deadline';
import { readText, type TextRead } from './read-text.ts';

export interface TextReaderTask {
  text: string;
  analysisType: AnalysisType;
  /** ISO instant the analysis is dated. */
  now: string;
  /** Told when the thread begins the text: the pool's time bound counts from there. */
  started?: MessagePort;
}

export interface TextReaderResult {
  reading: TextRead;
  /** The engine's run, when the text has what a verdict needs. */
  engine: Pick<ReturnType<typeof runEngine>, 'result' | 'markdown'> | null;
}

/** Reads a pasted text and runs the engine on it: the CPU part of a text analysis, off the main thread. */
export default function readAndAnalyse(task: TextReaderTask): TextReaderResult {
  taskBegun(task.started);
  const reading = readText(task.text, task.analysisType, new Date(task.now));
  if (reading.missing.length) return { reading, engine: null };
  const { result, markdown } = runEngine(reading.input);
  return { reading, engine: { result, markdown } };
}
