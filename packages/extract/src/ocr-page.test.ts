import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { SCAN_LINES, scanPageBilevel } from '../test/corpus.ts';
import { binarize, cleanScan, estimateSkew, isBilevel, otsuThreshold, readPageImage, rotateGray, squarePixels } from './ocr-page.ts';
import type { GrayImage } from './image.ts';

async function page(skewDeg: number): Promise<GrayImage> {
  const scan = scanPageBilevel([...SCAN_LINES, ...SCAN_LINES], 150, { skewDeg });
  return { data: new Uint8Array(scan.gray), width: scan.width, height: scan.height };
}

describe('page image preparation', () => {
  it('measures the skew of crooked text lines and straightens them', async () => {
    const crooked = await page(4);
    const skew = estimateSkew(crooked);
    expect(Math.abs(skew - 4)).toBeLessThan(0.5);
    expect(Math.abs(estimateSkew(await rotateGray(crooked, -skew)))).toBeLessThan(0.5);
    expect(estimateSkew(await page(0))).toBe(0);
  });

  it('enlarges and cleans a low-resolution bilevel scan, and leaves a gray 300 dpi page alone', async () => {
    const fax = await page(0);
    expect(isBilevel(fax)).toBe(true);
    const cleaned = await cleanScan(fax, 200);
    expect(cleaned.width).toBe(Math.round(fax.width * 1.5));
    const gray = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#808080' } }).grayscale().raw().toBuffer();
    const photo: GrayImage = { data: new Uint8Array(gray), width: 600, height: 800 };
    expect(isBilevel(photo)).toBe(false);
    expect(await cleanScan(photo, null)).toBe(photo);
  });
});

describe('orientation when the detector is unsure', () => {
  it('reads the page each way up and keeps the reading that makes sense', async () => {
    // A fake engine: it reads text only when the image is as tall as the original page was wide
    // (turned upright), and its orientation detector gives up, as tesseract's does on card photos.
    const upright = { width: 40, height: 20 };
    const page: GrayImage = { data: new Uint8Array(20 * 40).fill(255), width: 20, height: 40 };
    for (let i = 0; i < page.data.length; i += 3) page.data[i] = 0;
    const seen: string[] = [];
    const ocr = {
      async recognize(image: Buffer) {
        const [w, h] = image.toString('latin1', 3, 20).split(/\s+/).map(Number) as [number, number];
        seen.push(`${w}x${h}`);
        const turned = w / h === upright.width / upright.height;
        return turned ? { text: 'CARTEIRA DE IDENTIDADE REGISTRO GERAL FILIAÇÃO DATA DE NASCIMENTO NATURALIDADE', confidence: 95 } : { text: 'zz', confidence: 30 };
      },
      async detectOrientation() {
        return null;
      },
      async terminate() {},
    };
    const reading = await readPageImage(page, ocr);
    expect(reading.text).toContain('CARTEIRA DE IDENTIDADE');
    expect([90, 270]).toContain(reading.rotation);
    expect(seen.length).toBeGreaterThan(2);
  });
});

describe('OCR input quality (issue 23)', () => {
  it('gives a scan with non-square pixels (227×198 dpi) the same resolution on both axes', async () => {
    const fax: GrayImage = { data: new Uint8Array(227 * 198).fill(255), width: 227, height: 198 };
    const square = await squarePixels(fax, 227, 198);
    expect(square.dpi).toBe(227);
    expect([square.image.width, square.image.height]).toEqual([227, 227]);
    expect(isBilevel(square.image)).toBe(true);
    const already = await squarePixels(fax, 200, 199);
    expect(already.image).toBe(fax);
  });

  it('binarises at the level that splits ink from paper', () => {
    const data = new Uint8Array(1000);
    for (let i = 0; i < data.length; i++) data[i] = i % 4 === 0 ? 60 + (i % 20) : 200 + (i % 30);
    const threshold = otsuThreshold({ data, width: 100, height: 10 });
    // Every ink level (60–76) falls at or below it, every paper level (200–229) above.
    expect(threshold).toBeGreaterThanOrEqual(76);
    expect(threshold).toBeLessThan(200);
    const bw = binarize({ data, width: 100, height: 10 });
    expect(new Set(bw.data)).toEqual(new Set([0, 255]));
  });

  it('tries a weak reading again on a 300 dpi and a binarised copy and keeps the most confident', async () => {
    // Level lines of gray ink on gray paper (not bilevel, no skew).
    const gray: GrayImage = { data: new Uint8Array(200 * 280).map((_, i) => (Math.floor(i / 200) % 10 === 0 ? 40 : 190)), width: 200, height: 280 };
    const text = 'Matrícula 45.678 registro de imóveis da comarca com texto suficiente para a leitura';
    const sizes: string[] = [];
    const ocr = {
      async recognize(image: Buffer) {
        const [w, h] = image.toString('latin1', 3, 20).split(/\s+/).map(Number) as [number, number];
        sizes.push(`${w}x${h}`);
        // The 300 dpi copy (1.5× of 200 dpi) reads best; the first reading is below RETRY_CONFIDENCE.
        return { text, confidence: w === 300 ? 91 : 62 };
      },
      async terminate() {},
    };
    const reading = await readPageImage(gray, ocr, { dpi: 200 });
    expect(reading.confidence).toBe(91);
    expect(sizes).toEqual(['200x280', '300x420', '300x420']);
  });
});
