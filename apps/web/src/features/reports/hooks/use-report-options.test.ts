import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_OPTIONS } from '@viabiliza/contracts/reports';

import { REPORT_OPTIONS_STORAGE_KEY, readStoredOptions } from './use-report-options';

const store = (value: string | null) => ({ getItem: (key: string) => (key === REPORT_OPTIONS_STORAGE_KEY ? value : null) });

describe('readStoredOptions', () => {
  it('reads options saved earlier', () => {
    const saved = { ...DEFAULT_REPORT_OPTIONS, template: 'executive', companyName: 'Minha Empresa' };
    expect(readStoredOptions(store(JSON.stringify(saved)))).toEqual(saved);
  });

  it('falls back to the defaults for nothing, bad JSON or values the schema refuses', () => {
    expect(readStoredOptions(null)).toEqual(DEFAULT_REPORT_OPTIONS);
    expect(readStoredOptions(store(null))).toEqual(DEFAULT_REPORT_OPTIONS);
    expect(readStoredOptions(store('{nao json'))).toEqual(DEFAULT_REPORT_OPTIONS);
    const bad = { ...DEFAULT_REPORT_OPTIONS, customColors: { primary: 'url(javascript:x)', secondary: '#000000', accent: '#000000' } };
    expect(readStoredOptions(store(JSON.stringify(bad)))).toEqual(DEFAULT_REPORT_OPTIONS);
  });
});
