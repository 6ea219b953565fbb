import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { SCAN_LINES, scanPageBilevel } from '../test/corpus.ts';
import { cleanScan, estimateSkew, isBilevel, readPageImage, rotateGray } from './ocr-page.ts';
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
