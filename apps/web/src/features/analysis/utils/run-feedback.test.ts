import { ANALYSIS_MESSAGES, type RunSummary } from '@viabiliza/contracts/analysis';
import { describe, expect, it } from 'vitest';

import { failureToasts, newerRun } from './run-feedback';

describe('failureToasts (spec 01 §8)', () => {
  it('shows the message, or "Erro desconhecido"', () => {
    expect(failureToasts('Documento não encontrado')).toEqual([{ message: 'Erro na análise: Documento não encontrado', duration: 8000 }]);
    expect(failureToasts(null)[0]!.message).toBe('Erro na análise: Erro desconhecido');
    expect(failureToasts('  ')[0]!.message).toBe('Erro na análise: Erro desconhecido');
  });
  it('adds the rate-limit toast for 10 s', () => {
    expect(failureToasts('Rate limit exceeded. Please try again later.')[1]).toEqual({
      message: ANALYSIS_MESSAGES.rateLimited,
      duration: 10_000,
    });
    expect(failureToasts('HTTP 429: Too Many Requests')).toHaveLength(2);
    expect(failureToasts('Muitas tentativas', { rateLimited: true })[1]!.message).toBe(ANALYSIS_MESSAGES.rateLimited);
  });
  it('adds the timeout toast for 8 s', () => {
    expect(failureToasts('Provider timeout')[1]).toEqual({ message: ANALYSIS_MESSAGES.timeout, duration: 8000 });
  });
});

const run = (status: RunSummary['status'], updatedAt: string): RunSummary => ({
  id: '00000000-0000-4000-8000-000000000001',
  status,
  stepLabel: status,
  analysisType: 'complete',
  cached: false,
  analysisId: null,
  propertyId: null,
  error: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt,
});

describe('newerRun', () => {
  it('keeps the later snapshot', () => {
    const a = run('preparing', '2025-01-01T00:00:01.000Z');
    const b = run('saving', '2025-01-01T00:00:02.000Z');
    expect(newerRun(a, b)).toBe(b);
    expect(newerRun(b, a)).toBe(b);
    expect(newerRun(undefined, a)).toBe(a);
  });
  it('never goes back from a final state (an event may beat the POST answer)', () => {
    const done = run('completed', '2025-01-01T00:00:01.000Z');
    const queued = run('queued', '2025-01-01T00:00:05.000Z');
    expect(newerRun(done, queued)).toBe(done);
  });
});
