/**
 * A small PDF writer for the corpus: text pages in the standard fonts (Helvetica, Helvetica-Bold,
 * Courier; WinAnsi), scanned pages as one image per page (CCITT G4, 1-bit Flate or JPEG) with an
 * optional text layer, Flate-compressed content, a fixed /Info (so the bytes never depend on the
 * clock), an HTML page glued after %%EOF, and the decompression bomb. test/corpus.ts has a
 * simpler writer (DCT RGB images only, no fonts but Helvetica) that other tests rely on; this one
 * reuses its WinAnsi encoder.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { createDeflate, deflateSync } from 'node:zlib';
import { encodeWindows1252 } from '../test/corpus.ts';
import { PAGE_H, PAGE_W, type PageItem } from './layout.ts';
import type { FontName } from './render.ts';

export interface PdfImage {
  width: number;
  height: number;
  /** 'ccitt': Group 4 (/K -1), 1 bit, black is 1; 'flate1': 1 bit packed, 0 black; 'dct-*': JPEG. */
  filter: 'ccitt' | 'flate1' | 'dct-gray' | 'dct-rgb';
  data: Buffer;
}

export interface PdfPage {
  /** Items written as PDF text and vector graphics, in this order. */
  items: PageItem[];
  /** A full-page scan drawn under the items. */
  image?: PdfImage;
}

export interface PdfOptions {
  /** /Producer and /CreationDate of the /Info dictionary. */
  producer?: string;
  created?: string;
  /** Appended after the final %%EOF, as a city portal's download does. */
  tail?: string;
}

const FONT_RESOURCE: Record<FontName, string> = { sans: 'F1', bold: 'F2', mono: 'F3' };

function literal(text: string): Buffer {
  const raw = encodeWindows1252(text);
  const out: number[] = [0x28];
  for (const b of raw) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) out.push(0x5c);
    out.push(b);
  }
  out.push(0x29);
  return Buffer.from(out);
}

const n = (v: number) => (Math.round(v * 100) / 100).toString();

function contentOps(page: PdfPage): Buffer {
  const parts: Buffer[] = [];
  const push = (s: string) => parts.push(Buffer.from(s, 'latin1'));
  if (page.image) push(`q ${PAGE_W} 0 0 ${PAGE_H} 0 0 cm /Im1 Do Q\n`);
  for (const item of page.items) {
    if (item.kind === 'rect') {
      const c = item.color ?? [0, 0, 0];
      const a = ((item.angle ?? 0) * Math.PI) / 180;
      push(`q ${n(c[0])} ${n(c[1])} ${n(c[2])} RG ${n(item.line)} w 1 0 0 1 ${n(item.x)} ${n(PAGE_H - item.y - item.h)} cm ${n(Math.cos(a))} ${n(Math.sin(a))} ${n(-Math.sin(a))} ${n(Math.cos(a))} 0 0 cm `);
      if (item.fill) push(`${n(item.fill[0])} ${n(item.fill[1])} ${n(item.fill[2])} rg 0 0 ${n(item.w)} ${n(item.h)} re f `);
      if (item.line > 0) push(`0 0 ${n(item.w)} ${n(item.h)} re S `);
      push('Q\n');
    } else {
      const c = item.color ?? [0, 0, 0];
      const a = ((item.angle ?? 0) * Math.PI) / 180;
      push(`BT ${n(c[0])} ${n(c[1])} ${n(c[2])} rg /${FONT_RESOURCE[item.font]} ${n(item.size)} Tf ${n(Math.cos(a))} ${n(Math.sin(a))} ${n(-Math.sin(a))} ${n(Math.cos(a))} ${n(item.x)} ${n(PAGE_H - item.y)} Tm `);
      parts.push(literal(item.text));
      push(' Tj ET\n');
    }
  }
  return Buffer.concat(parts);
}

function imageDict(image: PdfImage): string {
  const size = `/Width ${image.width} /Height ${image.height}`;
  switch (image.filter) {
    case 'ccitt':
      return `/Type /XObject /Subtype /Image ${size} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /CCITTFaxDecode /DecodeParms << /K -1 /Columns ${image.width} /Rows ${image.height} /BlackIs1 true >>`;
    case 'flate1':
      return `/Type /XObject /Subtype /Image ${size} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode`;
    case 'dct-gray':
      return `/Type /XObject /Subtype /Image ${size} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /DCTDecode`;
    case 'dct-rgb':
      return `/Type /XObject /Subtype /Image ${size} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode`;
  }
}

class Objects {
  readonly bodies: Buffer[] = [];
  reserve(): number {
    this.bodies.push(Buffer.alloc(0));
    return this.bodies.length;
  }
  set(id: number, body: string | Buffer): void {
    this.bodies[id - 1] = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
  }
  add(body: string | Buffer): number {
    const id = this.reserve();
    this.set(id, body);
    return id;
  }
  stream(dict: string, data: Buffer): number {
    return this.add(Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]));
  }
  serialize(root: number, info: number, tail?: string): Buffer {
    const chunks: Buffer[] = [Buffer.from('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
    let offset = chunks[0]!.length;
    const offsets: number[] = [];
    this.bodies.forEach((body, i) => {
      offsets.push(offset);
      const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
      chunks.push(chunk);
      offset += chunk.length;
    });
    const xref = [`xref\n0 ${this.bodies.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
    chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${this.bodies.length + 1} /Root ${root} 0 R /Info ${info} 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
    if (tail) chunks.push(Buffer.from(tail, 'utf8'));
    return Buffer.concat(chunks);
  }
}

export function writePdf(pages: PdfPage[], options: PdfOptions = {}): Buffer {
  const pdf = new Objects();
  const catalog = pdf.reserve();
  const pagesId = pdf.reserve();
  const fonts = {
    F1: pdf.add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    F2: pdf.add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'),
    F3: pdf.add('<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>'),
  };
  const fontDict = `/Font << /F1 ${fonts.F1} 0 R /F2 ${fonts.F2} 0 R /F3 ${fonts.F3} 0 R >>`;
  const kids: number[] = [];
  for (const page of pages) {
    let xobject = '';
    if (page.image) {
      const data = page.image.filter === 'flate1' ? deflateSync(page.image.data) : page.image.data;
      xobject = `/XObject << /Im1 ${pdf.stream(imageDict(page.image), data)} 0 R >>`;
    }
    const contents = pdf.stream('/Filter /FlateDecode', deflateSync(contentOps(page)));
    kids.push(pdf.add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << ${fontDict} ${xobject} >> /Contents ${contents} 0 R >>`));
  }
  pdf.set(pagesId, `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`);
  pdf.set(catalog, `<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
  const info = pdf.add(Buffer.concat([Buffer.from('<< /Producer ', 'latin1'), literal(options.producer ?? 'Viabiliza corpus'), Buffer.from(` /CreationDate (D:${options.created ?? '20250101120000'}-03'00') >>`, 'latin1')]));
  return pdf.serialize(catalog, info, options.tail);
}

/**
 * A one-page PDF whose content stream inflates to `inflatedBytes` (NUL bytes, which a content
 * parser skips as white space) after a line of real text: about 1 MB on disk for 1 GiB inflated.
 * Streamed to `path` so that the bomb never sits inflated in this process.
 */
export async function writeBombPdf(path: string, inflatedBytes: number): Promise<void> {
  const deflate = createDeflate({ level: 9, memLevel: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const done = once(deflate, 'end');
  deflate.write(Buffer.from('BT /F1 12 Tf 72 770 Td (Relatorio de lancamentos - exportado do sistema) Tj ET\n', 'latin1'));
  const zeros = Buffer.alloc(1 << 20);
  for (let written = 0; written < inflatedBytes; written += zeros.length) {
    if (!deflate.write(zeros)) await once(deflate, 'drain');
  }
  deflate.end();
  await done;
  const data = Buffer.concat(compressed);
  const pdf = new Objects();
  const catalog = pdf.reserve();
  const pagesId = pdf.reserve();
  const font = pdf.add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const contents = pdf.stream('/Filter /FlateDecode', data);
  const page = pdf.add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${contents} 0 R >>`);
  pdf.set(pagesId, `<< /Type /Pages /Kids [${page} 0 R] /Count 1 >>`);
  pdf.set(catalog, `<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
  const info = pdf.add('<< /Producer (Relatorios Web 2.1) /CreationDate (D:20250301090000-03\'00\') >>');
  const out = createWriteStream(path);
  out.end(pdf.serialize(catalog, info));
  await once(out, 'finish');
}
