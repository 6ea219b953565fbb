/**
 * What scanners, fax machines and phones do to a page: sensor noise and dust, fax-like bilevel
 * thresholding encoded as CCITT Group 4 (what 200 dpi certificate scanners write) or as 1-bit
 * Flate, JPEG, and a phone photo of the sheet on a table (perspective, uneven light, shadow,
 * sideways). Every random choice comes from the document's seeded stream.
 */
import type { Canvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import type { PdfImage } from './pdf-writer.ts';
import type { Rng } from './prng.ts';

export interface Gray {
  gray: Uint8Array;
  width: number;
  height: number;
}

/** Per-pixel sensor noise of amplitude `amount`, and `dust` dark specks. */
export function addNoise(image: Gray, rng: Rng, amount: number, dust = 0): Gray {
  const { gray, width, height } = image;
  if (amount > 0) {
    for (let i = 0; i < gray.length; i++) gray[i] = Math.max(0, Math.min(255, gray[i]! + (rng.next() - 0.5) * 2 * amount));
  }
  for (let k = 0; k < dust; k++) {
    const x = rng.int(0, width - 3);
    const y = rng.int(0, height - 3);
    const size = rng.chance(0.85) ? 1 : 2;
    for (let dy = 0; dy < size; dy++) for (let dx = 0; dx < size; dx++) gray[(y + dy) * width + x + dx] = 30;
  }
  return image;
}

/**
 * Optics blur. Done here with libvips: the canvas's blur filter redraws a layer for every glyph
 * drawn and took two minutes for one typewritten page.
 */
export async function blur(image: Gray, sigma: number): Promise<Gray> {
  const { data } = await sharp(image.gray, { raw: { width: image.width, height: image.height, channels: 1 } }).blur(sigma).toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  if (data.length !== image.width * image.height) throw new Error('blur: canal inesperado');
  return { ...image, gray: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** Fax-like: every pixel black or white at `threshold`. */
export function bilevel(image: Gray, threshold = 150): Gray {
  const out = new Uint8Array(image.gray.length);
  for (let i = 0; i < out.length; i++) out[i] = image.gray[i]! < threshold ? 0 : 255;
  return { ...image, gray: out };
}

/**
 * CCITT Group 4 through libvips (sharp): a TIFF with a single tile as large as the page (tiles
 * are multiples of 16, so the page is padded with white first), whose one tile is exactly the G4
 * stream a PDF embeds with /CCITTFaxDecode /K -1. libvips writes min-is-black, hence /BlackIs1.
 */
export async function encodeG4(image: Gray): Promise<PdfImage> {
  const width = Math.ceil(image.width / 16) * 16;
  const height = Math.ceil(image.height / 16) * 16;
  const padded = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < image.height; y++) padded.set(image.gray.subarray(y * image.width, (y + 1) * image.width), y * width);
  const tiff = await sharp(padded, { raw: { width, height, channels: 1 } })
    .toColourspace('b-w')
    .tiff({ compression: 'ccittfax4', bitdepth: 1, tile: true, tileWidth: width, tileHeight: height })
    .toBuffer();
  const little = tiff[0] === 0x49;
  const u16 = (o: number) => (little ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (little ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd = u32(4);
  let offset = -1;
  let length = -1;
  for (let i = 0; i < u16(ifd); i++) {
    const entry = ifd + 2 + i * 12;
    const tag = u16(entry);
    const value = u16(entry + 2) === 3 ? u16(entry + 8) : u32(entry + 8);
    if (tag === 324) offset = value; // TileOffsets (one tile: the value itself)
    if (tag === 325) length = value; // TileByteCounts
  }
  if (offset < 0 || length < 0) throw new Error('TIFF G4 sem tile único');
  return { width, height, filter: 'ccitt', data: Buffer.from(tiff.subarray(offset, offset + length)) };
}

/** 1 bit per pixel, rows padded to a byte, 1 = white (DeviceGray): Flate-compressed by the writer. */
export function packBilevel(image: Gray): PdfImage {
  const rowBytes = Math.ceil(image.width / 8);
  const data = Buffer.alloc(rowBytes * image.height);
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (image.gray[y * image.width + x]! >= 128) data[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return { width: image.width, height: image.height, filter: 'flate1', data };
}

export async function jpegGray(image: Gray, quality: number): Promise<PdfImage> {
  const data = await sharp(image.gray, { raw: { width: image.width, height: image.height, channels: 1 } }).jpeg({ quality }).toBuffer();
  return { width: image.width, height: image.height, filter: 'dct-gray', data };
}

// ---------------------------------------------------------------------------------------------
// Phone photo

/** The 3×3 projective map (as 8 coefficients) taking each `from` point to its `to` point. */
function homography(from: [number, number][], to: [number, number][]): number[] {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [x, y] = from[i]!;
    const [u, v] = to[i]!;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gauss–Jordan with partial pivoting on the 8×9 augmented matrix.
  for (let c = 0; c < 8; c++) {
    let pivot = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r]![c]!) > Math.abs(a[pivot]![c]!)) pivot = r;
    [a[c], a[pivot]] = [a[pivot]!, a[c]!];
    const p = a[c]![c]!;
    for (let k = c; k < 9; k++) a[c]![k]! /= p;
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r]![c]!;
      if (f !== 0) for (let k = c; k < 9; k++) a[r]![k]! -= f * a[c]![k]!;
    }
  }
  return a.map((row) => row[8]!);
}

export interface PhotoOptions {
  /** Clockwise rotation of the finished picture: the phone held sideways. */
  rotation: 0 | 90 | 270;
  /** Output frame before rotation (portrait). */
  width?: number;
  height?: number;
  quality?: number;
}

/**
 * A photo of the page lying on a table: the sheet's corners pulled into a trapezoid, a shadow
 * across one side, warm light, sensor noise; then turned sideways and saved as JPEG.
 */
export async function phonePhoto(page: Canvas, rng: Rng, options: PhotoOptions): Promise<Buffer> {
  const W = options.width ?? 1300;
  const H = options.height ?? 1750;
  const src = page.getContext('2d').getImageData(0, 0, page.width, page.height).data;
  const sw = page.width;
  const sh = page.height;
  const j = () => rng.int(0, 45);
  const quad: [number, number][] = [
    [40 + j(), 60 + j()],
    [W - 30 - j(), 30 + j()],
    [W - 70 - j(), H - 40 - j()],
    [20 + j(), H - 80 - j()],
  ];
  const h = homography(quad, [
    [0, 0],
    [sw, 0],
    [sw, sh],
    [0, sh],
  ]);
  const out = Buffer.alloc(W * H * 3);
  const shadowAngle = rng.next() * Math.PI * 2;
  const sx = Math.cos(shadowAngle);
  const sy = Math.sin(shadowAngle);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const d = h[6]! * x + h[7]! * y + 1;
      const u = (h[0]! * x + h[1]! * y + h[2]!) / d;
      const v = (h[3]! * x + h[4]! * y + h[5]!) / d;
      let r: number;
      let g: number;
      let b: number;
      if (u >= 0 && v >= 0 && u < sw - 1 && v < sh - 1) {
        // Bilinear sample of the page.
        const x0 = Math.floor(u);
        const y0 = Math.floor(v);
        const fx = u - x0;
        const fy = v - y0;
        const i00 = (y0 * sw + x0) * 4;
        const i10 = i00 + 4;
        const i01 = i00 + sw * 4;
        const i11 = i01 + 4;
        const mix = (c: number) => (src[i00 + c]! * (1 - fx) + src[i10 + c]! * fx) * (1 - fy) + (src[i01 + c]! * (1 - fx) + src[i11 + c]! * fx) * fy;
        r = mix(0) * 0.97;
        g = mix(1) * 0.93;
        b = mix(2) * 0.84;
      } else {
        // The table: dark brown wood.
        const grain = ((x * 7 + y * 3) % 23) / 23;
        r = 70 + grain * 20;
        g = 48 + grain * 12;
        b = 30 + grain * 8;
      }
      // Light falls off across the sheet; a hand's shadow darkens one side.
      const t = ((x / W - 0.5) * sx + (y / H - 0.5) * sy + 0.7) / 1.4;
      const light = 0.55 + 0.45 * Math.max(0, Math.min(1, t));
      const noise = (rng.next() - 0.5) * 14;
      const o = (y * W + x) * 3;
      out[o] = Math.max(0, Math.min(255, r * light + noise));
      out[o + 1] = Math.max(0, Math.min(255, g * light + noise));
      out[o + 2] = Math.max(0, Math.min(255, b * light + noise));
    }
  }
  let image = sharp(out, { raw: { width: W, height: H, channels: 3 } });
  if (options.rotation) image = image.rotate(options.rotation);
  return image.jpeg({ quality: options.quality ?? 80 }).toBuffer();
}
