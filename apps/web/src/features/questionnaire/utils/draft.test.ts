import {
  CEP_MESSAGE,
  NUMBER_MESSAGE,
  QUESTIONNAIRE_PROGRESS_TOTAL,
  QUESTIONNAIRE_SECTIONS,
  questionnaireProgress,
} from '@viabiliza/contracts/questionnaire';
import { describe, expect, it } from 'vitest';

import { maskCep } from './cep';
import { FIELD_KINDS } from './fields';
import { parseDraft, questionnaireFieldErrors, questionnaireStorageKey, sectionFilledCount, serializeDraft } from './draft';

describe('maskCep', () => {
  it('inserts the hyphen after five digits while typing', () => {
    expect(maskCep('0')).toBe('0');
    expect(maskCep('01310')).toBe('01310');
    expect(maskCep('013101')).toBe('01310-1');
    expect(maskCep('01310100')).toBe('01310-100');
  });
  it('drops anything but digits and stops at eight', () => {
    expect(maskCep('01.310-100 ')).toBe('01310-100');
    expect(maskCep('0131010099')).toBe('01310-100');
    expect(maskCep('abc')).toBe('');
  });
});

describe('autosave serialisation', () => {
  it('is keyed by user', () => {
    expect(questionnaireStorageKey('u1')).toBe('viabiliza:questionnaire:u1');
  });

  it('is kept apart for a new analysis of a property', () => {
    expect(questionnaireStorageKey('u1', 'p1')).toBe('viabiliza:questionnaire:u1:imovel:p1');
    expect(questionnaireStorageKey('u1', null)).toBe('viabiliza:questionnaire:u1');
  });

  it('keeps only filled fields, in form order', () => {
    const json = serializeDraft({ targetValue: '800.000', city: 'São Paulo', address: '  ', purpose: [], acceptsFinancing: false });
    expect(json).toBe('{"city":"São Paulo","targetValue":"800.000","acceptsFinancing":false}');
    expect(serializeDraft({ city: '', features: [] })).toBeNull();
  });

  it('reads back what it wrote', () => {
    const values = {
      city: 'São Paulo',
      state: 'SP',
      zipCode: '01310-100',
      propertyType: 'apartamento' as const,
      purpose: ['residencial' as const, 'investimento' as const],
      usableArea: '80',
      targetValue: '800.000,00',
      acceptsFinancing: true,
      additionalNotes: 'Linha 1\nLinha 2',
    };
    expect(parseDraft(serializeDraft(values))).toEqual(values);
  });

  it('drops what no longer fits the form', () => {
    const raw = JSON.stringify({
      city: 42,
      state: 'XX',
      propertyType: 'castelo',
      purpose: ['residencial', 'nave', 'residencial'],
      acceptsFinancing: 'sim',
      zipCode: '01310100',
      licenses: ['alvará'],
      unknownField: 'x',
    });
    expect(parseDraft(raw)).toEqual({ purpose: ['residencial'], zipCode: '01310-100' });
  });

  it('survives broken storage', () => {
    expect(parseDraft(null)).toEqual({});
    expect(parseDraft('{not json')).toEqual({});
    expect(parseDraft('[1,2]')).toEqual({});
    expect(parseDraft('"texto"')).toEqual({});
  });
});

describe('validation and progress', () => {
  it('reports the CEP rule and bad numbers with the shared messages', () => {
    expect(questionnaireFieldErrors({ zipCode: '0131', targetValue: 'muito', usableArea: '80' })).toEqual({
      zipCode: CEP_MESSAGE,
      targetValue: NUMBER_MESSAGE,
    });
    expect(questionnaireFieldErrors({ zipCode: '01310-100', targetValue: '450.000,00' })).toEqual({});
    expect(questionnaireFieldErrors({ zipCode: '' })).toEqual({});
  });

  it('counts filled fields out of the form\'s fields: the sections shown add up to the total', () => {
    expect(questionnaireProgress({})).toBe(0);
    expect(questionnaireProgress({ city: 'São Paulo', state: 'SP', propertyType: 'apartamento', usableArea: '80', targetValue: '800.000' })).toBe(
      Math.round((5 / QUESTIONNAIRE_PROGRESS_TOTAL) * 100),
    );
    // Every counted field has an input in a section, so '{n} de {total}' can reach the total and no further.
    const shown = QUESTIONNAIRE_SECTIONS.flatMap((s) => s.fields.filter((f) => FIELD_KINDS[f]));
    expect(shown).toHaveLength(QUESTIONNAIRE_PROGRESS_TOTAL);
    expect(sectionFilledCount({ city: 'São Paulo', address: ' ', purpose: ['comercial'] }, ['address', 'city', 'purpose', 'state'])).toBe(2);
  });
});

describe("draft: 'Estratégia, financiamento e impostos'", () => {
  it('keeps the block when it parses, drops it when stored garbage does not, and does not count it as a field', () => {
    const deal = { strategy: 'revenda' as const, wantsFinancing: true, renovationBudget: '40.000', hurdleRate: '14' };
    expect(parseDraft(serializeDraft({ city: 'Recife', deal })).deal).toEqual(deal);
    expect(parseDraft(JSON.stringify({ city: 'Recife', deal: { strategy: 'flip' } })).deal).toBeUndefined();
    expect(questionnaireProgress({ deal })).toBe(0);
  });
});
