import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CP1252_EXPECTED, writeCorpus, type Corpus } from '../test/corpus.ts';
import { extractDocument, FILE_TIMEOUT_MESSAGE } from './extract.ts';
import type { OcrLike } from './ocr.ts';
import { ExtractionError, type FileKind } from './types.ts';

let corpus: Corpus;
beforeAll(() => {
  corpus = writeCorpus();
});
afterAll(() => corpus.cleanup());

/** An OCR engine stuck forever, as a library hung inside a page would be. */
const stuckOcr: OcrLike = { recognize: () => new Promise(() => undefined), terminate: async () => undefined };

describe('extractDocument', () => {
  it('decodes a Windows-1252 text file', async () => {
    const result = await extractDocument({ path: corpus.files.cp1252Txt, kind: 'txt', fileName: 'laudo.txt' });
    expect(result).toEqual({ pages: [{ number: 1, text: CP1252_EXPECTED, method: 'text', confidence: null }], warnings: [] });
  });

  it('decodes a UTF-8 text file with a BOM', async () => {
    const result = await extractDocument({ path: corpus.files.utf8Txt, kind: 'txt', fileName: 'nota.txt' });
    expect(result.pages[0]!.text).toBe('Matrícula nº 1.234 — área de 300 m², São Paulo.');
  });

  it("gives the spec's messages for small and empty text files", async () => {
    await expect(extractDocument({ path: corpus.files.tinyTxt, kind: 'txt', fileName: 'curto.txt' })).rejects.toThrow(
      'Erro ao processar arquivo de texto: Arquivo de texto muito pequeno ou vazio',
    );
    await expect(extractDocument({ path: corpus.files.emptyFile, kind: 'txt', fileName: 'vazio.txt' })).rejects.toThrow(
      'Erro ao processar arquivo de texto: Arquivo não pode estar vazio',
    );
  });

  it('names the file of an unsupported type', async () => {
    await expect(extractDocument({ path: corpus.files.tinyTxt, kind: 'exe' as FileKind, fileName: 'programa.exe' })).rejects.toThrow(
      'Tipo de arquivo não suportado: programa.exe',
    );
  });

  it('stops a file that runs over its budget with a retryable timeout', async () => {
    const started = Date.now();
    const error = await extractDocument(
      { path: corpus.files.photoJpeg, kind: 'jpeg', fileName: 'foto.jpg' },
      { ocr: stuckOcr, timeouts: { fileMs: 500, ocrPageMs: 300 } },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ExtractionError);
    expect((error as ExtractionError).message).toBe(FILE_TIMEOUT_MESSAGE);
    expect((error as ExtractionError).retryable).toBe(true);
    // The budget was 500 ms plus 300 ms for the one OCR page.
    expect(Date.now() - started).toBeGreaterThanOrEqual(790);
  });

  it('rejects with the abort reason as soon as the caller aborts', async () => {
    const controller = new AbortController();
    const run = extractDocument({ path: corpus.files.photoJpeg, kind: 'jpeg', fileName: 'foto.jpg' }, { ocr: stuckOcr, signal: controller.signal });
    setTimeout(() => controller.abort(new Error('Removido pelo usuário')), 50);
    await expect(run).rejects.toThrow('Removido pelo usuário');
  });

  it('is not disturbed by a progress listener that throws', async () => {
    const result = await extractDocument(
      { path: corpus.files.docx, kind: 'docx', fileName: 'escritura.docx' },
      {
        onProgress: () => {
          throw new Error('listener quebrado');
        },
      },
    );
    expect(result.pages).toHaveLength(1);
  });
});
