import { describe, expect, it } from 'vitest';
import { DEFAULT_REPORT_OPTIONS } from '@viabiliza/contracts/reports';

import { fallbackFileName, reportPath, textExportPath } from './report-path';

const ID = '0123abcd-0000-4000-8000-000000000000';

describe('report paths', () => {
  it('leaves the defaults out of the query string', () => {
    expect(reportPath(ID, 'html', DEFAULT_REPORT_OPTIONS)).toBe(`/api/analyses/${ID}/report.html`);
    expect(textExportPath(ID)).toBe(`/api/analyses/${ID}/export.txt`);
  });

  it('carries the template, the switches, the brand and the inline disposition', () => {
    const options = {
      ...DEFAULT_REPORT_OPTIONS,
      template: 'executive' as const,
      includeMetadata: false,
      companyName: 'Minha Empresa',
      customColors: { ...DEFAULT_REPORT_OPTIONS.customColors, primary: '#112233' },
    };
    expect(reportPath(ID, 'pdf', options, 'inline')).toBe(
      `/api/analyses/${ID}/report.pdf?template=executive&includeMetadata=false&companyName=Minha+Empresa&primaryColor=%23112233&disposition=inline`,
    );
  });

  it('names files like the server does', () => {
    const day = new Date('2026-01-10T15:00:00Z');
    expect(fallbackFileName('html', 'Casa São João', DEFAULT_REPORT_OPTIONS, day)).toBe('relatorio-complete-casa-sao-joao-2026-01-10.html');
    expect(fallbackFileName('pdf', 'Casa', { ...DEFAULT_REPORT_OPTIONS, template: 'technical' }, day)).toBe('relatorio-technical-casa-2026-01-10.pdf');
    expect(fallbackFileName('txt', 'Casa', DEFAULT_REPORT_OPTIONS, day)).toBe('analise-casa-2026-01-10.txt');
  });
});
