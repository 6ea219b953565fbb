import { useMutation } from '@tanstack/react-query';
import { REPORT_MESSAGES, type ReportOptions } from '@viabiliza/contracts/reports';

import { fetchReportFile, popupBlocked, printHtml, saveFile, showInTab, type ReportFile } from '@/features/reports/utils/report-file';
import { fallbackFileName, reportPath } from '@/features/reports/utils/report-path';
import { toast } from '@/lib/toast';

export interface ReportRequest {
  analysisId: string;
  /** The property's title: names the file when the answer does not. */
  title: string;
  options: ReportOptions;
}

/** GET /api/analyses/:id/report.html: the self-contained HTML report (no scripts, inline CSS and SVG). */
export function getReportHtml(request: ReportRequest, { signal }: { signal?: AbortSignal } = {}): Promise<ReportFile> {
  return fetchReportFile(reportPath(request.analysisId, 'html', request.options), { signal });
}

/** 'Baixar Relatório HTML'. */
export function useDownloadReportHtml() {
  return useMutation({
    mutationFn: async (request: ReportRequest) => {
      const file = await getReportHtml(request);
      saveFile(file.blob, file.fileName ?? fallbackFileName('html', request.title, request.options));
    },
    onSuccess: () => toast.success(REPORT_MESSAGES.htmlDownloaded),
    meta: { errorTitle: REPORT_MESSAGES.htmlError },
  });
}

/** 'Visualizar Relatório': the HTML in the tab opened by the click (closed again on failure). */
export function useViewReportHtml() {
  return useMutation({
    mutationFn: async ({ tab, ...request }: ReportRequest & { tab: Window | null }) => {
      if (!tab) throw popupBlocked();
      try {
        const file = await getReportHtml(request);
        showInTab(tab, file.blob);
      } catch (error) {
        tab.close();
        throw error;
      }
    },
    retry: false,
    onSuccess: () => toast.success(REPORT_MESSAGES.viewOpened),
    meta: { errorTitle: REPORT_MESSAGES.viewError },
  });
}

/** 'Imprimir': the HTML report, with its print styles, sent to the browser's print dialog. */
export function usePrintReport() {
  return useMutation({
    mutationFn: async (request: ReportRequest) => {
      const file = await getReportHtml(request);
      await printHtml(await file.blob.text());
    },
    onSuccess: () => toast.success(REPORT_MESSAGES.printed),
    meta: { errorTitle: REPORT_MESSAGES.generateError },
  });
}
