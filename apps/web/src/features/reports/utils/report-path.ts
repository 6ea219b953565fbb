import {
  DEFAULT_REPORT_OPTIONS,
  reportFileName,
  reportQueryString,
  textExportFileName,
  type ReportDisposition,
  type ReportFormat,
  type ReportOptions,
} from '@viabiliza/contracts/reports';

/** GET /api/analyses/:id/report.{html,pdf} with the options as a query string (defaults left out). */
export function reportPath(analysisId: string, format: ReportFormat, options: ReportOptions, disposition: ReportDisposition = 'attachment'): string {
  const query = reportQueryString(options, disposition);
  return `/api/analyses/${encodeURIComponent(analysisId)}/report.${format}${query ? `?${query}` : ''}`;
}

export function textExportPath(analysisId: string): string {
  return `/api/analyses/${encodeURIComponent(analysisId)}/export.txt`;
}

/** The name to save under when the answer carries none (the server's name is the same rule). */
export function fallbackFileName(kind: ReportFormat | 'txt', title: string, options: ReportOptions = DEFAULT_REPORT_OPTIONS, now = new Date()): string {
  return kind === 'txt' ? textExportFileName(title, now) : reportFileName(options.template, title, now, kind);
}
