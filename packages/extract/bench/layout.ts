/**
 * The page model every corpus document is written in (points, A4, y from the top, baselines),
 * and a builder that flows lines and paragraphs onto pages while it records, for the truth file,
 * the page where each field value is printed. The same model becomes a text PDF (items in the
 * order they were added: the order a form's labels and values reach a reader), a raster scan or
 * a photo.
 */
import type { FieldKey } from '@viabiliza/contracts/document-types';
import type { TruthField } from './truth.ts';
import { measure, type FontName } from './render.ts';

export const PAGE_W = 595;
export const PAGE_H = 842;

export interface TextItem {
  kind: 'text';
  text: string;
  x: number;
  /** Baseline, from the top of the page. */
  y: number;
  size: number;
  font: FontName;
  /** In a scanned document, also written in the PDF's text layer (a stamp or footer). */
  textLayer?: boolean;
  /** Ink colour (a stamp); black when absent. */
  color?: [number, number, number];
  /** Degrees, counter-clockwise (a stamp laid crooked). */
  angle?: number;
}

export interface RectItem {
  kind: 'rect';
  x: number;
  y: number;
  w: number;
  h: number;
  /** Line width; 0 for a filled box only. */
  line: number;
  fill?: [number, number, number];
  color?: [number, number, number];
  angle?: number;
}

export type PageItem = TextItem | RectItem;

export interface PageModel {
  items: PageItem[];
  /** Nothing but an 'EM BRANCO' stamp, or nothing. */
  blank: boolean;
  /** In a text PDF, this page is a scanned image all the same (a mixed file). */
  raster?: boolean;
}

export interface FlowOptions {
  font: FontName;
  size: number;
  leading: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const DEFAULT_FLOW: FlowOptions = { font: 'sans', size: 10, leading: 14, left: 56, right: 56, top: 64, bottom: 64 };

/** A value in a paragraph whose page is recorded: `needle` is how it is printed. */
export interface Mark {
  key: FieldKey;
  value: string | number;
  needle: string;
}

export class DocBuilder {
  readonly pages: PageModel[] = [];
  readonly fields: TruthField[] = [];
  readonly flow: FlowOptions;
  private y = 0;

  constructor(flow: Partial<FlowOptions> = {}) {
    this.flow = { ...DEFAULT_FLOW, ...flow };
    this.newPage();
  }

  get pageNumber(): number {
    return this.pages.length;
  }

  get cursor(): number {
    return this.y;
  }

  private get current(): PageModel {
    return this.pages[this.pages.length - 1]!;
  }

  newPage(options: { raster?: boolean } = {}): this {
    this.pages.push({ items: [], blank: false, ...(options.raster ? { raster: true } : {}) });
    this.y = this.flow.top;
    return this;
  }

  /** A page that carries only a stamp like 'EM BRANCO' (or nothing). */
  blankPage(stamp: string | null = 'EM BRANCO', raster = false): this {
    this.newPage({ raster });
    this.current.blank = true;
    if (stamp) this.stamp(stamp, PAGE_W / 2 - 80, PAGE_H / 2, { size: 26, angle: 30, color: [0.35, 0.35, 0.35], textLayer: true });
    // The next line starts a new page (ensure): nothing else is written on a blank one.
    return this;
  }

  private ensure(height: number): void {
    if (this.current.blank) this.newPage();
    else if (this.y + height > PAGE_H - this.flow.bottom) this.newPage({ raster: this.current.raster });
  }

  space(pt: number): this {
    this.y += pt;
    return this;
  }

  /** One line at the cursor. */
  line(text: string, options: { font?: FontName; size?: number; x?: number; center?: boolean; leading?: number; textLayer?: boolean } = {}): this {
    const size = options.size ?? this.flow.size;
    const font = options.font ?? this.flow.font;
    const leading = options.leading ?? Math.max(this.flow.leading, size * 1.3);
    this.ensure(leading);
    this.y += leading;
    const x = options.center ? (PAGE_W - measure(text, font, size)) / 2 : (options.x ?? this.flow.left);
    this.current.items.push({ kind: 'text', text, x, y: this.y, size, font, ...(options.textLayer ? { textLayer: true } : {}) });
    return this;
  }

  /** Words wrapped to the text width; marks record the page of the line where each value starts. */
  para(text: string, marks: Mark[] = [], options: { font?: FontName; size?: number; indent?: number } = {}): this {
    const size = options.size ?? this.flow.size;
    const font = options.font ?? this.flow.font;
    const width = PAGE_W - this.flow.left - this.flow.right - (options.indent ?? 0);
    const lines: { text: string; start: number }[] = [];
    let line = '';
    let start = 0;
    let offset = 0;
    for (const word of text.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (line && measure(candidate, font, size) > width) {
        lines.push({ text: line, start });
        start = offset;
        line = word;
      } else line = candidate;
      offset += word.length + 1;
    }
    if (line) lines.push({ text: line, start });
    const pageOfLine: number[] = [];
    for (const l of lines) {
      this.line(l.text, { font, size, x: this.flow.left + (options.indent ?? 0) });
      pageOfLine.push(this.pageNumber);
    }
    for (const mark of marks) {
      const at = text.indexOf(mark.needle);
      if (at < 0) throw new Error(`marca '${mark.needle}' ausente do parágrafo`);
      let index = 0;
      for (let i = 0; i < lines.length; i++) if (lines[i]!.start <= at) index = i;
      this.record(mark.key, mark.value, pageOfLine[index]!);
    }
    return this;
  }

  /** Text at a fixed place on the current page; the cursor does not move. */
  at(x: number, y: number, text: string, options: { font?: FontName; size?: number; textLayer?: boolean } = {}): this {
    this.current.items.push({ kind: 'text', text, x, y, size: options.size ?? this.flow.size, font: options.font ?? this.flow.font, ...(options.textLayer ? { textLayer: true } : {}) });
    return this;
  }

  rect(x: number, y: number, w: number, h: number, options: { line?: number; fill?: [number, number, number] } = {}): this {
    this.current.items.push({ kind: 'rect', x, y, w, h, line: options.line ?? 0.6, ...(options.fill ? { fill: options.fill } : {}) });
    return this;
  }

  /** A rubber stamp: framed, coloured, crooked text over whatever is there. */
  stamp(
    text: string | string[],
    x: number,
    y: number,
    options: { size?: number; angle?: number; color?: [number, number, number]; textLayer?: boolean; frame?: boolean } = {},
  ): this {
    const lines = Array.isArray(text) ? text : [text];
    const size = options.size ?? 12;
    const color = options.color ?? [0.15, 0.2, 0.65];
    const angle = options.angle ?? 0;
    const width = Math.max(...lines.map((l) => measure(l, 'bold', size)));
    if (options.frame !== false) {
      this.current.items.push({ kind: 'rect', x: x - 6, y: y - size - 4, w: width + 12, h: lines.length * size * 1.25 + 8, line: 1.4, color, angle });
    }
    lines.forEach((l, i) => {
      this.current.items.push({ kind: 'text', text: l, x, y: y + i * size * 1.25, size, font: 'bold', color, angle, ...(options.textLayer ? { textLayer: true } : {}) });
    });
    return this;
  }

  /** Records the current page (or `page`) as where `key` is printed; the first record wins. */
  field(key: FieldKey, value: string | number, page = this.pageNumber): this {
    return this.record(key, value, page);
  }

  private record(key: FieldKey, value: string | number, page: number): this {
    if (!this.fields.some((f) => f.key === key)) this.fields.push({ key, value, page });
    return this;
  }

  /** Footer on every page (except blank ones), e.g. 'Página 2 de 5', added when all pages exist. */
  footers(make: (page: number, total: number) => string, options: { size?: number; textLayer?: boolean; font?: FontName } = {}): this {
    const total = this.pages.length;
    this.pages.forEach((p, i) => {
      if (p.blank) return;
      p.items.push({ kind: 'text', text: make(i + 1, total), x: this.flow.left, y: PAGE_H - 30, size: options.size ?? 7, font: options.font ?? 'sans', ...(options.textLayer ? { textLayer: true } : {}) });
    });
    return this;
  }
}

/**
 * A form: boxes with a small label on top and the value below. `order` decides the drawing order
 * in a text PDF: 'labels-first' writes every label, then every value (what some generators do,
 * so reading order never pairs them); 'rows' writes label then value, box by box.
 */
export interface FormBox {
  label: string;
  value: string;
  x: number;
  y: number;
  w: number;
  h?: number;
  mark?: { key: FieldKey; value: string | number };
}

export function drawForm(doc: DocBuilder, boxes: FormBox[], order: 'labels-first' | 'rows' | 'values-first'): void {
  for (const b of boxes) doc.rect(b.x, b.y, b.w, b.h ?? 30);
  const labels = () => boxes.forEach((b) => doc.at(b.x + 3, b.y + 8, b.label, { size: 6.5 }));
  const values = () => boxes.forEach((b) => doc.at(b.x + 5, b.y + 22, b.value, { size: 9.5, font: 'bold' }));
  if (order === 'labels-first') {
    labels();
    values();
  } else if (order === 'values-first') {
    values();
    labels();
  } else {
    for (const b of boxes) {
      doc.at(b.x + 3, b.y + 8, b.label, { size: 6.5 });
      doc.at(b.x + 5, b.y + 22, b.value, { size: 9.5, font: 'bold' });
    }
  }
  for (const b of boxes) if (b.mark) doc.field(b.mark.key, b.mark.value);
}

/** Label and value side by side in two columns, all labels drawn before all values. */
export function drawColumns(doc: DocBuilder, rows: { label: string; value: string; mark?: { key: FieldKey; value: string | number } }[], top: number, labelX = 60, valueX = 250, step = 16, order: 'labels-first' | 'rows' = 'labels-first'): number {
  if (order === 'labels-first') {
    rows.forEach((r, i) => doc.at(labelX, top + i * step, r.label, { size: 9 }));
    rows.forEach((r, i) => doc.at(valueX, top + i * step, r.value, { size: 9, font: 'bold' }));
  } else {
    rows.forEach((r, i) => {
      doc.at(labelX, top + i * step, r.label, { size: 9 });
      doc.at(valueX, top + i * step, r.value, { size: 9, font: 'bold' });
    });
  }
  for (const r of rows) if (r.mark) doc.field(r.mark.key, r.mark.value);
  return top + rows.length * step;
}
