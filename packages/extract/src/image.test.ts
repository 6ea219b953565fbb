import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { PHOTO_KEY_WORDS, SCAN_KEY_WORDS, SCAN_LINES, scanPageBilevel, writeCorpus, type Corpus } from '../test/corpus.ts';
import { extractDocument } from './extract.ts';
import { isBlank, MAX_OCR_SIDE, prepareImageForOcr, rgbaToGray, toPgm } from './image.ts';
import { terminateSharedOcrEngine, type OcrLike } from './ocr.ts';
import { ExtractionError } from './types.ts';

let corpus: Corpus;
beforeAll(() => {
  corpus = writeCorpus();
});
afterAll(async () => {
  await terminateSharedOcrEngine();
  corpus.cleanup();
});

/** A 24-bit BMP written by hand: sharp cannot read BMP, the canvas decoder can. */
function bmp(width: number, height: number): Buffer {
  const rowSize = Math.ceil((width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + rowSize * height, 0xff);
  out.write('BM', 0);
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  out.writeUInt32LE(0, 30);
  out.writeUInt32LE(rowSize * height, 34);
  return out;
}

describe('image preparation', () => {
  it('writes grayscale PGM and tells blank pages apart', () => {
    const gray = rgbaToGray(Uint8Array.from([255, 0, 0, 255, 255, 255, 255, 255]), 2, 1);
    expect(Array.from(gray.data)).toEqual([76, 255]);
    expect(toPgm(gray).toString('latin1', 0, 11)).toBe('P5\n2 1\n255\n');
    expect(isBlank({ data: new Uint8Array(10_000).fill(250), width: 100, height: 100 })).toBe(true);
    expect(isBlank({ data: new Uint8Array(10_000).fill(0), width: 100, height: 100 })).toBe(false);
  });

  it('decodes every accepted image type, scales the long side into 1000–2500 px', async () => {
    const base = sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#ffffff' } });
    const cases: [Parameters<typeof prepareImageForOcr>[1], Buffer][] = [
      ['png', await base.clone().png().toBuffer()],
      ['jpeg', await base.clone().jpeg().toBuffer()],
      ['webp', await base.clone().webp().toBuffer()],
      ['gif', await base.clone().gif().toBuffer()],
      ['tiff', await base.clone().tiff().toBuffer()],
    ];
    for (const [kind, data] of cases) {
      const [image] = await prepareImageForOcr(data, kind);
      expect([kind, image!.width, image!.height, image!.data.length]).toEqual([kind, MAX_OCR_SIDE, 1250, MAX_OCR_SIDE * 1250]);
    }
    const [small] = await prepareImageForOcr(bmp(600, 300), 'bmp');
    expect([small!.width, small!.height]).toEqual([1200, 600]);
  });

  it('reads every page of a multi-page TIFF', async () => {
    const page = sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#ffffff' } }).png();
    const tiff = await sharp([await page.toBuffer(), await page.toBuffer()], { join: { animated: true } }).tiff().toBuffer();
    expect(await prepareImageForOcr(tiff, 'tiff')).toHaveLength(2);
  });
});

describe('image extraction', () => {
  it('OCRs a phone photo of an ITBI receipt', { timeout: 120_000 }, async () => {
    const result = await extractDocument({ path: corpus.files.photoJpeg, kind: 'jpeg', fileName: 'itbi.jpg' });
    expect(result.pages).toHaveLength(1);
    const page = result.pages[0]!;
    expect(page.method).toBe('ocr');
    expect(page.confidence).toBeGreaterThan(50);
    for (const word of PHOTO_KEY_WORDS) expect(page.text).toContain(word);
    expect(page.text).toContain('132,00 m²');
  });

  it('asks for a legible image when OCR finds less than 10 characters', async () => {
    const path = join(corpus.dir, 'branca.png');
    writeFileSync(path, await sharp({ create: { width: 800, height: 600, channels: 3, background: '#ffffff' } }).png().toBuffer());
    const ocr: OcrLike = { recognize: async () => ({ text: ' \n', confidence: 0 }), terminate: async () => undefined };
    await expect(extractDocument({ path, kind: 'png', fileName: 'branca.png' }, { ocr })).rejects.toThrow(
      new ExtractionError('Erro ao processar imagem: Não foi possível extrair texto suficiente da imagem. Verifique se a imagem contém texto legível.'),
    );
  });

  it('says a broken image is corrupt, in Portuguese', async () => {
    await expect(extractDocument({ path: corpus.files.textPdf, kind: 'png', fileName: 'falsa.png' })).rejects.toThrow(
      'Erro ao processar imagem: Imagem corrompida ou em formato não suportado',
    );
  });
});

describe('photos and scans the wrong way round (issue 14)', () => {
  it('reads a phone photo taken sideways (turned 90°, no EXIF orientation)', { timeout: 120_000 }, async () => {
    const path = join(corpus.dir, 'itbi-deitada.jpg');
    writeFileSync(path, await sharp(readFileSync(corpus.files.photoJpeg)).rotate(90).jpeg({ quality: 85 }).toBuffer());
    const page = (await extractDocument({ path, kind: 'jpeg', fileName: 'itbi.jpg' })).pages[0]!;
    for (const word of PHOTO_KEY_WORDS) expect(page.text).toContain(word);
  });

  it('turns an upside-down photo upright and says by how much', { timeout: 120_000 }, async () => {
    const path = join(corpus.dir, 'itbi-invertida.jpg');
    writeFileSync(path, await sharp(readFileSync(corpus.files.photoJpeg)).rotate(180).jpeg({ quality: 85 }).toBuffer());
    const page = (await extractDocument({ path, kind: 'jpeg', fileName: 'itbi.jpg' })).pages[0]!;
    expect(page.rotation).toBe(180);
    for (const word of PHOTO_KEY_WORDS) expect(page.text).toContain(word);
  });

  it('reads a 200 dpi bilevel fax TIFF (CCITT G4), enlarged and cleaned before OCR', { timeout: 120_000 }, async () => {
    const scan = scanPageBilevel(SCAN_LINES, 200);
    const path = join(corpus.dir, 'fax.tif');
    const pxPerMm = 200 / 25.4;
    const tiff = await sharp(scan.gray, { raw: { width: scan.width, height: scan.height, channels: 1 } })
      .toColourspace('b-w')
      .tiff({ compression: 'ccittfax4', bitdepth: 1, xres: pxPerMm, yres: pxPerMm })
      .toBuffer();
    writeFileSync(path, tiff);
    const [image] = await prepareImageForOcr(tiff, 'tiff');
    expect(image!.dpi).toBe(200);
    const page = (await extractDocument({ path, kind: 'tiff', fileName: 'fax.tif' })).pages[0]!;
    for (const word of SCAN_KEY_WORDS) expect(page.text).toContain(word);
  });
});
