import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { DOCUMENT_TYPES } from '@viabiliza/contracts/document-types';
import { CERTIDAO_ITEMS, CHECK_IDS, DOSSIER_FACTS } from '@viabiliza/contracts/dossier';
import { DOSSIER_TRUTH_FILE, generateSaleFolder, readDossierTruth } from './corpus.ts';
import type { DocumentTruth } from './truth.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'viabiliza-sale-folder-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const pdfjsDir = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
async function pdfText(path: string): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(readFileSync(path)), standardFontDataUrl: `${join(pdfjsDir, 'standard_fonts')}/`, verbosity: 0 }).promise;
  const texts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return texts.join('\n').replace(/\s+/g, ' ');
}
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toUpperCase();

describe('generateSaleFolder (issue 16)', () => {
  it('writes one born-digital folder with a truth beside each file and the dossier truth, the same bytes each time', async () => {
    const a = tempDir();
    const b = tempDir();
    const entries = await generateSaleFolder({ dir: a, index: 8, textOnly: true });
    await generateSaleFolder({ dir: b, index: 8, textOnly: true });
    expect(entries.length).toBeGreaterThanOrEqual(20);
    for (const e of entries) {
      expect(existsSync(e.path)).toBe(true);
      expect(e.path.startsWith(a)).toBe(true);
      const truth = JSON.parse(readFileSync(`${e.path}.truth.json`, 'utf8')) as DocumentTruth;
      expect(truth.file).toBe(e.file);
      // Each truth field is one of its type's registry fields.
      for (const f of truth.fields) expect(DOCUMENT_TYPES[truth.type].fields as readonly string[], `${e.file}: ${f.key}`).toContain(f.key);
      // Text only: nothing in the folder needs OCR.
      expect(truth.pages.every((p) => !p.needsOcr), e.file).toBe(true);
      expect(/\.(pdf|docx)$/.test(e.file), e.file).toBe(true);
      expect(sha(join(b, e.file))).toBe(sha(e.path));
    }
    expect(readdirSync(a).filter((f) => !f.endsWith('.truth.json')).length).toBe(entries.length);
    expect(existsSync(join(a, DOSSIER_TRUTH_FILE))).toBe(true);
  });

  it('tells the partilha to three owners with their fractions and the stale matrícula certificate', async () => {
    const dir = tempDir();
    const entries = await generateSaleFolder({ dir, index: 8, textOnly: true });
    const truth = await readDossierTruth(dir);
    expect(truth.asOf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const main = truth.matriculas[0]!;
    expect(main.owners.map((o) => o.fraction)).toEqual([0.5, 0.25, 0.25]);
    expect(main.owners.map((o) => o.name)).toEqual(truth.sellers);
    // The acts the certificate prints say so: each heir with the share.
    const text = await pdfText(join(dir, main.file));
    expect(text).toContain('PARTILHA');
    for (const seller of truth.sellers) expect(text).toContain(`${seller.toUpperCase()}, CPF`);
    expect(text).toContain('correspondente à fração de 50% (cinquenta por cento)');
    expect(text.split('25% (vinte e cinco por cento)').length - 1).toBe(2);
    const matriculaCert = truth.certidoes.filter((c) => c.item === 'matricula');
    expect(matriculaCert.length).toBe(2);
    expect(matriculaCert.every((c) => c.status === 'vencida')).toBe(true);
    expect(truth.checks.certidoes).toBe('atencao');
    expect(truth.traps).toEqual(expect.arrayContaining(['tres-proprietarios-fracoes', 'certidao-vencida', 'hipoteca-cancelada']));
    // Every seller has a CNDT and a CND federal in this folder.
    for (const seller of truth.sellers) {
      expect(truth.certidoes.find((c) => c.item === 'cndt' && c.person === seller)?.status).toBe('valida');
      expect(truth.certidoes.find((c) => c.item === 'cnd_federal' && c.person === seller)?.status).toBe('valida');
    }
    // Only keys of the contract.
    for (const c of truth.certidoes) expect(Object.hasOwn(CERTIDAO_ITEMS, c.item)).toBe(true);
    expect(Object.keys(truth.checks).sort()).toEqual(Object.keys(CHECK_IDS).sort());
    for (const key of Object.keys(truth.facts)) expect(Object.hasOwn(DOSSIER_FACTS, key)).toBe(true);
    expect(truth.facts.matricula_numero).toBe(main.number);
    expect(entries.some((e) => e.file === main.file)).toBe(true);
  });

  it('follows a consolidated alienação fiduciária to the bank, then to the buyers from the bank', async () => {
    const dir = tempDir();
    await generateSaleFolder({ dir, index: 7, textOnly: true });
    const truth = await readDossierTruth(dir);
    const main = truth.matriculas[0]!;
    expect(main.chain).toEqual(['R.1', 'AV.4', 'R.6']);
    expect(main.owners.map((o) => o.name)).toEqual(truth.sellers);
    const af = main.liens.find((l) => l.type === 'alienacao_fiduciaria')!;
    expect(af).toMatchObject({ act: 'R.2', status: 'cancelado', cancelledBy: 'AV.4' });
    expect(af.beneficiary).toBeTruthy();
    const text = await pdfText(join(dir, main.file));
    expect(text).toContain('CONSOLIDAÇÃO DA PROPRIEDADE');
    expect(text).toContain(`em nome do credor fiduciário ${af.beneficiary!.toUpperCase()}`);
    expect(truth.checks.vendedores_proprietarios).toBe('ok');
    expect(truth.traps).toContain('fiduciaria-consolidada');
  });

  it('marks a seller who is not the owner as a failed check', async () => {
    const dir = tempDir();
    await generateSaleFolder({ dir, index: 9, textOnly: true });
    const truth = await readDossierTruth(dir);
    const owners = truth.matriculas[0]!.owners.map((o) => fold(o.name));
    expect(owners).toContain(fold(truth.sellers[0]!));
    expect(owners).not.toContain(fold(truth.sellers[1]!));
    expect(truth.checks.vendedores_proprietarios).toBe('falha');
    expect(truth.traps).toContain('vendedor-nao-proprietario');
  });

  it('prints the notary\'s negative CNIB search in the deed, which records no lien', async () => {
    const dir = tempDir();
    const entries = await generateSaleFolder({ dir, index: 6, textOnly: true });
    const deed = entries.find((e) => e.truth.type === 'escritura')!;
    const text = await pdfText(deed.path);
    expect(text).toMatch(/consulta à Central Nacional de Indisponibilidade de Bens - CNIB em nome dos outorgantes vendedores, com resultado negativo/);
    expect(deed.truth.liens).toEqual([]);
    const truth = await readDossierTruth(dir);
    expect(truth.matriculas.flatMap((m) => m.liens).some((l) => l.type === 'indisponibilidade')).toBe(false);
    expect(truth.traps).toContain('cnib-negativa-escritura');
  });
});
