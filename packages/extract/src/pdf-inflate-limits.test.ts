import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertPdfInflationBounded,
  jpegDimensions,
  lzwDecodedSize,
  measurePdfStreams,
  PDF_BOMB_MESSAGE,
  PDF_BOMB_REASON,
  runLengthDecodedSize,
} from './pdf-inflate-limits.ts';
import { ExtractionError } from './types.ts';
import { decompressionBombPdf, deflatedTextPdf, GIB, pdfOf, streamObject, withPortalPage } from '../test/hostile-pdfs.ts';
import { deedPdf, mixedPdf, scannedPdf } from '../test/corpus.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'viabiliza-inflate-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** PDF's LZW (MSB first, EarlyChange 1), the simplest way: for testing the counter only. */
function lzwEncode(data: Uint8Array): Buffer {
  const out: number[] = [];
  let buffer = 0;
  let held = 0;
  let bits = 9;
  const emit = (code: number) => {
    buffer = (buffer << bits) | code;
    held += bits;
    while (held >= 8) {
      out.push((buffer >>> (held - 8)) & 0xff);
      held -= 8;
    }
    buffer &= (1 << held) - 1;
  };
  let table = new Map<string, number>();
  let next = 258;
  emit(256);
  let word = '';
  for (const byte of data) {
    const candidate = word + String.fromCharCode(byte);
    if (word === '' || table.has(candidate)) {
      word = candidate;
      continue;
    }
    emit(word.length === 1 ? word.charCodeAt(0) : table.get(word)!);
    table.set(candidate, next++);
    // The decoder adds its entries one code later: it widens when its next code + 1 reaches 2^bits.
    if (next >= 1 << bits && bits < 12) bits++;
    if (next >= 4094) {
      emit(256);
      table = new Map();
      next = 258;
      bits = 9;
    }
    word = String.fromCharCode(byte);
  }
  if (word) emit(word.length === 1 ? word.charCodeAt(0) : table.get(word)!);
  emit(257);
  if (held > 0) out.push((buffer << (8 - held)) & 0xff);
  return Buffer.from(out);
}

describe('counting decoded sizes without decoding', () => {
  it('counts LZW and RunLength output exactly, and stops past the limit', () => {
    const text = Buffer.from('Matrícula 46.511, R-1 compra e venda; '.repeat(500), 'latin1');
    expect(lzwDecodedSize(lzwEncode(text), 1e9)).toBe(text.length);
    expect(lzwDecodedSize(lzwEncode(Buffer.alloc(100_000)), 1e9)).toBe(100_000);
    expect(lzwDecodedSize(lzwEncode(Buffer.alloc(100_000)), 1000)).toBeLessThan(2000);
    // 3 literal bytes, 120 repeats of 'x', end of data.
    expect(runLengthDecodedSize(Buffer.from([2, 65, 66, 67, 257 - 120, 120, 128]), 1e9)).toBe(123);
  });

  it('reads a JPEG frame header', async () => {
    const jpeg = await sharp({ create: { width: 321, height: 123, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    expect(jpegDimensions(jpeg)).toEqual([321, 123]);
  });
});

describe('measurePdfStreams', () => {
  it('stops a 1 MB PDF that inflates to 1 GiB, wherever the bomb sits', async () => {
    for (const where of ['content', 'image', 'objectStream'] as const) {
      const bomb = decompressionBombPdf({ where });
      expect(bomb.length).toBeLessThan(1.2 * 1024 * 1024);
      await expect(measurePdfStreams(bomb), where).rejects.toThrow(new ExtractionError(PDF_BOMB_REASON));
    }
  });

  it('has a limit per stream and one per document, both options', async () => {
    const stream = (mb: number) => streamObject('/Filter /FlateDecode', deflateSync(Buffer.alloc(mb * 1024 * 1024)));
    const five = pdfOf(['<< /Type /Catalog >>', stream(40), stream(40), stream(40)]);
    expect((await measurePdfStreams(five)).decodedBytes).toBe(120 * 1024 * 1024);
    await expect(measurePdfStreams(five, { maxStreamBytes: 32 * 1024 * 1024 })).rejects.toThrow(PDF_BOMB_REASON);
    await expect(measurePdfStreams(five, { maxDocumentBytes: 100 * 1024 * 1024 })).rejects.toThrow(PDF_BOMB_REASON);
  });

  it('refuses an image declaring more pixels than the limit, trusting the JPEG header over the dictionary', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#fff' } }).jpeg().toBuffer();
    // SOF0 declares 30000 × 30000 (2.7 GB of RGB) over a tiny image; the dictionary says 64 × 64.
    const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
    jpeg.writeUInt16BE(30_000, sof + 5);
    jpeg.writeUInt16BE(30_000, sof + 7);
    const image = pdfOf(['<< /Type /Catalog >>', streamObject('/Type /XObject /Subtype /Image /Width 64 /Height 64 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode', jpeg)]);
    await expect(measurePdfStreams(image)).rejects.toThrow('PDF com imagem de dimensões excessivas (30000×30000)');
  });

  it('lets every ordinary PDF through, cheaply', async () => {
    for (const pdf of [deedPdf(), scannedPdf(), mixedPdf(), deflatedTextPdf(200), withPortalPage(deflatedTextPdf(3))]) {
      const report = await measurePdfStreams(pdf);
      expect(report.streams).toBeGreaterThan(0);
      expect(report.unmeasured).toBe(0);
    }
    const big = deflatedTextPdf(200);
    const started = performance.now();
    const report = await measurePdfStreams(big);
    // A budget, not a benchmark (the figure is in BENCHMARKS.md): a loaded CI machine stays far under it.
    expect(performance.now() - started).toBeLessThan(500);
    expect(report.streams).toBe(200);
  });
});

describe('assertPdfInflationBounded', () => {
  it('throws the Portuguese reason, not retryable, and remembers the verdict', async () => {
    const path = join(dir, 'bomba.pdf');
    writeFileSync(path, decompressionBombPdf({ inflatedBytes: GIB / 4 }));
    const first = await assertPdfInflationBounded(path).catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ExtractionError);
    expect(first).toMatchObject({ message: `Erro ao processar PDF: ${PDF_BOMB_REASON}`, retryable: false });
    expect(PDF_BOMB_MESSAGE).toBe('Erro ao processar PDF: PDF com conteúdo compactado grande demais (possível bomba de descompressão)');
    const started = performance.now();
    await expect(assertPdfInflationBounded(path)).rejects.toThrow(PDF_BOMB_MESSAGE);
    expect(performance.now() - started).toBeLessThan(50);
    const fine = join(dir, 'escritura.pdf');
    writeFileSync(fine, deedPdf());
    await expect(assertPdfInflationBounded(fine)).resolves.toBeUndefined();
  });
});
