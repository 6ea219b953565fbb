import { describe, expect, it } from 'vitest';
import {
  QUESTIONNAIRE_COUNTED_FIELDS,
  QUESTIONNAIRE_FIELD_LABELS,
  QUESTIONNAIRE_PROGRESS_TOTAL,
  filledFieldCount,
  hasQuestionnaireData,
  parseBrNumber,
  questionnaireContent,
  questionnaireProgress,
  questionnaireSchema,
  type QuestionnaireInput,
} from './questionnaire.ts';

describe('questionnaire rules (spec 01 §5, §9)', () => {
  it('reads numbers typed the Brazilian way and refuses the rest', () => {
    expect(parseBrNumber('1.234,56')).toBe(1234.56);
    expect(parseBrNumber('800.000')).toBe(800000);
    expect(parseBrNumber('R$ 450.000,00')).toBe(450000);
    expect(parseBrNumber('85,5')).toBe(85.5);
    expect(parseBrNumber('1234.5')).toBe(1234.5);
    expect(parseBrNumber('')).toBeNull();
    expect(parseBrNumber('quatrocentos')).toBeNull();
  });

  it('accepts a CEP with or without hyphen, stores digits only, and explains a bad one', () => {
    expect(questionnaireSchema.parse({ zipCode: '01310-100' }).zipCode).toBe('01310100');
    expect(questionnaireSchema.parse({ zipCode: '' }).zipCode).toBe('');
    const bad = questionnaireSchema.safeParse({ zipCode: '0131-100' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('CEP deve ter o formato 00000-000');
  });

  it('counts the form\'s real fields: every field with an input, licenses, comparables and premissas aside', () => {
    expect(QUESTIONNAIRE_PROGRESS_TOTAL).toBe(QUESTIONNAIRE_COUNTED_FIELDS.length);
    expect(new Set(QUESTIONNAIRE_COUNTED_FIELDS).size).toBe(QUESTIONNAIRE_PROGRESS_TOTAL);
    const uncounted = Object.keys(QUESTIONNAIRE_FIELD_LABELS).filter((f) => !(QUESTIONNAIRE_COUNTED_FIELDS as string[]).includes(f));
    expect(uncounted).toEqual(['licenses']);
  });

  it('counts progress as filled fields over the total', () => {
    expect(questionnaireProgress({})).toBe(0);
    expect(filledFieldCount({ city: 'Recife', purpose: [], address: ' ' })).toBe(1);
    expect(questionnaireProgress({ city: 'Recife', purpose: [], address: ' ' })).toBe(Math.round(100 / QUESTIONNAIRE_PROGRESS_TOTAL));
    const five = { city: 'a', state: 'b', address: 'c', neighborhood: 'd', acceptsFinancing: false };
    expect(filledFieldCount(five)).toBe(5);
    expect(questionnaireProgress(five)).toBe(Math.round((5 / QUESTIONNAIRE_PROGRESS_TOTAL) * 100));
  });

  it('never counts more than the total, and reaches 100 % only when every counted field is filled', () => {
    const full: Record<string, unknown> = Object.fromEntries(QUESTIONNAIRE_COUNTED_FIELDS.map((f) => [f, f === 'acceptsFinancing' ? true : ['x']]));
    // What made '26 de 25': fields without an input and the blocks of their own are not counted.
    const overfull = { ...full, licenses: ['alvará'], comparables: [], development: { units: '4' } } as QuestionnaireInput;
    expect(filledFieldCount(overfull)).toBe(QUESTIONNAIRE_PROGRESS_TOTAL);
    expect(questionnaireProgress(overfull)).toBe(100);
    for (const field of QUESTIONNAIRE_COUNTED_FIELDS) {
      const missingOne = { ...full, [field]: undefined } as QuestionnaireInput;
      expect(filledFieldCount(missingOne)).toBe(QUESTIONNAIRE_PROGRESS_TOTAL - 1);
      expect(questionnaireProgress(missingOne)).toBeLessThan(100);
    }
  });

  it('still sees data in a field the progress does not count (an API client may send licenses)', () => {
    expect(hasQuestionnaireData({ licenses: ['alvará'] })).toBe(true);
    expect(hasQuestionnaireData({ comparables: [] })).toBe(false);
  });

  it('builds the labelled content whose length the run preconditions count', () => {
    expect(questionnaireContent({ city: 'Rio', purpose: ['residencial', 'comercial'], acceptsFinancing: false, address: '' })).toBe(
      'Cidade: Rio\nFinalidade: residencial, comercial\nAceita financiamento: Não',
    );
  });
});
