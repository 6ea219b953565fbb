import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasEmbeddedPe, hasEmbeddedZip, pdfPolyglotParts } from './polyglot.ts';
import { UPLOAD_MESSAGES, validateUpload } from './validate.ts';
import { buildPdf, buildZip } from './test-fixtures.ts';
import { deedPdf } from '../test/corpus.ts';
import { deflatedTextPdf, minimalPe, pdfPePolyglot, pdfZipPolyglot, withPortalPage } from '../test/hostile-pdfs.ts';

const zip = () => buildZip([{ name: 'payload.bin', data: 'x'.repeat(100) }]);
/** The bytes inside a PDF stream object, as a writer would store an attachment uncompressed. */
const inStream = (data: Buffer) => buildPdf({ objects: [`<< /Length ${data.length} >>\nstream\n${data.toString('latin1')}\nendstream`] });
/** Deterministic noise, as compressed image or font data looks. */
function noise(bytes: number, seed = 7): Buffer {
  const out = Buffer.alloc(bytes);
  let x = seed;
  for (let i = 0; i < bytes; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

describe('pdfPolyglotParts', () => {
  it('finds a ZIP appended to a PDF or stored in one of its streams', () => {
    expect(pdfPolyglotParts(pdfZipPolyglot())).toEqual(['zip']);
    expect(pdfPolyglotParts(inStream(zip()))).toEqual(['zip']);
  });

  it('finds a PE appended to a PDF or stored in one of its streams', () => {
    expect(pdfPolyglotParts(pdfPePolyglot())).toEqual(['pe']);
    expect(pdfPolyglotParts(Buffer.concat([buildPdf(), minimalPe()]))).toEqual(['pe']);
    expect(pdfPolyglotParts(Buffer.concat([pdfZipPolyglot(), minimalPe()]))).toEqual(['zip', 'pe']);
  });

  it('finds nothing in plain PDFs, nor in parts of a structure that happen to occur', () => {
    for (const pdf of [buildPdf(), deedPdf(), deflatedTextPdf(3), withPortalPage(deedPdf())]) expect(pdfPolyglotParts(pdf)).toEqual([]);
    const whole = zip();
    // A local header alone (no directory), or a directory's end alone (no local header).
    expect(hasEmbeddedZip(inStream(whole.subarray(0, 60)))).toBe(false);
    expect(hasEmbeddedZip(inStream(whole.subarray(whole.length - 22)))).toBe(false);
    // 'MZ' without 'PE\0\0' where e_lfanew points, and a PE header cut before its signature.
    const stub = minimalPe();
    stub.write('XX', 0x80, 'latin1');
    expect(hasEmbeddedPe(inStream(stub))).toBe(false);
    expect(hasEmbeddedPe(Buffer.concat([buildPdf(), minimalPe().subarray(0, 0x82)]))).toBe(false);
    // Compressed-looking data: 4 MB of noise holds 'MZ' and 'PK' many times over.
    expect(pdfPolyglotParts(inStream(noise(4 * 1024 * 1024)))).toEqual([]);
  });
});

describe('validateUpload: polyglots', () => {
  let dir: string;
  let counter = 0;
  const upload = (name: string, data: Buffer) => {
    const path = join(dir, `upload-${++counter}`);
    writeFileSync(path, data);
    return validateUpload({ path, name, size: data.length });
  };
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'viabiliza-polyglot-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('quarantines a PDF+ZIP and a PDF+PE with the reason, and leaves a plain PDF alone', async () => {
    expect(UPLOAD_MESSAGES.polyglotZip).toBe('Arquivo poliglota: PDF com ZIP embutido');
    expect(UPLOAD_MESSAGES.polyglotExecutable).toBe('Arquivo poliglota: PDF com executável embutido');
    expect(await upload('matricula.pdf', pdfZipPolyglot())).toMatchObject({ kind: 'pdf', errors: [], quarantineReason: UPLOAD_MESSAGES.polyglotZip });
    expect(await upload('matricula.pdf', pdfPePolyglot())).toMatchObject({ kind: 'pdf', errors: [], quarantineReason: UPLOAD_MESSAGES.polyglotExecutable });
    const both = await upload('matricula.pdf', Buffer.concat([pdfZipPolyglot(), minimalPe()]));
    expect(both.quarantineReason).toBe(`${UPLOAD_MESSAGES.polyglotZip}; ${UPLOAD_MESSAGES.polyglotExecutable}`);
    expect(await upload('matricula.pdf', deedPdf())).toMatchObject({ kind: 'pdf', errors: [], quarantineReason: null });
  });
});
