import { afterAll, describe, expect, it } from 'vitest';
import { scanPageJpeg } from '../test/corpus.ts';
import { OcrEngine } from './ocr.ts';
import { prepareImageForOcr, toPgm } from './image.ts';
import { ExtractionError } from './types.ts';

const engine = new OcrEngine();
afterAll(() => engine.terminate());

async function linePgm(): Promise<Buffer> {
  const { jpeg } = scanPageJpeg(['Matrícula nº 45.678 - São José dos Campos'], 150);
  const [image] = await prepareImageForOcr(jpeg, 'jpeg');
  return toPgm(image!);
}

describe('OcrEngine', () => {
  it('reads Portuguese offline, and recovers after a page that ran over its budget', { timeout: 120_000 }, async () => {
    const image = await linePgm();
    const error = await engine.recognize(image, { timeoutMs: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).retryable).toBe(true);
    expect((error as ExtractionError).message).toMatch(/^Timeout: OCR/);

    const result = await engine.recognize(image);
    expect(result.text).toContain('Matrícula');
    expect(result.text).toContain('São José dos Campos');
    expect(result.confidence).toBeGreaterThan(50);
  });
});
