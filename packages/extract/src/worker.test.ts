import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { writeCorpus, type Corpus } from '../test/corpus.ts';
import runTask, { type WorkerMessage } from './worker.ts';

let corpus: Corpus;
beforeAll(() => {
  corpus = writeCorpus();
});
afterAll(() => corpus.cleanup());

function collect(port: MessagePort): WorkerMessage[] {
  const messages: WorkerMessage[] = [];
  port.on('message', (m: WorkerMessage) => messages.push(m));
  return messages;
}

describe('runTask (worker entry)', () => {
  it('posts progress and returns the result as data', async () => {
    const { port1, port2 } = new MessageChannel();
    const messages = collect(port1);
    const outcome = await runTask({ type: 'extract', input: { path: corpus.files.xlsx, kind: 'xlsx', fileName: 'custos.xlsx' }, port: port2 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(outcome.ok && outcome.result.pages.length).toBe(2);
    expect(messages).toEqual([{ type: 'progress', progress: { pagesDone: 2, pageCount: 2 } }]);
    port1.close();
  });

  it('returns errors as plain data with message and retryable', async () => {
    const { port1, port2 } = new MessageChannel();
    const outcome = await runTask({ type: 'extract', input: { path: corpus.files.tinyTxt, kind: 'txt', fileName: 'curto.txt' }, port: port2 });
    expect(outcome).toEqual({
      ok: false,
      error: { message: 'Erro ao processar arquivo de texto: Arquivo de texto muito pequeno ou vazio', retryable: false, extraction: true },
    });
    expect(structuredClone(outcome)).toEqual(outcome);
    port1.close();
  });

  it('counts the pages of a PDF, or answers null when it cannot be opened', async () => {
    expect(await runTask({ type: 'countPdfPages', path: corpus.files.textPdf })).toBe(3);
    expect(await runTask({ type: 'countPdfPages', path: corpus.files.encryptedPdf })).toBeNull();
  });

  it('stops when the caller sends abort', async () => {
    const { port1, port2 } = new MessageChannel();
    port1.postMessage({ type: 'abort' });
    const outcome = await runTask({ type: 'extract', input: { path: corpus.files.textPdf, kind: 'pdf', fileName: 'x.pdf' }, port: port2 });
    expect(outcome).toEqual({ ok: false, error: { message: 'Extração cancelada', retryable: false, extraction: true } });
    port1.close();
  });
});
