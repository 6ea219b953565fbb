import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCX_PARAGRAPHS, writeCorpus, type Corpus } from '../test/corpus.ts';
import { extractDocument } from './extract.ts';
import { ExtractionError } from './types.ts';

let corpus: Corpus;
beforeAll(() => {
  corpus = writeCorpus();
});
afterAll(() => corpus.cleanup());

describe('DOCX extraction', () => {
  it('reads paragraphs and table cells as one page, accents intact and m² normalised', async () => {
    const result = await extractDocument({ path: corpus.files.docx, kind: 'docx', fileName: 'escritura.docx' });
    expect(result.pages).toHaveLength(1);
    const page = result.pages[0]!;
    expect(page).toMatchObject({ number: 1, method: 'text', confidence: null });
    for (const paragraph of DOCX_PARAGRAPHS) expect(page.text).toContain(paragraph);
    expect(page.text).toContain('Área construída\n\n92,40 m²\n\nPreço\n\nR$ 610.000,00');
  });

  it('refuses a DOCX with less than 10 characters', async () => {
    await expect(extractDocument({ path: corpus.files.tinyDocx, kind: 'docx', fileName: 'curto.docx' })).rejects.toThrow(
      new ExtractionError('Erro ao processar DOCX: Documento DOCX não contém texto suficiente'),
    );
  });

  it('says a broken DOCX is corrupt, in Portuguese', async () => {
    await expect(extractDocument({ path: corpus.files.textPdf, kind: 'docx', fileName: 'falso.docx' })).rejects.toThrow(
      'Erro ao processar DOCX: Arquivo DOCX corrompido ou inválido',
    );
  });
});
