/**
 * Draws a page model onto a canvas at a given resolution, as a scanner or a camera would see
 * the paper. Fonts come from pdfjs-dist's standard_fonts, already installed for the reader, so
 * nothing new is needed on CI: Liberation Sans (metric-compatible with the Helvetica that the
 * text PDFs name, so wrapping measured here matches both) and Foxit Fixed, a Courier-like
 * typewriter face (Type 1, which @napi-rs/canvas loads through FreeType).
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { PageModel } from './layout.ts';

export type FontName = 'sans' | 'bold' | 'mono';

const FAMILY: Record<FontName, string> = { sans: 'Bench Sans', bold: 'Bench Sans Bold', mono: 'Bench Typewriter' };
let registered = false;

function ensureFonts(): void {
  if (registered) return;
  const dir = join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts');
  GlobalFonts.registerFromPath(join(dir, 'LiberationSans-Regular.ttf'), FAMILY.sans);
  GlobalFonts.registerFromPath(join(dir, 'LiberationSans-Bold.ttf'), FAMILY.bold);
  GlobalFonts.registerFromPath(join(dir, 'FoxitFixed.pfb'), FAMILY.mono);
  registered = true;
}

let measurer: SKRSContext2D | null = null;
const widthCache = new Map<string, number>();

/** Width in points of `text` at `size` pt. */
export function measure(text: string, font: FontName, size: number): number {
  if (font === 'mono') return text.length * 0.6 * size;
  const key = `${font}\u0000${text}`;
  let unit = widthCache.get(key);
  if (unit === undefined) {
    ensureFonts();
    measurer ??= createCanvas(10, 10).getContext('2d');
    measurer.font = `100px "${FAMILY[font]}"`;
    unit = measurer.measureText(text).width / 100;
    widthCache.set(key, unit);
  }
  return unit * size;
}

export interface RasterOptions {
  dpi: number;
  /** Degrees the sheet lay crooked on the glass. */
  skewDeg?: number;
  /** Paper colour. */
  paper?: string;
  /** Typewriter ink: uneven strokes (some letters lighter). */
  inkJitter?: () => number;
}

/** The page drawn at `dpi`: a canvas the size of an A4 sheet. */
export function rasterize(page: PageModel, options: RasterOptions): Canvas {
  ensureFonts();
  const scale = options.dpi / 72;
  const width = Math.round(595 * scale);
  const height = Math.round(842 * scale);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = options.paper ?? '#fcfcfa';
  ctx.fillRect(0, 0, width, height);
  ctx.save();
  if (options.skewDeg) {
    ctx.translate(width / 2, height / 2);
    ctx.rotate((options.skewDeg * Math.PI) / 180);
    ctx.translate(-width / 2, -height / 2);
  }
  ctx.scale(scale, scale);
  ctx.textBaseline = 'alphabetic';
  const rgb = (c: [number, number, number] | undefined, alpha = 1) =>
    c ? `rgba(${Math.round(c[0] * 255)},${Math.round(c[1] * 255)},${Math.round(c[2] * 255)},${alpha})` : `rgba(17,17,17,${alpha})`;
  for (const item of page.items) {
    ctx.save();
    if (item.kind === 'rect') {
      if (item.angle) {
        ctx.translate(item.x, item.y + item.h);
        ctx.rotate((-item.angle * Math.PI) / 180);
        ctx.translate(-item.x, -(item.y + item.h));
      }
      if (item.fill) {
        ctx.fillStyle = rgb(item.fill);
        ctx.fillRect(item.x, item.y, item.w, item.h);
      }
      if (item.line > 0) {
        ctx.strokeStyle = rgb(item.color, item.color ? 0.8 : 1);
        ctx.lineWidth = item.line;
        ctx.strokeRect(item.x, item.y, item.w, item.h);
      }
    } else {
      ctx.font = `${item.size}px "${FAMILY[item.font]}"`;
      if (item.angle) {
        ctx.translate(item.x, item.y);
        ctx.rotate((-item.angle * Math.PI) / 180);
        ctx.translate(-item.x, -item.y);
      }
      if (item.font === 'mono' && options.inkJitter) {
        // A typewriter strikes each letter on its own: some print lighter, some a hair off the line.
        let x = item.x;
        const advance = item.size * 0.6;
        for (const ch of item.text) {
          const j = options.inkJitter();
          ctx.fillStyle = rgb(item.color, 0.55 + 0.45 * j);
          ctx.fillText(ch, x, item.y + (j - 0.5) * 0.5);
          x += advance;
        }
      } else {
        ctx.fillStyle = rgb(item.color, item.color ? 0.75 : 1);
        ctx.fillText(item.text, item.x, item.y);
      }
    }
    ctx.restore();
  }
  ctx.restore();
  return canvas;
}

/** Luminance of a canvas, one byte per pixel. */
export function toGray(canvas: Canvas): { gray: Uint8Array; width: number; height: number } {
  const { width, height } = canvas;
  const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  const gray = new Uint8Array(width * height);
  for (let i = 0, p = 0; p < gray.length; i += 4, p++) gray[p] = (data[i]! * 299 + data[i + 1]! * 587 + data[i + 2]! * 114) / 1000;
  return { gray, width, height };
}
