import { describe, expect, it } from 'vitest';
import { parseBrNumber, questionnaireContent, questionnaireProgress, questionnaireSchema } from './questionnaire.ts';

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

  it('counts progress as filled fields over 25, capped at 100', () => {
    expect(questionnaireProgress({})).toBe(0);
    expect(questionnaireProgress({ city: 'Recife', purpose: [], address: ' ' })).toBe(4);
    expect(questionnaireProgress({ city: 'a', state: 'b', address: 'c', neighborhood: 'd', acceptsFinancing: false })).toBe(20);
  });

  it('builds the labelled content whose length the run preconditions count', () => {
    expect(questionnaireContent({ city: 'Rio', purpose: ['residencial', 'comercial'], acceptsFinancing: false, address: '' })).toBe(
      'Cidade: Rio\nFinalidade: residencial, comercial\nAceita financiamento: Não',
    );
  });
});
