import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOC_PARAGRAPHS, writeCorpus, type Corpus } from '../test/corpus.ts';
import { extractDocument } from './extract.ts';

let corpus: Corpus;
beforeAll(() => {
  corpus = writeCorpus();
});
afterAll(() => corpus.cleanup());

describe('DOC (Word 97) extraction', () => {
  it('reads the body of a binary Word document with its accents', async () => {
    const result = await extractDocument({ path: corpus.files.doc, kind: 'doc', fileName: 'compromisso.doc' });
    expect(result.pages).toHaveLength(1);
    expect(result.pages[0]!.text).toBe(DOC_PARAGRAPHS.join('\n').replace('64,10 m2', '64,10 m²'));
  });

  it('says a broken DOC is corrupt, in Portuguese', async () => {
    await expect(extractDocument({ path: corpus.files.textPdf, kind: 'doc', fileName: 'falso.doc' })).rejects.toThrow(
      'Erro ao processar DOC: Arquivo DOC corrompido ou inválido',
    );
  });
});
