import { constants, crc32, deflateRawSync, deflateSync } from 'node:zlib';

/**
 * Builders of small files for the sniffing and validation tests, written byte by byte so the tests
 * need no binary fixtures: zips (OOXML, bombs, lying headers), OLE2 compound files, PDFs, BMP and a
 * PNG header. Test-only; nothing in the product imports this file.
 */

export interface ZipEntrySpec {
  name: string;
  data: Uint8Array | string;
  /** Stored when false; deflated by default. */
  deflate?: boolean;
  /** Uncompressed size written in the headers instead of the real one (a lying header). */
  declaredSize?: number;
  /** Already deflated content, with its real size and CRC (a bomb too large to hold inflated). */
  deflated?: { body: Buffer; size: number; crc: number };
}

export function buildZip(entries: readonly ZipEntrySpec[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const spec of entries) {
    const data = typeof spec.data === 'string' ? Buffer.from(spec.data, 'utf8') : Buffer.from(spec.data);
    const deflate = spec.deflated ? true : (spec.deflate ?? true);
    const body = spec.deflated?.body ?? (deflate ? deflateRawSync(data) : data);
    const name = Buffer.from(spec.name, 'utf8');
    const crc = spec.deflated?.crc ?? crc32(data);
    const size = spec.declaredSize ?? spec.deflated?.size ?? data.length;

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(deflate ? 8 : 0, 8);
    local.writeUInt16LE(0x21, 12); // 1980-01-01
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(deflate ? 8 : 0, 10);
    central.writeUInt16LE(0x21, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + body.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const CONTENT_TYPES = (main: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${main}</Types>`;

const ROOT_RELS = (target: string, type: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${type}" Target="${target}"/></Relationships>`;

const OFFICE_DOCUMENT = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument';

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** A minimal, valid DOCX with one paragraph per line of `text`. */
export function docxEntries(text = 'Matrícula nº 12.345'): ZipEntrySpec[] {
  const paragraphs = text
    .split('\n')
    .map((line) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(line)}</w:t></w:r></w:p>`)
    .join('');
  return [
    {
      name: '[Content_Types].xml',
      data: CONTENT_TYPES(
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>',
      ),
    },
    { name: '_rels/.rels', data: ROOT_RELS('word/document.xml', OFFICE_DOCUMENT) },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`,
    },
  ];
}

/** A minimal, valid XLSX with one sheet of inline strings (rows of tab-separated cells). */
export function xlsxEntries(rows: readonly string[][] = [['Imóvel', 'Área'], ['Apto 52', '70,5']]): ZipEntrySpec[] {
  const col = (i: number) => String.fromCharCode(65 + i);
  const sheetRows = rows
    .map(
      (cells, r) =>
        `<row r="${r + 1}">${cells
          .map((c, i) => `<c r="${col(i)}${r + 1}" t="inlineStr"><is><t>${escapeXml(c)}</t></is></c>`)
          .join('')}</row>`,
    )
    .join('');
  return [
    {
      name: '[Content_Types].xml',
      data: CONTENT_TYPES(
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>',
      ),
    },
    { name: '_rels/.rels', data: ROOT_RELS('xl/workbook.xml', OFFICE_DOCUMENT) },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Planilha1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: ROOT_RELS('worksheets/sheet1.xml', 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet'),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
    },
  ];
}

/**
 * An XLSX whose sheet inflates to `decodedBytes` (400 MiB by default) of repeated cells from about
 * 400 KB: one deflated segment of rows repeated (each ends on a sync flush, so the copies
 * chain into one stream), built in well under a second without ever holding the sheet.
 * `declaredSize` lies about it in the headers, as a bomb meant to pass a directory check does.
 */
export function xlsxBomb(options: { decodedBytes?: number; declaredSize?: number } = {}): Buffer {
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  const tail = '</sheetData></worksheet>';
  // Cells of 1 MB of one letter: deflate's best case (about 1000:1), as in the bombs seen.
  const segment = Buffer.from(`<row><c t="inlineStr"><is><t>${'A'.repeat(1024 * 1024 - 60)}</t></is></c></row>`);
  const copies = Math.max(1, Math.round(((options.decodedBytes ?? 400 * 1024 * 1024) - head.length - tail.length) / segment.length));
  const flush = { finishFlush: constants.Z_SYNC_FLUSH, level: 9 };
  const compressed = deflateRawSync(segment, flush);
  const parts = [deflateRawSync(Buffer.from(head), flush), ...Array.from({ length: copies }, () => compressed), deflateRawSync(Buffer.from(tail), { level: 9 })];
  let crc = crc32(head);
  for (let i = 0; i < copies; i++) crc = crc32(segment, crc);
  crc = crc32(tail, crc);
  const size = head.length + copies * segment.length + tail.length;
  return buildZip(
    xlsxEntries([['x']]).map((entry) =>
      entry.name === 'xl/worksheets/sheet1.xml' ? { ...entry, deflated: { body: Buffer.concat(parts), size, crc }, declaredSize: options.declaredSize } : entry,
    ),
  );
}

export interface CfbSpec {
  streams?: readonly string[];
  storages?: readonly string[];
  /** Empty sectors placed before the directory, so the FAT spans several sectors. */
  fillerSectors?: number;
}

const END_OF_CHAIN = 0xfffffffe;
const FREE = 0xffffffff;
const FAT_SECTOR = 0xfffffffd;

/**
 * A version 3 compound file (512-byte sectors) with a root entry and the given streams (4096 bytes
 * of zeros each, in regular sectors) and storages, chained as right siblings.
 */
export function buildCfb(spec: CfbSpec): Buffer {
  const streams = spec.streams ?? [];
  const storages = spec.storages ?? [];
  const entryCount = 1 + streams.length + storages.length;
  const dirSectors = Math.ceil(entryCount / 4);
  const dataSectors = streams.length * 8;
  const filler = spec.fillerSectors ?? 0;
  let fatSectors = 1;
  while (fatSectors * 128 < fatSectors + filler + dirSectors + dataSectors) fatSectors++;
  if (fatSectors > 109) throw new Error('buildCfb: too many FAT sectors for a header-only DIFAT');
  const total = fatSectors + filler + dirSectors + dataSectors;

  const fat = new Array<number>(fatSectors * 128).fill(FREE);
  for (let i = 0; i < fatSectors; i++) fat[i] = FAT_SECTOR;
  const firstDir = fatSectors + filler;
  for (let i = 0; i < dirSectors; i++) fat[firstDir + i] = i === dirSectors - 1 ? END_OF_CHAIN : firstDir + i + 1;
  const firstData = firstDir + dirSectors;
  for (let s = 0; s < streams.length; s++) {
    for (let i = 0; i < 8; i++) {
      const sector = firstData + s * 8 + i;
      fat[sector] = i === 7 ? END_OF_CHAIN : sector + 1;
    }
  }

  const file = Buffer.alloc(512 * (total + 1));
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(file, 0);
  file.writeUInt16LE(0x3e, 24);
  file.writeUInt16LE(3, 26);
  file.writeUInt16LE(0xfffe, 28);
  file.writeUInt16LE(9, 30);
  file.writeUInt16LE(6, 32);
  file.writeUInt32LE(fatSectors, 44);
  file.writeUInt32LE(firstDir, 48);
  file.writeUInt32LE(4096, 56);
  file.writeUInt32LE(END_OF_CHAIN, 60);
  file.writeUInt32LE(END_OF_CHAIN, 68);
  for (let i = 0; i < 109; i++) file.writeUInt32LE(i < fatSectors ? i : FREE, 76 + i * 4);
  fat.forEach((value, i) => file.writeUInt32LE(value >>> 0, 512 + i * 4));

  const names: { name: string; type: number; start: number; size: number }[] = [
    { name: 'Root Entry', type: 5, start: END_OF_CHAIN, size: 0 },
    ...streams.map((name, i) => ({ name, type: 2, start: firstData + i * 8, size: 4096 })),
    ...storages.map((name) => ({ name, type: 1, start: 0, size: 0 })),
  ];
  names.forEach((entry, i) => {
    const at = 512 * (firstDir + 1) + i * 128;
    const name = Buffer.from(`${entry.name}\0`, 'utf16le');
    name.copy(file, at);
    file.writeUInt16LE(name.length, at + 64);
    file.writeUInt8(entry.type, at + 66);
    file.writeUInt8(1, at + 67);
    file.writeUInt32LE(FREE, at + 68);
    file.writeUInt32LE(i > 0 && i + 1 < names.length ? i + 1 : FREE, at + 72);
    file.writeUInt32LE(i === 0 && names.length > 1 ? 1 : FREE, at + 76);
    file.writeUInt32LE(entry.start, at + 116);
    file.writeUInt32LE(entry.size, at + 120);
  });
  return file;
}

export interface PdfSpec {
  /** Extra entries in the catalog dictionary, e.g. '/OpenAction 5 0 R'. */
  catalogExtra?: string;
  /** Extra objects, numbered from 5, as full 'n 0 obj ... endobj' bodies without the header. */
  objects?: readonly string[];
  /** Raw bytes prepended before %PDF- (a junk prefix some scanners write). */
  prefix?: string;
  text?: string;
}

/** A small valid one-page PDF with a text layer (Helvetica), no xref stream. */
export function buildPdf(spec: PdfSpec = {}): Buffer {
  const text = (spec.text ?? 'Matricula 12.345').replace(/[()\\]/g, '\\$&');
  const content = `BT /F1 12 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${spec.catalogExtra ?? ''}>>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    ...(spec.objects ?? []),
  ];
  const parts: Buffer[] = [Buffer.from(`${spec.prefix ?? ''}%PDF-1.7\n%\xe2\xe3\xcf\xd3\n`, 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const chunk = Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`, ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** An object stream (PDF 1.5) holding `objects` (numbered from `first`), deflated. */
export function objectStream(objects: readonly string[], first: number): string {
  let offsets = '';
  let body = '';
  objects.forEach((object, i) => {
    offsets += `${first + i} ${body.length} `;
    body += `${object}\n`;
  });
  const raw = Buffer.from(offsets + body, 'latin1');
  const compressed = deflateSync(raw);
  return `<< /Type /ObjStm /N ${objects.length} /First ${offsets.length} /Filter /FlateDecode /Length ${compressed.length} >>\nstream\n${compressed.toString('latin1')}\nendstream`;
}

/** A 24-bit BMP (BITMAPINFOHEADER) of the given size, all white. */
export function buildBmp(width: number, height: number): Buffer {
  const rowSize = Math.ceil((width * 3) / 4) * 4;
  const pixels = Buffer.alloc(rowSize * height, 0xff);
  const header = Buffer.alloc(54);
  header.write('BM', 0, 'latin1');
  header.writeUInt32LE(54 + pixels.length, 2);
  header.writeUInt32LE(54, 10);
  header.writeUInt32LE(40, 14);
  header.writeInt32LE(width, 18);
  header.writeInt32LE(height, 22);
  header.writeUInt16LE(1, 26);
  header.writeUInt16LE(24, 28);
  header.writeUInt32LE(pixels.length, 34);
  return Buffer.concat([header, pixels]);
}

/** A PNG signature and IHDR chunk declaring a size; no pixel data (a header-only bomb). */
export function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8);
  ihdr.writeUInt8(2, 9);
  const type = Buffer.from('IHDR', 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, ihdr])), 0);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(13, 0);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), length, type, ihdr, crc]);
}
