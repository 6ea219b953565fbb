import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractionPool, OUT_OF_MEMORY_REASON } from './pool.ts';
import { ExtractionError } from './types.ts';
import { decompressionBombPdf } from '../test/hostile-pdfs.ts';
import { deedPdf } from '../test/corpus.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'viabiliza-pool-limits-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the pool under hostile files', () => {
  it('turns a thread killed at its heap limit into a Portuguese, retryable error, and keeps working', { timeout: 60_000 }, async () => {
    const pool = createExtractionPool({
      threads: 1,
      workerFile: fileURLToPath(new URL('../test/memory-hog-worker.ts', import.meta.url)),
      resourceLimits: { maxOldGenerationSizeMb: 96 },
    });
    try {
      const path = join(dir, 'notas.txt');
      writeFileSync(path, 'texto');
      for (let i = 0; i < 2; i++) {
        const error = await pool.run({ path, kind: 'txt', fileName: 'notas.txt' }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ExtractionError);
        expect(error).toMatchObject({ message: `Erro ao processar arquivo de texto: ${OUT_OF_MEMORY_REASON}`, retryable: true });
      }
    } finally {
      await pool.destroy();
    }
  });

  it('ends a decompression bomb with the Portuguese reason before pdf.js opens it, and reads the next file', { timeout: 60_000 }, async () => {
    const pool = createExtractionPool({ threads: 2 });
    try {
      const bomb = join(dir, 'bomba.pdf');
      writeFileSync(bomb, decompressionBombPdf());
      const deed = join(dir, 'escritura.pdf');
      writeFileSync(deed, deedPdf());
      // About 1 MB: the pool counts its pages first (split planning), which must not open it either.
      const [failed, read] = await Promise.all([
        pool.run({ path: bomb, kind: 'pdf', fileName: 'bomba.pdf' }).catch((e: unknown) => e),
        pool.run({ path: deed, kind: 'pdf', fileName: 'escritura.pdf' }),
      ]);
      expect(failed).toMatchObject({
        message: 'Erro ao processar PDF: PDF com conteúdo compactado grande demais (possível bomba de descompressão)',
        retryable: false,
      });
      expect(read.pages.length).toBeGreaterThan(0);
    } finally {
      await pool.destroy();
    }
  });
});
