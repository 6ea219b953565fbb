import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { inArray } from 'drizzle-orm';
import { propertyDocuments } from '@viabiliza/db/schema';
import { buildBmp, buildZip, docxEntries, pngHeader, xlsxEntries } from '@viabiliza/extract/test-fixtures';
import { buildPdf, DEED_PAGES, deedPdf, docx, linesToRuns, receiptPhotoJpeg, XLSX_SHEETS, xlsx } from '../../../../../packages/extract/test/corpus.ts';
import { createTestApp, eventually, multipartBody, signUp, type TestApp } from '../../../test/helper.ts';

/**
 * The malformed-file corpus (issue 9): 200+ hostile files generated here from a fixed seed, pushed
 * through the real upload and extraction path. Every file must end Concluído, Erro with a
 * Portuguese reason, in quarantine, or refused at upload with a Portuguese reason; the server
 * answers throughout; nothing is stored outside its user's key.
 */

/** mulberry32: a small seeded generator, so a failing corpus can be rebuilt exactly. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const SEED = 20261124;
const rand = seeded(SEED);
const int = (max: number) => Math.floor(rand() * max);

type Sample = { category: string; name: string; content: Buffer };

const truncate = (data: Buffer) => data.subarray(0, 1 + int(data.length - 1));
function flipBits(data: Buffer, flips: number) {
  const out = Buffer.from(data);
  for (let i = 0; i < flips; i++) out[int(out.length)]! ^= 1 << int(8);
  return out;
}
const randomBytes = (n: number) => Buffer.from(Array.from({ length: n }, () => int(256)));
const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

/** A JPEG whose SOF0 declares `w`×`h` (the pixels stay those of a small photo). */
function jpegDeclaring(w: number, h: number) {
  const jpeg = Buffer.from(receiptPhotoJpeg());
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(h, i + 5);
      jpeg.writeUInt16BE(w, i + 7);
      break;
    }
  }
  return jpeg;
}
function gifDeclaring(w: number, h: number) {
  const gif = Buffer.alloc(32);
  gif.write('GIF89a', 0, 'latin1');
  gif.writeUInt16LE(w, 6);
  gif.writeUInt16LE(h, 8);
  return gif;
}
function bmpDeclaring(w: number, h: number) {
  const bmp = buildBmp(4, 4);
  bmp.writeInt32LE(w, 18);
  bmp.writeInt32LE(h, 22);
  return bmp;
}

function buildCorpus(): Sample[] {
  const pdf = deedPdf();
  const word = docx(['Escritura pública de compra e venda', 'Matrícula nº 12.345']);
  const sheet = xlsx(XLSX_SHEETS);
  const png = pngHeader(64, 64);
  const text = Buffer.from('Matrícula nº 12.345. Área construída 120,50 m². Sem ônus.', 'utf8');
  const list: Sample[] = [];
  const add = (category: string, name: string, content: Buffer) => list.push({ category, name, content });

  times(25, (i) => add('pdf truncado', `truncado-${i}.pdf`, truncate(pdf)));
  times(25, (i) => add('pdf com bits trocados', `bits-${i}.pdf`, flipBits(pdf, 1 + int(60))));
  times(6, (i) =>
    add('pdf cifrado', `cifrado-${i}.pdf`, buildPdf([{ kind: 'text', runs: linesToRuns(DEED_PAGES[i % DEED_PAGES.length]!) }], { encrypt: true })),
  );
  times(5, (i) => add('bomba docx', `bomba-${i}.docx`, buildZip([...docxEntries(), { name: 'word/media/image1.png', data: Buffer.alloc((20 + i * 15) * 1024 * 1024) }])));
  times(3, (i) => add('bomba xlsx', `bomba-${i}.xlsx`, buildZip([...xlsxEntries(), { name: 'xl/media/image1.png', data: Buffer.alloc((30 + i * 20) * 1024 * 1024) }])));
  add('bomba docx', 'mentirosa.docx', buildZip([...docxEntries(), { name: 'word/media/a.bin', data: Buffer.alloc(8 * 1024 * 1024), declaredSize: 100 }]));
  add('bomba docx', 'aninhada.docx', buildZip([...docxEntries(), { name: 'word/media/x.zip', data: buildZip([{ name: 'a', data: Buffer.alloc(40 * 1024 * 1024) }]), deflate: false }]));
  // Under word/embeddings/ a zip is an OLE object by design (a chart's workbook): accepted, and
  // nothing ever inflates it (only word/document.xml is read), so it may end Concluído.
  add('docx com objeto embutido', 'embutida.docx', buildZip([...docxEntries(), { name: 'word/embeddings/x.xlsx', data: buildZip([{ name: 'a', data: Buffer.alloc(40 * 1024 * 1024) }]), deflate: false }]));
  times(15, (i) => add('docx corrompido', `corrompido-${i}.docx`, i % 2 ? truncate(word) : flipBits(word, 1 + int(40))));
  times(15, (i) => add('xlsx corrompido', `corrompida-${i}.xlsx`, i % 2 ? truncate(sheet) : flipBits(sheet, 1 + int(40))));
  times(10, (i) => add('zip que não é office', `pacote-${i}.docx`, buildZip([{ name: `arquivo-${i}.txt`, data: 'conteúdo' }])));
  times(6, (i) => add('imagem gigante', `gigante-${i}.png`, pngHeader(30_000 + i * 10_000, 30_000 + i * 7_000)));
  times(5, (i) => add('imagem gigante', `gigante-${i}.jpg`, jpegDeclaring(60_000 + i * 1000, 60_000 + i * 500)));
  times(5, (i) => add('imagem gigante', `gigante-${i}.gif`, gifDeclaring(65_535 - i, 65_535 - i * 2)));
  times(4, (i) => add('imagem gigante', `gigante-${i}.bmp`, bmpDeclaring(200_000 + i, 200_000 + i)));
  times(5, (i) => add('imagem truncada', `foto-${i}.jpg`, truncate(receiptPhotoJpeg())));
  times(5, (i) => add('poliglota', `poliglota-${i}.pdf`, Buffer.concat([pdf, buildZip(docxEntries())])));
  times(4, (i) => add('poliglota', `poliglota-${i}.docx`, Buffer.concat([buildZip(docxEntries()), pdf.subarray(0, 2000 + i * 100)])));
  times(3, (i) => add('poliglota', `poliglota-${i}.gif`, Buffer.concat([gifDeclaring(10, 10), Buffer.from(`<script>alert(${i})</script>`)])));
  times(3, (i) => add('poliglota', `poliglota-${i}.png`, Buffer.concat([png, pdf])));
  times(5, (i) => add('extensão errada', `escritura-${i}.${['docx', 'png', 'txt', 'xlsx', 'jpg'][i]}`, pdf));
  times(5, (i) => add('extensão errada', `imagem-${i}.${['pdf', 'docx', 'txt', 'xls', 'doc'][i]}`, receiptPhotoJpeg()));
  times(5, (i) => add('extensão errada', `contrato-${i}.${['pdf', 'xlsx', 'png', 'txt', 'tiff'][i]}`, word));
  times(5, (i) => add('extensão errada', `texto-${i}.${['pdf', 'docx', 'png', 'jpg', 'xlsx'][i]}`, text));
  times(5, (i) => add('texto não UTF-8', `utf16le-${i}.txt`, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(`Matrícula nº ${i} ônus`, 'utf16le')])));
  times(5, (i) => add('texto não UTF-8', `utf16be-${i}.txt`, Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(`Matrícula nº ${i}`, 'utf16le').swap16()])));
  times(5, (i) => add('texto não UTF-8', `latin1-${i}.txt`, Buffer.from(`Certidão nº ${i}: área útil ${i}0 m², ônus: não há`, 'latin1')));
  times(5, (i) => add('texto não UTF-8', `utf8-invalido-${i}.txt`, Buffer.concat([text, Buffer.from([0xc3, 0x28, 0xa0, 0xa1, 0xe2, 0x28, 0xa1]), text])));
  times(5, (i) => add('texto não UTF-8', `nulos-${i}.txt`, Buffer.concat([text, Buffer.alloc(50 + i * 100), text])));
  const hostileNames = [
    '../../etc/passwd.txt',
    '..\\..\\windows\\win.ini.txt',
    '/etc/shadow.txt',
    'C:\\boot.ini.txt',
    '....//....//x.txt',
    'nome%00.pdf.txt',
    'fatura\u202Etxt.exe.txt',
    '\u001b[31mvermelho\u001b[0m.txt',
    'tab\tseparado.txt',
    'sino\u0007.txt',
    `${'a'.repeat(300)}.txt`,
    '.txt',
    '...txt',
    ' espaço .txt',
    'emoji 🏠 casa.txt',
    'acentuação çãõ.txt',
    '<script>alert(1)</script>.txt',
    '"aspas".txt',
    "'; drop table property_documents; --.txt",
    'CON.txt',
    'nul.txt',
    '%2e%2e%2fsegredo.txt',
    'dir/sub/arquivo.txt',
    'x'.repeat(40) + '/../' + 'y.txt',
    '\u200Binvisível.txt',
  ];
  hostileNames.forEach((name, i) => add('nome hostil', name, Buffer.concat([text, Buffer.from(` ${i}`)])));
  times(15, (i) => add('bytes aleatórios', `aleatorio-${i}.${['pdf', 'docx', 'xlsx', 'png', 'jpg', 'txt', 'doc', 'xls', 'gif', 'webp', 'bmp', 'tiff', 'bin', 'exe', ''][i]}`, randomBytes(64 + int(4096))));
  return list;
}

let t: TestApp;
let corpus: Sample[];
const outcomes = new Map<string, number>();
const uploaded: { sample: Sample; id: string; status?: string; reason?: string | null }[] = [];
const refused: { sample: Sample; error: string }[] = [];

/** A reason a person can read: Portuguese, not an exception's text. */
const portuguese = (reason: string | null | undefined) =>
  Boolean(reason) &&
  /[áàâãéêíóôõúç]|arquivo|documento|página|tipo|leitura|texto/i.test(reason!) &&
  !/\b(error|undefined|null|exception|cannot|invalid|failed|unexpected|TypeError|ENOENT|stack)\b/i.test(reason!);

beforeAll(async () => {
  t = await createTestApp();
  corpus = buildCorpus();
}, 60_000);
afterAll(async () => t?.close());

describe('the malformed-file corpus through upload and extraction', () => {
  it('has at least 200 files in every category the issue names', () => {
    expect(corpus.length).toBeGreaterThanOrEqual(200);
    const categories = new Set(corpus.map((s) => s.category));
    for (const c of ['pdf truncado', 'pdf com bits trocados', 'pdf cifrado', 'bomba docx', 'docx corrompido', 'xlsx corrompido', 'imagem gigante', 'poliglota', 'extensão errada', 'texto não UTF-8', 'nome hostil']) {
      expect(categories).toContain(c);
    }
  });

  it('ends every file Concluído, Erro with a Portuguese reason, quarantined or refused, and the server answers throughout', { timeout: 900_000 }, async () => {
    // Batches of 20 (the batch limit), spread over people so the upload limit (5/min) is not the subject.
    const batches = times(Math.ceil(corpus.length / 20), (i) => corpus.slice(i * 20, i * 20 + 20));
    let person = await signUp(t);
    for (const [i, batch] of batches.entries()) {
      if (i % 5 === 0 && i > 0) person = await signUp(t);
      const { payload, headers } = multipartBody(batch.map((s) => ({ name: s.name, content: s.content })));
      const res = await t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie: person.cookie } });
      expect(res.statusCode, res.body).toBe(201);
      const body = res.json() as { documents: { id: string; fileName: string }[]; rejected: { fileName: string; error: string }[] };
      // Each file of the batch is answered for: stored, or refused with a reason.
      expect(body.documents.length + body.rejected.length).toBe(batch.length);
      const stored = [...body.documents];
      const rejected = [...body.rejected];
      for (const sample of batch) {
        const r = rejected.findIndex((x) => x.fileName === sample.name || sample.name.endsWith(x.fileName));
        if (r >= 0) {
          refused.push({ sample, error: rejected.splice(r, 1)[0]!.error });
          continue;
        }
        uploaded.push({ sample, id: stored.shift()!.id });
      }
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    }

    const ids = uploaded.map((u) => u.id);
    const rows = await eventually(async () => {
      const list = await t.runtime.ctx.db.select().from(propertyDocuments).where(inArray(propertyDocuments.id, ids));
      return list.every((d) => ['completed', 'error', 'quarantined'].includes(d.status)) ? list : null;
    }, 600_000);

    const bad: string[] = [];
    for (const entry of uploaded) {
      const { sample } = entry;
      const row = rows.find((d) => d.id === entry.id)!;
      entry.status = row.status;
      entry.reason = row.quarantineReason ?? row.errorMessage;
      outcomes.set(row.status, (outcomes.get(row.status) ?? 0) + 1);
      if (row.status === 'error' && !portuguese(row.errorMessage)) bad.push(`${sample.category} ${JSON.stringify(sample.name)}: ${row.errorMessage}`);
      if (row.status === 'quarantined' && !portuguese(row.quarantineReason)) bad.push(`${sample.category} ${JSON.stringify(sample.name)}: ${row.quarantineReason}`);
      // Stored under the user's key only, whatever the name said.
      if (!/^[\w-]+\/[0-9a-f-]{36}$/.test(row.storageKey)) bad.push(`${sample.name}: storage key ${row.storageKey}`);
    }
    for (const { sample, error } of refused) {
      outcomes.set('refused', (outcomes.get('refused') ?? 0) + 1);
      if (!portuguese(error)) bad.push(`${sample.category} ${JSON.stringify(sample.name)} refused: ${error}`);
    }
    expect(bad).toEqual([]);
    console.info(`malformed corpus (seed ${SEED}): ${corpus.length} files →`, Object.fromEntries(outcomes));
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('never reads a bomb or a gigantic image as if it were fine, and still reads the readable ones', () => {
    const completed = (category: string) => uploaded.filter((u) => u.sample.category === category && u.status === 'completed').map((u) => u.sample.name);
    expect(completed('bomba docx')).toEqual([]);
    expect(completed('bomba xlsx')).toEqual([]);
    expect(completed('imagem gigante')).toEqual([]);
    expect(completed('pdf cifrado')).toEqual([]);
    // Text in Latin-1, UTF-16 (with its BOM), with stray invalid UTF-8 and with hostile names is
    // still text a person can check; text full of NUL bytes is binary.
    expect(completed('texto não UTF-8').filter((n) => !n.startsWith('nulos'))).toHaveLength(20);
    // A hostile name is read like any other file, or kept apart for its name, never refused.
    const hostile = uploaded.filter((u) => u.sample.category === 'nome hostil');
    expect(hostile).toHaveLength(25);
    for (const u of hostile) {
      if (u.status !== 'completed') expect(`${u.status}: ${u.reason}`, JSON.stringify(u.sample.name)).toMatch(/^quarantined: Nome de arquivo suspeito/);
    }
  });

  it('wrote nothing outside DATA_DIR for the hostile names', () => {
    const dataDir = t.runtime.ctx.config.dataDir;
    const parent = readdirSync(dirname(dataDir));
    for (const name of ['passwd.txt', 'shadow.txt', 'win.ini.txt', 'boot.ini.txt', 'segredo.txt', 'y.txt']) expect(parent).not.toContain(name);
    expect(readdirSync(join(dataDir))).not.toContain('etc');
  });
});
