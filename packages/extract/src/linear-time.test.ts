import { describe, expect, it } from 'vitest';
import { classifyDocument } from './classify.ts';
import { buildDossier } from './dossier/index.ts';
import { extractKeyFields, fold } from './key-fields.ts';
import { normalizeText } from './normalize.ts';
import { readTextFacts } from './text-facts.ts';

/**
 * Every reader of user text runs in time linear in its length. A text of 200 000 letters took 104 s
 * through one backtracking expression; the strings below are the shapes that made one or another
 * expression quadratic (long runs of one class, a token repeated without the suffix it waits for).
 * At this size a quadratic reader takes minutes and fails on the test's time limit; a linear one
 * takes well under a second each. The time is not asserted here (shared machines are noisy).
 */
const SIZE = 200_000;
const SHAPES = [
  'a', 'A', 'AaB', ' ', '\n', ' \n', '\n \n', '1', '1 ', '111 ', '1.', 'R$ 1', 'R$1 aluguel ', 'a/', 'Ab ', 'Ab-',
  'de ', 'matricula ', 'matricula n ', 'Matrícula nº ', 'livro ', 'n ', 'º ', 'x\t', '-', '/SP ', 'Rio de ', 'R.', 'R-1 ',
  'AV.', 'av 1 ', '(', '((a', 'JOSÉ ', 'JOSÉ\n', 'cep ', '12345-', 'rua ', 'Rua das Flores ', '1º de ', 'aos 1 de ',
  'TRANSMITENTE ', 'vara ', '1ª Vara ', '.\n', ':', ',', 'S.A', 'declarado ', 'm² ', 'SÃO PAULO - ',
];
const attack = (unit: string) => unit.repeat(Math.ceil(SIZE / unit.length)).slice(0, SIZE) + '!';

describe('readers of user text are linear on hostile input', () => {
  it('the pasted-text reader (facts, dossier)', () => {
    for (const unit of SHAPES) expect(readTextFacts(attack(unit), { asOf: '2026-11-28' }).document).toBeTruthy();
  }, 120_000);

  it('the documents reader (normalisation, classification, key fields, dossier)', () => {
    for (const unit of SHAPES) {
      const text = normalizeText(attack(unit));
      classifyDocument(fold(text), 'matricula.pdf');
      const keys = extractKeyFields({ fileName: 'matricula.pdf', pages: [{ number: 1, text, confidence: null }] });
      const dossier = buildDossier(
        [{ id: 'd1', fileName: 'matricula.pdf', documentType: 'matricula', keyFields: [], pages: [{ number: 1, text }] }] as never,
        { asOf: '2026-11-28', itbiRate: () => null },
      );
      expect(keys).toBeTruthy();
      expect(dossier).toBeTruthy();
    }
  }, 240_000);
});
