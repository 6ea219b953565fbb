import { constants, deflateRawSync, deflateSync } from 'node:zlib';
import { buildPdf, buildZip } from '../src/test-fixtures.ts';

/**
 * PDFs that attack the reader rather than fool it, built at test time in a few milliseconds:
 * decompression bombs, incremental updates and the HTML page a city portal glues after `%%EOF`.
 * Shared by the extract tests, the server's API tests and the bench (`scripts/bench-bombs.ts`).
 */

export const GIB = 1024 ** 3;
const SEGMENT_BYTES = 16 * 1024 * 1024;

/**
 * A zlib stream of `bytes` zeros (a multiple of 16 MiB) without ever holding them: one 16 MiB run
 * deflated and sync-flushed ends byte-aligned with no final bit, and only refers back to its own
 * zeros, so the same segment repeated is a valid stream of more zeros (about 1032:1).
 */
export function zlibZeros(bytes: number): Buffer {
  const segment = deflateRawSync(Buffer.alloc(SEGMENT_BYTES), { finishFlush: constants.Z_SYNC_FLUSH });
  const segments = Math.ceil(bytes / SEGMENT_BYTES);
  const total = segments * SEGMENT_BYTES;
  // Adler-32 of zeros: a stays 1, b adds 1 per byte.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0);
  const last = deflateRawSync(Buffer.alloc(0));
  return Buffer.concat([Buffer.from([0x78, 0x9c]), ...Array.from({ length: segments }, () => segment), last, adler]);
}

/** A PDF of `objects` (numbered from 1, the catalog first), with a classic xref table. */
export function pdfOf(objects: readonly (string | Buffer)[]): Buffer {
  const chunks: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), typeof body === 'string' ? Buffer.from(body, 'latin1') : body, Buffer.from('\nendobj\n', 'latin1')]);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(chunks);
}

export function streamObject(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]);
}

const TEXT = 'BT /F1 12 Tf 72 720 Td (Certidao de matricula 46.511 - Registro de Imoveis de Sao Paulo) Tj ET';

export interface BombOptions {
  /** Inflated size; default 1 GiB. */
  inflatedBytes?: number;
  /** Where the bomb sits: a page's content stream (default), an image, or an object stream. */
  where?: 'content' | 'image' | 'objectStream';
}

/**
 * A one-page PDF of about 1 MB whose bomb stream inflates to 1 GiB of zeros (the page also has a
 * line of text, so a reader that survived would find something to read).
 */
export function decompressionBombPdf(options: BombOptions = {}): Buffer {
  const bomb = zlibZeros(options.inflatedBytes ?? GIB);
  const where = options.where ?? 'content';
  const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  const text = streamObject('', Buffer.from(TEXT, 'latin1'));
  if (where === 'content') {
    return pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents [4 0 R 5 0 R] /Resources << /Font << /F1 6 0 R >> >> >>',
      text,
      streamObject('/Filter /FlateDecode', bomb),
      font,
    ]);
  }
  if (where === 'image') {
    // 32768 × 32768 gray: exactly 1 GiB of pixels, drawn over the page.
    const side = Math.round(Math.sqrt(options.inflatedBytes ?? GIB));
    return pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 6 0 R >> /XObject << /Im1 5 0 R >> >> >>',
      streamObject('', Buffer.from(`q 595 0 0 842 0 0 cm /Im1 Do Q ${TEXT}`, 'latin1')),
      streamObject(`/Type /XObject /Subtype /Image /Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`, bomb),
      font,
    ]);
  }
  // The object stream declares its first object a gigabyte in: a reader decodes all of it to get there.
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R /Metadata 7 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 6 0 R >> >> >>',
    text,
    streamObject(`/Type /ObjStm /N 1 /First ${(options.inflatedBytes ?? GIB) - 16} /Filter /FlateDecode`, bomb),
    font,
    '<< /Type /Metadata >>',
  ]);
}

/** Appends an incremental update (ISO 32000-1 §7.5.6) holding `objects`, numbered from `first`. */
export function incrementalUpdate(pdf: Buffer, objects: readonly string[], first: number): Buffer {
  const previousXref = Number(/startxref\s+(\d+)\s*%%EOF\s*$/.exec(pdf.toString('latin1'))![1]);
  let offset = pdf.length;
  const chunks: Buffer[] = [pdf];
  const entries: string[] = [];
  objects.forEach((body, i) => {
    const chunk = Buffer.from(`${first + i} 0 obj\n${body}\nendobj\n`, 'latin1');
    entries.push(`${String(offset).padStart(10, '0')} 00000 n \n`);
    chunks.push(chunk);
    offset += chunk.length;
  });
  const xref = `xref\n${first} ${objects.length}\n${entries.join('')}trailer\n<< /Size ${first + objects.length} /Root 1 0 R /Prev ${previousXref} >>\nstartxref\n${offset}\n%%EOF\n`;
  return Buffer.concat([...chunks, Buffer.from(xref, 'latin1')]);
}

/** What a city portal glues after the PDF: its whole page, scripts, menus and a stray '%%EOF'. */
export const PORTAL_PAGE =
  '<!DOCTYPE html>\n<html lang="pt-BR"><head><title>Certidão de Dados Cadastrais do Imóvel</title>' +
  '<script src="/js/jquery.min.js"></script><script>window.dataLayer=[];</script></head>' +
  '<body><nav><a href="javascript:void(0)" onclick="imprimir()">Imprimir</a> | Penhora Online | ' +
  'Indisponibilidade de Bens</nav><p>Fim do arquivo: %%EOF</p></body></html>\n';

export function withPortalPage(pdf: Buffer): Buffer {
  return Buffer.concat([pdf, Buffer.from(PORTAL_PAGE, 'latin1')]);
}

/**
 * The control: a born-digital PDF of `pageCount` pages of dense text, content streams deflated as
 * every writer does, so measuring its streams costs what a real one does.
 */
export function deflatedTextPdf(pageCount: number): Buffer {
  const objects: (string | Buffer)[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: number[] = [];
  for (let p = 0; p < pageCount; p++) {
    const lines = Array.from({ length: 60 }, (_, l) => `BT /F1 9 Tf 1 0 0 1 40 ${800 - l * 12} Tm (Pagina ${p + 1} linha ${l + 1}: R-${p}/46.511 compra e venda, valor R$ ${(p * 1000 + l).toLocaleString('pt-BR')},00) Tj ET`);
    objects.push(streamObject('/Filter /FlateDecode', deflateSync(Buffer.from(lines.join('\n'), 'latin1'))));
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents ${objects.length} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`);
    kids.push(objects.length);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  return pdfOf(objects);
}

/**
 * The smallest PE a loader recognises: 'MZ', e_lfanew (offset 0x3C) pointing at 'PE\0\0' and a
 * COFF header for i386 with no sections. Enough for a signature check; it runs nowhere.
 */
export function minimalPe(): Buffer {
  const pe = Buffer.alloc(0x100);
  pe.write('MZ', 0, 'latin1');
  pe.writeUInt32LE(0x80, 0x3c);
  pe.write('This program cannot be run in DOS mode.\r\r\n$', 0x40, 'latin1');
  pe.write('PE\0\0', 0x80, 'latin1');
  pe.writeUInt16LE(0x014c, 0x84); // Machine: i386
  pe.writeUInt16LE(0x0102, 0x96); // Characteristics: executable image, 32-bit
  return pe;
}

/** A PDF followed by a whole ZIP archive: the reader shows the PDF, unzip lists the archive. */
export function pdfZipPolyglot(pdf: Buffer = buildPdf()): Buffer {
  return Buffer.concat([pdf, buildZip([{ name: 'leia-me.txt', data: 'Conteúdo escondido no PDF.\n' }, { name: 'payload.js', data: 'WScript.Echo(1);\n' }])]);
}

/** A one-page PDF carrying a Windows executable in an uncompressed stream object nothing refers to. */
export function pdfPePolyglot(): Buffer {
  const pe = minimalPe().toString('latin1');
  return buildPdf({ objects: [`<< /Length ${pe.length} >>\nstream\n${pe}\nendstream`] });
}
