import { ANALYSIS_MESSAGES } from '@viabiliza/contracts/analysis';
import { describe, expect, it } from 'vitest';

import { checkRunPreconditions, readingGate } from './preconditions';

const doc = { id: '00000000-0000-4000-8000-000000000001', fileName: 'matricula.pdf' };
const rich = {
  address: 'Avenida Paulista, 1000',
  city: 'São Paulo',
  state: 'SP',
  propertyType: 'apartamento' as const,
  usableArea: '80',
  targetValue: '800.000',
};

describe('checkRunPreconditions (spec 01 §5)', () => {
  it('asks for data when there is neither questionnaire nor document', () => {
    expect(checkRunPreconditions({ signedIn: true, questionnaire: {}, documents: [] })).toEqual({
      ok: false,
      message: ANALYSIS_MESSAGES.noData,
    });
    // Blank strings and empty lists are not data.
    expect(checkRunPreconditions({ signedIn: true, questionnaire: { city: '  ', purpose: [] }, documents: [] })).toMatchObject({
      message: ANALYSIS_MESSAGES.noData,
    });
  });

  it('asks to sign in after the data check', () => {
    expect(checkRunPreconditions({ signedIn: false, questionnaire: rich, documents: [] })).toEqual({
      ok: false,
      message: ANALYSIS_MESSAGES.loginRequired,
    });
  });

  it('shows schema failures as "Dados inválidos: …"', () => {
    expect(checkRunPreconditions({ signedIn: true, questionnaire: { ...rich, zipCode: '0131' }, documents: [] })).toEqual({
      ok: false,
      message: 'Dados inválidos: CEP deve ter o formato 00000-000',
    });
  });

  it('needs 50 characters of content without documents', () => {
    expect(checkRunPreconditions({ signedIn: true, questionnaire: { city: 'São Paulo' }, documents: [] })).toEqual({
      ok: false,
      message: ANALYSIS_MESSAGES.insufficientContent,
    });
    const check = checkRunPreconditions({ signedIn: true, questionnaire: rich, documents: [] });
    expect(check.ok).toBe(true);
  });

  it('leaves the text of documents to the server', () => {
    expect(checkRunPreconditions({ signedIn: true, questionnaire: {}, documents: [doc] }).ok).toBe(true);
    expect(checkRunPreconditions({ signedIn: true, questionnaire: { city: 'Rio' }, documents: [doc] }).ok).toBe(true);
  });

  it('hands over the parsed questionnaire (CEP stored as digits)', () => {
    const check = checkRunPreconditions({ signedIn: true, questionnaire: { ...rich, zipCode: '01310-100' }, documents: [] });
    expect(check.ok && check.questionnaire.zipCode).toBe('01310100');
  });
});

describe('readingGate (issue 18: documents being read hold the start)', () => {
  it('says how many documents are being read, singular and plural', () => {
    expect(readingGate({ readingCount: 2, demoMode: false, running: false })).toBe('Aguarde: 2 documentos em leitura');
    expect(readingGate({ readingCount: 1, demoMode: false, running: false })).toBe('Aguarde: 1 documento em leitura');
  });

  it('holds nothing when every document is read, in demo mode, or while a run is under way', () => {
    expect(readingGate({ readingCount: 0, demoMode: false, running: false })).toBeNull();
    expect(readingGate({ readingCount: 3, demoMode: true, running: false })).toBeNull();
    expect(readingGate({ readingCount: 3, demoMode: false, running: true })).toBeNull();
  });
});
