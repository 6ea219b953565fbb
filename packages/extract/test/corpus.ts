/**
 * Generators for the extraction test corpus. Every file is written by hand (PDF objects, zip
 * containers, an OLE compound file for DOC) so the corpus is small, deterministic and needs no
 * fixture binaries or system fonts: text is drawn with the Liberation Sans that pdfjs-dist ships.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { mulberry32 } from '../bench/prng.ts';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';

// ---------------------------------------------------------------------------------------------
// Expected texts
// ---------------------------------------------------------------------------------------------

/** Three pages of a matrícula. `m2` is written as in many real PDFs and must come out as `m²`. */
export const DEED_PAGES: string[][] = [
  [
    'REGISTRO DE IMÓVEIS DA COMARCA DE SÃO JOSÉ DOS CAMPOS',
    'Matrícula nº 45.678 - Ficha 01 - Livro 2 - Registro Geral',
    'IMÓVEL: Apartamento nº 101 do Edifício Ipê Amarelo, situado na Rua das',
    'Acácias, 250, Jardim Aquarius, CEP 12246-000, com área privativa de',
    '85,50 m2 e área total de 120,30 m², cabendo-lhe a fração ideal de 0,0125.',
    'PROPRIETÁRIA: Construtora Horizonte Ltda., inscrita no CNPJ sob o',
    'nº 12.345.678/0001-90. Certidão de situação jurídica emitida em 14/03/2025.',
  ],
  [
    'R.2/45.678 - ALIENAÇÃO FIDUCIÁRIA: o imóvel desta matrícula foi alie-',
    'nado fiduciariamente ao Banco Exemplo S.A. em garantia da dívida de',
    'R$ 350.000,00 (trezentos e cinquenta mil reais), conforme instrumento',
    'particular com força de escritura pública de 02/02/2024.',
    'AV.3/45.678 - Averbação da construção e do habite-se nº 1.234/2024.',
  ],
  [
    'AV.4/45.678 - INDISPONIBILIDADE: não consta ordem de indisponibilidade.',
    'Inscrição imobiliária municipal (IPTU): 21.0045.0123.0000.',
    'Emolumentos: R$ 87,40 - Selo digital 1234AB - Oficial: Maria Conceição.',
  ],
];

/** What the second page must contain once hyphens are rejoined. */
export const DEED_REJOINED = 'foi alienado fiduciariamente';

/**
 * Words drawn as separate text runs with a gap but no space character: pdf.js alone glues them.
 * Drawn on page 1 after the lines above.
 */
export const DEED_GAP_RUNS: [string, number][] = [
  ['Valor', 72],
  ['venal:', 102],
  ['R$ 412.000,00', 300],
];
export const DEED_GAP_TEXT = 'Valor venal: R$ 412.000,00';

/** Footer repeated on every page (with its page number). */
export const deedFooter = (page: number, total: number) => `Página ${page} de ${total}`;

/** The scanned page (no text layer but a tiny stamp). Tests assert key words, not equality. */
export const SCAN_LINES = [
  'REGISTRO DE IMÓVEIS - CERTIDÃO DE MATRÍCULA',
  'Matrícula nº 98.765 do Livro 2',
  'Imóvel: terreno urbano com área total de 450,00 m2,',
  'situado na Avenida Brasil, 1500, Curitiba, Paraná.',
  'Proprietário: José Antônio Gonçalves, brasileiro, casado.',
  'R.1 - Compra e venda pelo valor de R$ 780.000,00.',
  'Não há ônus, hipoteca ou penhora registrados.',
];
export const SCAN_KEY_WORDS = ['Matrícula', '98.765', 'terreno', 'Curitiba', 'Gonçalves', 'hipoteca', 'penhora'];
export const SCAN_STAMP = 'Selo 42';

/** The phone photo of an ITBI receipt. */
export const PHOTO_LINES = [
  'PREFEITURA MUNICIPAL DE CAMPINAS',
  'Guia de recolhimento do ITBI',
  'Inscrição imobiliária: 3421.55.66.0001',
  'Base de cálculo: R$ 520.000,00',
  'Valor do imposto: R$ 15.600,00',
  'Área construída: 132,00 m2',
  'Pagamento confirmado em 10/06/2025',
];
export const PHOTO_KEY_WORDS = ['PREFEITURA', 'CAMPINAS', 'ITBI', 'Inscrição', 'imposto', 'Pagamento'];

export const DOCX_PARAGRAPHS = [
  'ESCRITURA PÚBLICA DE COMPRA E VENDA',
  'Saibam quantos esta pública escritura virem que, aos vinte dias do mês de março de 2025, nesta cidade de Ribeirão Preto, compareceram as partes.',
  'Outorgante vendedor: João da Silva Araújo, CPF 123.456.789-09.',
  'Outorgada compradora: Ângela Maria Conceição, CPF 987.654.321-00.',
];
/** A table: mammoth puts each cell on its own line. */
export const DOCX_TABLE = [
  ['Área construída', '92,40 m2'],
  ['Preço', 'R$ 610.000,00'],
];

export const DOC_PARAGRAPHS = [
  'COMPROMISSO PARTICULAR DE COMPRA E VENDA',
  'Promitente vendedora: Incorporadora Sol Nascente Ltda.',
  'Promissário comprador: Sérgio Luís Magalhães.',
  'Unidade autônoma nº 42, com área privativa de 64,10 m2, pelo preço de R$ 389.900,00.',
];

export interface SheetSpec {
  name: string;
  rows: (string | number | null)[][];
}
export const XLSX_SHEETS: SheetSpec[] = [
  {
    name: 'Resumo',
    rows: [
      ['Item', 'Descrição', 'Valor (R$)'],
      [1, 'Terreno em São José dos Campos', 350000.5],
      [2, 'Construção e acabamento', 1250000],
      [3, 'Licenças e habite-se', null],
    ],
  },
  {
    name: 'Áreas',
    rows: [
      ['Área', 'm²'],
      ['Privativa', 85.5],
      ['Comum', 34.8],
    ],
  },
];
/** The texts the spreadsheet's pages must equal (numbers with a decimal comma). */
export const XLSX_PAGE_TEXTS = [
  'Planilha: Resumo\nItem\tDescrição\tValor (R$)\n1\tTerreno em São José dos Campos\t350000,5\n2\tConstrução e acabamento\t1250000\n3\tLicenças e habite-se',
  'Planilha: Áreas\nÁrea\tm²\nPrivativa\t85,5\nComum\t34,8',
];

/** Windows-1252 only: '–' (0x96), '“' '”' (0x93/0x94), '€' (0x80) do not exist in Latin-1. */
export const CP1252_TEXT =
  'Laudo de avaliação – imóvel residencial\r\nEndereço: Rua São João, 45 – Centro\r\nÁrea útil: 70,5 m2; “padrão médio”; preço de referência € 0 e R$ 480.000,00\r\n';
export const CP1252_EXPECTED =
  'Laudo de avaliação – imóvel residencial\nEndereço: Rua São João, 45 – Centro\nÁrea útil: 70,5 m²; “padrão médio”; preço de referência € 0 e R$ 480.000,00';

// ---------------------------------------------------------------------------------------------
// Deed-like text for benchmarks
// ---------------------------------------------------------------------------------------------

const CLAUSES = [
  'Pelo presente instrumento particular, com força de escritura pública, a outorgante vendedora declara ser senhora e legítima possuidora do imóvel descrito nesta matrícula, livre e desembaraçado de quaisquer ônus reais, judiciais ou extrajudiciais.',
  'O imóvel objeto desta escritura consiste em um apartamento residencial com área privativa de {a},50 m2, área comum de {b},20 m2 e área total de {c},70 m2, correspondendo-lhe a fração ideal de 0,0{d} no terreno e nas coisas de uso comum.',
  'O preço certo e ajustado da presente venda é de R$ {e}.000,00, pago neste ato por meio de transferência bancária, do qual a vendedora dá plena, geral e irrevogável quitação, para nada mais reclamar a qualquer título.',
  'As partes declaram que foram apresentadas as certidões negativas de débitos municipais, estaduais e federais, bem como a certidão de ônus reais expedida pelo Registro de Imóveis em {f}/0{g}/2025, ficando arquivadas em cartório.',
  'Foi recolhido o Imposto sobre Transmissão de Bens Imóveis (ITBI) no valor de R$ {h}.450,00, conforme guia expedida pela Prefeitura Municipal, com inscrição imobiliária nº {i}.0045.0123.0000.',
  'O comprador declara conhecer a situação do condomínio, a convenção e o regimento interno, obrigando-se a respeitá-los, e assume a partir desta data todos os impostos, taxas e despesas condominiais que incidirem sobre o imóvel.',
  'Consta averbação de construção e habite-se, bem como o registro de alienação fiduciária em favor da instituição financeira, que será cancelado mediante apresentação do termo de quitação emitido pelo credor fiduciário.',
];

/** About `chars` characters of deed-like Portuguese for page `index`, wrapped at ~88 columns. */
export function deedPageLines(index: number, chars = 3000): string[] {
  const words: string[] = [];
  let length = 0;
  for (let k = 0; length < chars; k++) {
    const n = index * 3 + k;
    const clause = CLAUSES[n % CLAUSES.length]!
      .replace('{a}', String(60 + (n % 90)))
      .replace('{b}', String(20 + (n % 30)))
      .replace('{c}', String(90 + (n % 120)))
      .replace('{d}', String(100 + (n % 800)))
      .replace('{e}', String(300 + (n % 700)))
      .replace('{f}', String(10 + (n % 18)))
      .replace('{g}', String(1 + (n % 9)))
      .replace('{h}', String(5 + (n % 40)))
      .replace('{i}', String(10 + (n % 80)));
    for (const w of clause.split(' ')) {
      words.push(w);
      length += w.length + 1;
      if (length >= chars) break;
    }
  }
  const lines: string[] = [];
  let line = '';
  for (const w of words) {
    if (line && line.length + 1 + w.length > 88) {
      lines.push(line);
      line = w;
    } else line = line ? `${line} ${w}` : w;
  }
  if (line) lines.push(line);
  return lines;
}

// ---------------------------------------------------------------------------------------------
// PDF writer
// ---------------------------------------------------------------------------------------------

// Windows-1252 bytes 0x80–0x9F, from the code page's table (not from TextDecoder: Node 20's
// drops these bytes).
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

const cp1252Encoder = (text: string): Buffer => {
  const out = Buffer.alloc(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const high = CP1252_HIGH.indexOf(text[i]!);
    out[i] = high >= 0 ? 0x80 + high : code <= 0xff ? code : 0x3f;
  }
  return out;
};

export const encodeWindows1252 = cp1252Encoder;

/** A PDF literal string in WinAnsi bytes: `(...)` with (, ) and \ escaped. */
function pdfString(text: string): Buffer {
  const raw = cp1252Encoder(text);
  const parts: number[] = [0x28];
  for (const b of raw) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) parts.push(0x5c);
    parts.push(b);
  }
  parts.push(0x29);
  return Buffer.from(parts);
}

class PdfBuilder {
  private objects: Buffer[] = [];

  reserve(): number {
    this.objects.push(Buffer.alloc(0));
    return this.objects.length;
  }

  set(id: number, body: string | Buffer): void {
    this.objects[id - 1] = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
  }

  add(body: string | Buffer): number {
    const id = this.reserve();
    this.set(id, body);
    return id;
  }

  addStream(dict: string, data: Buffer): number {
    return this.add(
      Buffer.concat([Buffer.from(`<< ${dict} /Length ${data.length} >>\nstream\n`, 'latin1'), data, Buffer.from('\nendstream', 'latin1')]),
    );
  }

  build(rootId: number, trailerExtra = ''): Buffer {
    const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
    let offset = chunks[0]!.length;
    const offsets: number[] = [];
    this.objects.forEach((body, i) => {
      offsets.push(offset);
      const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
      chunks.push(chunk);
      offset += chunk.length;
    });
    const xref = [`xref\n0 ${this.objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
    chunks.push(Buffer.from(`${xref}trailer\n<< /Size ${this.objects.length + 1} /Root ${rootId} 0 R ${trailerExtra}>>\nstartxref\n${offset}\n%%EOF\n`, 'latin1'));
    return Buffer.concat(chunks);
  }
}

export interface TextRun {
  text: string;
  x: number;
  y: number;
  size?: number;
  /** Drawn in text render mode 3 (invisible), as a scanner's OCR layer under its page image. */
  invisible?: boolean;
}

export type PdfPageSpec =
  | { kind: 'text'; runs: TextRun[] }
  | { kind: 'image'; jpeg: Buffer; width: number; height: number; runs?: TextRun[] }
  /** A 1-bit scan (fax-like): `bits` packed rows, a set bit is white, as in a DeviceGray image. */
  | { kind: 'bilevel'; bits: Buffer; width: number; height: number; runs?: TextRun[] };

const A4: [number, number] = [595, 842];

/** Lines placed top-down from y = 770 with 10 pt Helvetica and 14 pt leading. */
export function linesToRuns(lines: string[], top = 770, size = 10, leading = 14): TextRun[] {
  return lines.map((text, i) => ({ text, x: 72, y: top - i * leading, size }));
}

function textOps(runs: TextRun[]): Buffer {
  const parts: Buffer[] = [];
  for (const r of runs) {
    parts.push(Buffer.from(`BT ${r.invisible ? '3 Tr ' : ''}/F1 ${r.size ?? 10} Tf 1 0 0 1 ${r.x} ${r.y} Tm `, 'latin1'), pdfString(r.text), Buffer.from(' Tj ET\n', 'latin1'));
  }
  return Buffer.concat(parts);
}

export function buildPdf(pages: PdfPageSpec[], options: { encrypt?: boolean } = {}): Buffer {
  const pdf = new PdfBuilder();
  const catalog = pdf.reserve();
  const pagesId = pdf.reserve();
  const font = pdf.add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const page of pages) {
    let content: Buffer;
    let xobjects = '';
    if (page.kind === 'image' || page.kind === 'bilevel') {
      const image =
        page.kind === 'image'
          ? pdf.addStream(`/Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode`, page.jpeg)
          : pdf.addStream(`/Type /XObject /Subtype /Image /Width ${page.width} /Height ${page.height} /ColorSpace /DeviceGray /BitsPerComponent 1 /Filter /FlateDecode`, deflateSync(page.bits));
      xobjects = `/XObject << /Im1 ${image} 0 R >>`;
      content = Buffer.concat([Buffer.from(`q ${A4[0]} 0 0 ${A4[1]} 0 0 cm /Im1 Do Q\n`, 'latin1'), textOps(page.runs ?? [])]);
    } else {
      content = textOps(page.runs);
    }
    const contents = pdf.addStream('', content);
    kids.push(
      pdf.add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${A4[0]} ${A4[1]}] /Resources << /Font << /F1 ${font} 0 R >> ${xobjects} >> /Contents ${contents} 0 R >>`),
    );
  }
  pdf.set(pagesId, `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`);
  pdf.set(catalog, `<< /Type /Catalog /Pages ${pagesId} 0 R >>`);
  if (!options.encrypt) return pdf.build(catalog);
  // A standard security handler whose /U does not match the empty user password: readers must
  // ask for a password.
  const hex = (seed: number) => Array.from({ length: 32 }, (_, i) => ((seed * 31 + i * 17) & 0xff).toString(16).padStart(2, '0')).join('');
  const encrypt = pdf.add(`<< /Filter /Standard /V 1 /R 2 /Length 40 /O <${hex(3)}> /U <${hex(7)}> /P -44 >>`);
  return pdf.build(catalog, `/Encrypt ${encrypt} 0 R /ID [<${hex(11).slice(0, 32)}> <${hex(11).slice(0, 32)}>] `);
}

export function deedPdf(): Buffer {
  const total = DEED_PAGES.length;
  return buildPdf(
    DEED_PAGES.map((lines, i) => {
      const runs = linesToRuns(lines);
      if (i === 0) {
        const y = 770 - lines.length * 14 - 14;
        for (const [text, x] of DEED_GAP_RUNS) runs.push({ text, x, y, size: 10 });
      }
      runs.push({ text: deedFooter(i + 1, total), x: 270, y: 40, size: 8 });
      return { kind: 'text', runs };
    }),
  );
}

export function benchPdf(pageCount: number): Buffer {
  return buildPdf(
    Array.from({ length: pageCount }, (_, i) => ({
      kind: 'text' as const,
      runs: [...linesToRuns(deedPageLines(i), 790, 9, 11.5), { text: deedFooter(i + 1, pageCount), x: 270, y: 30, size: 8 }],
    })),
  );
}

// ---------------------------------------------------------------------------------------------
// Images: text drawn with the Liberation Sans shipped by pdfjs-dist
// ---------------------------------------------------------------------------------------------

const FONT_FAMILY = 'Corpus Sans';
let fontRegistered = false;
function ensureFont(): void {
  if (fontRegistered) return;
  const pdfjsDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  GlobalFonts.registerFromPath(join(pdfjsDir, 'standard_fonts', 'LiberationSans-Regular.ttf'), FONT_FAMILY);
  fontRegistered = true;
}

function drawLines(ctx: SKRSContext2D, lines: string[], x: number, y: number, size: number, leading: number): void {
  ctx.font = `${size}px "${FONT_FAMILY}"`;
  ctx.fillStyle = '#111';
  ctx.textBaseline = 'alphabetic';
  lines.forEach((line, i) => ctx.fillText(line, x, y + i * leading));
}

/**
 * An A4 page rendered as a JPEG at `dpi`, like a flatbed scan: 12 pt text by default, 1 inch
 * margins, a little speckle.
 */
export interface ScanOptions {
  fontPt?: number;
  leadingPt?: number;
  quality?: number;
  /** Like a sheet laid a little crooked on the glass. */
  skewDeg?: number;
  /** Gaussian blur of the optics, in pixels. */
  blurPx?: number;
  /** Amplitude of per-pixel sensor noise (0–255). */
  noise?: number;
}

export function scanPageJpeg(
  lines: string[],
  dpi = 200,
  { fontPt = 12, leadingPt = 20, quality = 85, skewDeg = 0, blurPx = 0, noise = 0 }: ScanOptions = {},
): { jpeg: Buffer; width: number; height: number } {
  ensureFont();
  const width = Math.round((A4[0] / 72) * dpi);
  const height = Math.round((A4[1] / 72) * dpi);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fbfbf8';
  ctx.fillRect(0, 0, width, height);
  const pt = dpi / 72;
  ctx.save();
  if (skewDeg) {
    ctx.translate(width / 2, height / 2);
    ctx.rotate((skewDeg * Math.PI) / 180);
    ctx.translate(-width / 2, -height / 2);
  }
  if (blurPx) ctx.filter = `blur(${blurPx}px)`;
  drawLines(ctx, lines, 72 * pt, 110 * pt, fontPt * pt, leadingPt * pt);
  ctx.restore();
  const rand = mulberry32(42);
  if (noise) {
    const image = ctx.getImageData(0, 0, width, height);
    for (let i = 0; i < image.data.length; i += 4) {
      const n = (rand() - 0.5) * 2 * noise;
      for (let c = 0; c < 3; c++) image.data[i + c] = Math.max(0, Math.min(255, image.data[i + c]! + n));
    }
    ctx.putImageData(image, 0, 0);
  }
  ctx.fillStyle = 'rgba(0,0,0,0.35)';
  for (let i = 0; i < 1500; i++) ctx.fillRect(Math.floor(rand() * width), Math.floor(rand() * height), 1, 1);
  return { jpeg: canvas.encodeSync('jpeg', quality), width, height };
}

/**
 * A fax-like bilevel scan: the page drawn at `dpi` (200 in real fax and cheap scanners), cut to
 * black and white at mid-gray. `gray` holds the 0/255 pixels, `bits` the same packed for a PDF.
 */
export function scanPageBilevel(lines: string[], dpi = 200, options: ScanOptions = {}): { gray: Buffer; bits: Buffer; width: number; height: number } {
  ensureFont();
  const width = Math.round((A4[0] / 72) * dpi);
  const height = Math.round((A4[1] / 72) * dpi);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  const pt = dpi / 72;
  ctx.save();
  if (options.skewDeg) {
    ctx.translate(width / 2, height / 2);
    ctx.rotate((options.skewDeg * Math.PI) / 180);
    ctx.translate(-width / 2, -height / 2);
  }
  drawLines(ctx, lines, 72 * pt, 110 * pt, (options.fontPt ?? 11) * pt, (options.leadingPt ?? 18) * pt);
  ctx.restore();
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const rand = mulberry32(200);
  const gray = Buffer.alloc(width * height);
  const rowBytes = (width + 7) >> 3;
  const bits = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      // A fax's speckles: a few isolated dots flipped to black.
      const white = rgba[(y * width + x) * 4]! >= 128 && rand() > 0.0015;
      gray[y * width + x] = white ? 255 : 0;
      if (white) bits[y * rowBytes + (x >> 3)]! |= 0x80 >> (x & 7);
    }
  }
  return { gray, bits, width, height };
}

export function scannedPdf(): Buffer {
  const { jpeg, width, height } = scanPageJpeg(SCAN_LINES);
  return buildPdf([{ kind: 'image', jpeg, width, height, runs: [{ text: SCAN_STAMP, x: 500, y: 30, size: 7 }] }]);
}

/** One text page (the deed's first) and one scanned page. */
export function mixedPdf(): Buffer {
  const { jpeg, width, height } = scanPageJpeg(SCAN_LINES);
  return buildPdf([
    { kind: 'text', runs: linesToRuns(DEED_PAGES[0]!) },
    { kind: 'image', jpeg, width, height },
  ]);
}

/** A phone photo of a receipt: warm paper, uneven light, tilted 2.5°, sensor noise, JPEG 80. */
export function receiptPhotoJpeg(): Buffer {
  ensureFont();
  const width = 1400;
  const height = 1000;
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, '#efe8d8');
  gradient.addColorStop(1, '#c9c0ad');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  ctx.save();
  ctx.translate(width / 2, height / 2);
  ctx.rotate((2.5 * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  drawLines(ctx, PHOTO_LINES, 110, 190, 40, 96);
  ctx.restore();
  const image = ctx.getImageData(0, 0, width, height);
  const rand = mulberry32(7);
  for (let i = 0; i < image.data.length; i += 4) {
    const n = (rand() - 0.5) * 40;
    for (let c = 0; c < 3; c++) image.data[i + c] = Math.max(0, Math.min(255, image.data[i + c]! + n));
  }
  ctx.putImageData(image, 0, 0);
  return canvas.encodeSync('jpeg', 80);
}

// ---------------------------------------------------------------------------------------------
// Zip containers (stored, no compression): DOCX and XLSX
// ---------------------------------------------------------------------------------------------

export function zip(entries: { name: string; data: string | Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data;
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(0x00210000, 10); // 1980-01-01 00:00
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(0x00210000, 12);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, ...centrals, end]);
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function docx(paragraphs: string[], table: string[][] = [], options: { pageBreakEvery?: number } = {}): Buffer {
  const para = (text: string, i: number) => {
    const br = options.pageBreakEvery && i > 0 && i % options.pageBreakEvery === 0 ? '<w:r><w:br w:type="page"/></w:r>' : '';
    return `<w:p>${br}<w:r><w:t xml:space="preserve">${xmlEscape(text)}</w:t></w:r></w:p>`;
  };
  const rows = table
    .map((row) => `<w:tr>${row.map((cell) => `<w:tc><w:p><w:r><w:t>${xmlEscape(cell)}</w:t></w:r></w:p></w:tc>`).join('')}</w:tr>`)
    .join('');
  const body = paragraphs.map(para).join('') + (rows ? `<w:tbl>${rows}</w:tbl>` : '');
  return zip([
    {
      name: '[Content_Types].xml',
      data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    },
    {
      name: '_rels/.rels',
      data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    },
    {
      name: 'word/document.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`,
    },
  ]);
}

function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

export function xlsx(sheets: SheetSpec[]): Buffer {
  const strings: string[] = [];
  const index = new Map<string, number>();
  const stringId = (s: string) => {
    let id = index.get(s);
    if (id === undefined) {
      id = strings.length;
      strings.push(s);
      index.set(s, id);
    }
    return id;
  };
  const sheetXml = (rows: SheetSpec['rows']) => {
    const out: string[] = [];
    rows.forEach((row, r) => {
      const cells = row
        .map((value, c) => {
          const ref = `${columnName(c)}${r + 1}`;
          if (value === null) return '';
          if (typeof value === 'number') return `<c r="${ref}"><v>${value}</v></c>`;
          return `<c r="${ref}" t="s"><v>${stringId(value)}</v></c>`;
        })
        .join('');
      out.push(`<row r="${r + 1}">${cells}</row>`);
    });
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${out.join('')}</sheetData></worksheet>`;
  };
  const sheetFiles = sheets.map((s, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data: sheetXml(s.rows) }));
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  return zip([
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook ${ns}><sheets>${sheets.map((s, i) => `<sheet name="${xmlEscape(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}<Relationship Id="rId${sheets.length + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
    ...sheetFiles,
    {
      name: 'xl/sharedStrings.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t xml:space="preserve">${xmlEscape(s)}</t></si>`).join('')}</sst>`,
    },
  ]);
}

/** A DOCX of `pages` pages of deed-like text (~3000 characters each, 5 paragraphs a page). */
export function benchDocx(pages: number): { data: Buffer; text: string } {
  const paragraphs: string[] = [];
  for (let i = 0; i < pages; i++) {
    const lines = deedPageLines(i);
    const size = Math.ceil(lines.length / 5);
    for (let k = 0; k < 5; k++) paragraphs.push(lines.slice(k * size, (k + 1) * size).join(' '));
  }
  return { data: docx(paragraphs, [], { pageBreakEvery: 5 }), text: paragraphs.join('\n') };
}

/** `rows` data rows under a header, as a deed-cost spreadsheet would have. */
export function benchXlsx(rows: number): Buffer {
  const data: SheetSpec['rows'] = [['Lançamento', 'Descrição', 'Área (m²)', 'Valor (R$)']];
  for (let i = 1; i <= rows; i++) data.push([i, `Unidade ${i} - Edifício São Luís, bloco ${(i % 4) + 1}`, 40 + (i % 90) + 0.25, 150000 + i * 10]);
  return xlsx([{ name: 'Lançamentos', rows: data }]);
}

// ---------------------------------------------------------------------------------------------
// DOC: a minimal Word 97 file (OLE compound file with a WordDocument and a 1Table stream)
// ---------------------------------------------------------------------------------------------

export function doc(paragraphs: string[]): Buffer {
  const SECTOR = 512;
  const STREAM = 4096; // at the mini-stream cutoff, so both streams live in regular sectors
  const text = `${paragraphs.join('\r')}\r`;
  const textBytes = Buffer.from(text, 'utf16le');
  const textOffset = 0x800;
  if (textOffset + textBytes.length > STREAM) throw new Error('doc(): text too long for the corpus writer');

  const word = Buffer.alloc(STREAM);
  word.writeUInt16LE(0xa5ec, 0); // wIdent
  word.writeUInt16LE(0x00c1, 2); // nFib (Word 97)
  word.writeUInt16LE(0x0200, 0x0a); // fWhichTblStm: 1Table
  word.writeUInt32LE(textOffset, 0x18); // fcMin
  word.writeUInt32LE(text.length, 0x4c); // ccpText
  word.writeUInt32LE(0, 0x1a2); // fcClx: at the start of 1Table
  word.writeUInt32LE(21, 0x1a6); // lcbClx
  textBytes.copy(word, textOffset);

  const table = Buffer.alloc(STREAM);
  table.writeUInt8(2, 0); // Pcdt
  table.writeUInt32LE(16, 1); // PlcPcd size: 2 CPs + 1 PCD
  table.writeUInt32LE(0, 5);
  table.writeUInt32LE(text.length, 9);
  table.writeUInt16LE(0, 13); // PCD flags
  table.writeUInt32LE(textOffset, 15); // fc: UTF-16 (bit 30 clear)
  table.writeUInt16LE(0, 19); // prm

  // Sectors: 0 FAT, 1 directory, 2–9 WordDocument, 10–17 1Table.
  const fat = Buffer.alloc(SECTOR, 0xff);
  const chain = (start: number, count: number) => {
    for (let i = 0; i < count; i++) fat.writeInt32LE(i === count - 1 ? -2 : start + i + 1, (start + i) * 4);
  };
  fat.writeInt32LE(-3, 0);
  fat.writeInt32LE(-2, 4);
  chain(2, STREAM / SECTOR);
  chain(10, STREAM / SECTOR);

  const dir = Buffer.alloc(SECTOR);
  const entry = (i: number, name: string, type: number, left: number, right: number, child: number, start: number, size: number) => {
    const o = i * 128;
    dir.write(name, o, 'utf16le');
    dir.writeUInt16LE((name.length + 1) * 2, o + 64);
    dir.writeUInt8(type, o + 66);
    dir.writeUInt8(1, o + 67);
    dir.writeInt32LE(left, o + 68);
    dir.writeInt32LE(right, o + 72);
    dir.writeInt32LE(child, o + 76);
    dir.writeInt32LE(start, o + 116);
    dir.writeUInt32LE(size, o + 120);
  };
  entry(0, 'Root Entry', 5, -1, -1, 1, -2, 0);
  entry(1, 'WordDocument', 2, -1, 2, -1, 2, STREAM);
  entry(2, '1Table', 2, -1, -1, -1, 10, STREAM);
  for (let i = 3; i < 4; i++) {
    dir.writeInt32LE(-1, i * 128 + 68);
    dir.writeInt32LE(-1, i * 128 + 72);
    dir.writeInt32LE(-1, i * 128 + 76);
  }

  const header = Buffer.alloc(SECTOR);
  Buffer.from('D0CF11E0A1B11AE1', 'hex').copy(header, 0);
  header.writeUInt16LE(0x3e, 24);
  header.writeUInt16LE(3, 26);
  header.writeUInt16LE(0xfffe, 28);
  header.writeUInt16LE(9, 30); // 512-byte sectors
  header.writeUInt16LE(6, 32); // 64-byte mini sectors
  header.writeInt32LE(1, 44); // FAT sectors
  header.writeInt32LE(1, 48); // first directory sector
  header.writeUInt32LE(4096, 56); // mini stream cutoff
  header.writeInt32LE(-2, 60); // no mini FAT
  header.writeInt32LE(0, 64);
  header.writeInt32LE(-2, 68); // no extra DIFAT
  header.writeInt32LE(0, 72);
  for (let i = 0; i < 109; i++) header.writeInt32LE(i === 0 ? 0 : -1, 76 + i * 4);

  return Buffer.concat([header, fat, dir, word, table]);
}

// ---------------------------------------------------------------------------------------------
// Writing the corpus
// ---------------------------------------------------------------------------------------------

export interface Corpus {
  dir: string;
  files: Record<CorpusFile, string>;
  cleanup(): void;
}

export type CorpusFile =
  | 'textPdf'
  | 'scannedPdf'
  | 'mixedPdf'
  | 'docx'
  | 'doc'
  | 'xlsx'
  | 'cp1252Txt'
  | 'utf8Txt'
  | 'photoJpeg'
  | 'truncatedPdf'
  | 'encryptedPdf'
  | 'emptyFile'
  | 'tinyDocx'
  | 'tinyTxt'
  | 'tinyXlsx'
  | 'blankPdf';

/** Writes every corpus file into a fresh temporary directory. */
export function writeCorpus(): Corpus {
  const dir = mkdtempSync(join(tmpdir(), 'viabiliza-extract-corpus-'));
  const text = deedPdf();
  const contents: Record<CorpusFile, Buffer> = {
    textPdf: text,
    scannedPdf: scannedPdf(),
    mixedPdf: mixedPdf(),
    docx: docx(DOCX_PARAGRAPHS, DOCX_TABLE),
    doc: doc(DOC_PARAGRAPHS),
    xlsx: xlsx(XLSX_SHEETS),
    cp1252Txt: encodeWindows1252(CP1252_TEXT),
    utf8Txt: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('Matrícula nº 1.234 — área de 300 m2, São Paulo.\n', 'utf8')]),
    photoJpeg: receiptPhotoJpeg(),
    truncatedPdf: text.subarray(0, Math.floor(text.length * 0.3)),
    encryptedPdf: buildPdf([{ kind: 'text', runs: linesToRuns(DEED_PAGES[0]!) }], { encrypt: true }),
    emptyFile: Buffer.alloc(0),
    tinyDocx: docx(['Oi.']),
    tinyTxt: Buffer.from('curto\n'),
    tinyXlsx: xlsx([{ name: 'A', rows: [['x', 1]] }]),
    blankPdf: buildPdf([{ kind: 'text', runs: [{ text: 'Folha 1', x: 72, y: 770 }] }]),
  };
  const files = {} as Record<CorpusFile, string>;
  const names: Record<CorpusFile, string> = {
    textPdf: 'matricula.pdf',
    scannedPdf: 'matricula-digitalizada.pdf',
    mixedPdf: 'misto.pdf',
    docx: 'escritura.docx',
    doc: 'compromisso.doc',
    xlsx: 'custos.xlsx',
    cp1252Txt: 'laudo-1252.txt',
    utf8Txt: 'nota-utf8.txt',
    photoJpeg: 'itbi-foto.jpg',
    truncatedPdf: 'truncado.pdf',
    encryptedPdf: 'protegido.pdf',
    emptyFile: 'vazio.pdf',
    tinyDocx: 'curto.docx',
    tinyTxt: 'curto.txt',
    tinyXlsx: 'curta.xlsx',
    blankPdf: 'quase-vazio.pdf',
  };
  for (const key of Object.keys(contents) as CorpusFile[]) {
    const path = join(dir, names[key]);
    writeFileSync(path, contents[key]);
    files[key] = path;
  }
  return { dir, files, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
