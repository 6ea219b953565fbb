import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DOCUMENT_TYPES, FIELD_LABELS, LIEN_TYPES } from '@viabiliza/contracts/document-types';
import { isValidCnpj, isValidCpf } from '../src/cpf.ts';
import { generateCorpus, type CorpusEntry } from './corpus.ts';
import { TRAPS } from './doc-spec.ts';
import { cnpj, cpf, sql, sqlCheckDigit } from './people.ts';
import { writeBombPdf } from './pdf-writer.ts';
import { createRng } from './prng.ts';
import type { DocumentTruth } from './truth.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'viabiliza-corpus-test-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A small subset that still holds the traps under test: a scanned matrícula, a portal download, a DOCX draft, a sideways photo. */
const SUBSET = new Set(['venda-01/MATRICULA ATUALIZADA AP.pdf', 'venda-01/IPTU certidao dados cadastrais.pdf', 'venda-02/Minuta escritura v2.docx', 'venda-01/comprovante ITBI VG.jpg', 'venda-02/guia ITBI.pdf']);
const subset = (dir: string) => generateCorpus({ dir, seed: 7, sales: 2, only: (p) => SUBSET.has(p.file) });
const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const byFile = (entries: CorpusEntry[], file: string) => entries.find((e) => e.file === file)!;

const pdfjsDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
async function pageTexts(path: string): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(readFileSync(path)), standardFontDataUrl: `${join(pdfjsDir, 'standard_fonts')}/`, verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join('\n'));
  }
  await doc.destroy();
  return texts;
}

function validateTruth(truth: DocumentTruth): void {
  const type = DOCUMENT_TYPES[truth.type];
  expect(type, truth.file).toBeDefined();
  expect(truth.pages.map((p) => p.number)).toEqual(truth.pages.map((_, i) => i + 1));
  const keys = new Set<string>();
  for (const f of truth.fields) {
    expect(Object.hasOwn(FIELD_LABELS, f.key), `${truth.file}: ${f.key}`).toBe(true);
    expect(type.fields as readonly string[], `${truth.file}: ${f.key} fora do tipo ${truth.type}`).toContain(f.key);
    expect(f.page).toBeGreaterThanOrEqual(1);
    expect(f.page).toBeLessThanOrEqual(truth.pages.length);
    expect(keys.has(f.key), `${truth.file}: ${f.key} repetido`).toBe(false);
    keys.add(f.key);
    if (['matricula_numero', 'inscricao_imobiliaria', 'cep', 'cnm'].includes(f.key)) expect(String(f.value)).toMatch(/^\d+$/);
    if (f.key.startsWith('data_') || f.key === 'validade') expect(String(f.value)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }
  for (const l of truth.liens) {
    expect(Object.hasOwn(LIEN_TYPES, l.type)).toBe(true);
    if (!l.active) expect(l.cancelledBy).toMatch(/^(R|AV)\.\d+$/);
  }
  const known = new Set<string>(Object.values(TRAPS));
  for (const t of truth.traps) expect(known.has(t), t).toBe(true);
}

describe('corpus generator', () => {
  it('writes the same bytes for the same seed, with valid truth files and the traps in place', async () => {
    const [a, b] = [tempDir(), tempDir()];
    const first = await subset(a);
    const second = await subset(b);
    expect(first.map((e) => e.file).sort()).toEqual([...SUBSET].sort());
    for (const entry of first) {
      expect(sha(entry.path), entry.file).toBe(sha(join(b, entry.file)));
      expect(readFileSync(`${entry.path}.truth.json`, 'utf8')).toBe(readFileSync(join(b, `${entry.file}.truth.json`), 'utf8'));
      validateTruth(JSON.parse(readFileSync(`${entry.path}.truth.json`, 'utf8')) as DocumentTruth);
    }
    expect(second.length).toBe(first.length);

    // The city portal's download: a PDF, then its HTML page after %%EOF.
    const portal = readFileSync(byFile(first, 'venda-01/IPTU certidao dados cadastrais.pdf').path);
    const eof = portal.lastIndexOf('%%EOF');
    expect(eof).toBeGreaterThan(0);
    const tail = portal.subarray(eof + 5).toString('utf8');
    expect(tail).toContain('<html');
    expect(tail).toContain('javascript:');
    expect(byFile(first, 'venda-01/IPTU certidao dados cadastrais.pdf').truth.traps).toContain(TRAPS.eofHtmlTail);

    // The scanned matrícula: CCITT G4 images whose text layer holds only stamps and footers.
    const scanned = byFile(first, 'venda-01/MATRICULA ATUALIZADA AP.pdf');
    const bytes = readFileSync(scanned.path).toString('latin1');
    expect(bytes).toContain('/CCITTFaxDecode');
    expect(scanned.truth.traps).toEqual(expect.arrayContaining([TRAPS.stampOnlyTextLayer, TRAPS.ccitt, TRAPS.scan300, TRAPS.blankPages]));
    const texts = await pageTexts(scanned.path);
    expect(texts.length).toBe(scanned.truth.pages.length);
    const stamp = /^(FIM DOS ATOS PRATICADOS|VIDE CERTIDÃO|EM BRANCO|Selo digital .*|\s*)$/;
    for (const text of texts) for (const line of text.split('\n')) expect(line.trim(), line).toMatch(stamp);
    expect(texts.join('\n')).toContain('FIM DOS ATOS PRATICADOS');
    const selo = texts[0]!.split('\n').find((l) => l.startsWith('Selo digital'))!;
    expect(selo.replace(/[^\p{L}]/gu, '').length).toBeGreaterThan(40);
    expect(scanned.truth.pages.filter((p) => p.blank).length).toBe(2);
    expect(scanned.truth.pages.filter((p) => p.needsOcr).length).toBe(scanned.truth.pages.length - 2);
    // Scenario 0: the hipoteca of R.2 cancelled by AV.5, the alienação fiduciária still active.
    expect(scanned.truth.liens).toEqual(
      expect.arrayContaining([
        { type: 'hipoteca', act: 'R.2', active: false, cancelledBy: 'AV.5' },
        expect.objectContaining({ type: 'alienacao_fiduciaria', active: true }),
      ]),
    );

    // The phone photo: JPEG, held sideways.
    const photo = byFile(first, 'venda-01/comprovante ITBI VG.jpg');
    expect(readFileSync(photo.path).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(photo.truth.pages[0]!.rotation).toBe(90);
    // The draft: a DOCX zip.
    expect(readFileSync(byFile(first, 'venda-02/Minuta escritura v2.docx').path).subarray(0, 2).toString()).toBe('PK');
    // The guide: a form whose labels are all drawn before the values.
    expect(byFile(first, 'venda-02/guia ITBI.pdf').truth.traps).toContain(TRAPS.formLayout);
  }, 60_000);

  it('draws CPF, CNPJ and São Paulo SQL numbers that pass their check digits', () => {
    const rng = createRng(1);
    for (let i = 0; i < 50; i++) {
      expect(isValidCpf(cpf(rng))).toBe(true);
      expect(isValidCnpj(cnpj(rng))).toBe(true);
      const s = sql(rng).replace(/\D/g, '');
      expect(sqlCheckDigit(s.slice(0, 10))).toBe(Number(s[10]));
    }
    // Printed inscriptions whose digit the algorithm must reproduce.
    expect(sqlCheckDigit('0390800244')).toBe(3);
    expect(sqlCheckDigit('0010030001')).toBe(4);
  });

  it('writes a decompression bomb whose stream inflates far beyond its size', async () => {
    const path = join(tempDir(), 'bomba.pdf');
    await writeBombPdf(path, 32 << 20);
    const bytes = readFileSync(path);
    expect(bytes.length).toBeLessThan(100_000);
    const text = bytes.toString('latin1');
    const start = text.indexOf('stream\n', text.indexOf('/FlateDecode')) + 'stream\n'.length;
    const length = Number(/\/FlateDecode \/Length (\d+)/.exec(text)![1]);
    expect(inflateSync(bytes.subarray(start, start + length)).length).toBeGreaterThanOrEqual(32 << 20);
  });
});
