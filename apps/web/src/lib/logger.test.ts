import { beforeEach, describe, expect, it } from 'vitest';

import { ApiError } from './api-client';
import { LOG_CAPS, clearLogs, errorReport, errorReportFileName, getAppLog, getErrorLog, log, logError } from './logger';

describe('browser logs (spec 02 §3, §9)', () => {
  beforeEach(() => clearLogs());

  it('caps the error log at 100 and the app log at 1000, keeping the newest', () => {
    for (let i = 0; i < 120; i++) logError(`erro ${i}`);
    for (let i = 0; i < 1010; i++) log('info', 'teste', `linha ${i}`);
    expect(getErrorLog()).toHaveLength(LOG_CAPS.errors);
    expect(getErrorLog()[0]!.message).toBe('erro 20');
    expect(getAppLog()).toHaveLength(LOG_CAPS.app);
    expect(getAppLog().at(-1)!.message).toBe('linha 1009');
  });

  it('keeps the server request id of an API error, for the admins’ log search', () => {
    const error = new ApiError(500, 'INTERNAL', 'Erro interno do servidor. Nossa equipe foi notificada.');
    error.path = '/api/analyses';
    error.requestId = 'req-123';
    const entry = logError(error.message, { error });
    expect(entry.context).toEqual({ status: 500, code: 'INTERNAL', path: '/api/analyses', requestId: 'req-123' });
    expect(errorReport().errors.map((e) => e.id)).toEqual([entry.id]);
  });

  it('names the export error-report-{date}.json', () => {
    expect(errorReportFileName(new Date(2026, 10, 4, 9, 0))).toBe('error-report-2026-11-04.json');
  });
});
