import { afterAll, describe, expect, it } from 'vitest';
import { SCAN_LINES, scanPageJpeg } from '../test/corpus.ts';
import { chooseOcrEngine, detectNativeTesseract, NativeOcrEngine, OcrEngine, ocrEngineSetting, processCpuMs, runawayLimitMs, sharedOcrEngineName, terminateSharedOcrEngine, textFromTsv } from './ocr.ts';
import { prepareImageForOcr, toPgm } from './image.ts';
import { ExtractionError } from './types.ts';

const engine = new OcrEngine();
afterAll(async () => {
  await engine.terminate();
  await terminateSharedOcrEngine();
});

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

describe('engine choice', () => {
  it('uses native tesseract when installed, tesseract.js when asked to or when the binary is missing', () => {
    expect(ocrEngineSetting({})).toBe('auto');
    expect(ocrEngineSetting({ OCR_ENGINE: 'tesseractjs' })).toBe('tesseractjs');
    expect(ocrEngineSetting({ OCR_ENGINE: 'Native' })).toBe('native');
    expect(() => ocrEngineSetting({ OCR_ENGINE: 'gpu' })).toThrow(/OCR_ENGINE inválido/);
    expect(chooseOcrEngine('auto', true)).toBe('native');
    expect(chooseOcrEngine('auto', false)).toBe('tesseractjs');
    expect(chooseOcrEngine('tesseractjs', true)).toBe('tesseractjs');
    expect(() => chooseOcrEngine('native', false)).toThrow(ExtractionError);
    // No tesseract on this PATH: detection says so instead of failing later.
    expect(detectNativeTesseract({ ...process.env, PATH: '/nonexistent' })).toBe(false);
    expect(sharedOcrEngineName()).toBe(process.env.OCR_ENGINE === 'tesseractjs' || !detectNativeTesseract() ? 'tesseractjs' : 'native');
  });

  it('lays tesseract TSV words out as lines and paragraphs with their mean confidence', () => {
    const header = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext';
    const word = (b: number, p: number, l: number, w: number, conf: number, text: string) => `5\t1\t${b}\t${p}\t${l}\t${w}\t0\t0\t1\t1\t${conf}\t${text}`;
    const tsv = [header, '1\t1\t0\t0\t0\t0\t0\t0\t9\t9\t-1\t', word(1, 1, 1, 1, 90, 'Matrícula'), word(1, 1, 1, 2, 80, 'nº'), word(1, 1, 2, 1, 70, '45.678'), word(1, 2, 1, 1, 60, 'Fim')].join('\n');
    expect(textFromTsv(tsv)).toEqual({ text: 'Matrícula nº\n45.678\n\nFim', confidence: 75 });
  });

  it.skipIf(!detectNativeTesseract())('reads Portuguese with the native binary, one process per page', { timeout: 60_000 }, async () => {
    const native = new NativeOcrEngine();
    const result = await native.recognize(await linePgm());
    expect(result.text).toContain('São José dos Campos');
    expect(result.confidence).toBeGreaterThan(50);
    const timeout = await native.recognize(await linePgm(), { timeoutMs: 1 }).catch((e: unknown) => e);
    expect((timeout as ExtractionError).message).toMatch(/^Timeout: OCR/);
  });
});

describe('what bounds a page', () => {
  it('stretches the wall-clock bound by the load per core, never below the base', () => {
    expect(runawayLimitMs(600_000, 0.5, 2)).toBe(600_000);
    expect(runawayLimitMs(600_000, 10, 2)).toBe(3_000_000);
  });

  it('reads a process CPU time from /proc, and nothing for a process that does not exist', () => {
    if (process.platform === 'linux') expect(processCpuMs(process.pid)).toBeGreaterThan(0);
    expect(processCpuMs(2 ** 30)).toBeNull();
  });

  it.skipIf(!detectNativeTesseract() || process.platform !== 'linux')(
    'stops a native OCR process past its CPU budget with a final reason for the page',
    { timeout: 120_000 },
    async () => {
      const { jpeg } = scanPageJpeg([...SCAN_LINES, ...SCAN_LINES, ...SCAN_LINES], 300);
      const [image] = await prepareImageForOcr(jpeg, 'jpeg');
      const error = await new NativeOcrEngine().recognize(toPgm(image!), { cpuMs: 1 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ExtractionError);
      expect((error as ExtractionError).message).toMatch(/de CPU/);
      expect((error as ExtractionError).retryable).toBe(false);
    },
  );
});
