import { useMutation } from '@tanstack/react-query';
import { REPORT_MESSAGES } from '@viabiliza/contracts/reports';

import type { ReportRequest } from '@/features/reports/api/get-report-html';
import { fetchReportFile, popupBlocked, saveFile, showInTab, type ReportFile } from '@/features/reports/utils/report-file';
import { fallbackFileName, reportPath } from '@/features/reports/utils/report-path';
import { toast } from '@/lib/toast';

/** GET /api/analyses/:id/report.pdf: the A4 PDF with the tables, the cash-flow chart and the sources. */
export function getReportPdf(request: ReportRequest, { signal }: { signal?: AbortSignal } = {}): Promise<ReportFile> {
  return fetchReportFile(reportPath(request.analysisId, 'pdf', request.options), { signal });
}

/** 'Baixar PDF'. */
export function useDownloadReportPdf() {
  return useMutation({
    mutationFn: async (request: ReportRequest) => {
      const file = await getReportPdf(request);
      saveFile(file.blob, file.fileName ?? fallbackFileName('pdf', request.title, request.options));
    },
    onSuccess: () => toast.success(REPORT_MESSAGES.downloaded),
    meta: { errorTitle: REPORT_MESSAGES.generateError },
  });
}

/** 'Abrir PDF': the PDF in the browser's viewer, in the tab opened by the click. */
export function useOpenReportPdf() {
  return useMutation({
    mutationFn: async ({ tab, ...request }: ReportRequest & { tab: Window | null }) => {
      if (!tab) throw popupBlocked();
      try {
        const file = await getReportPdf(request);
        showInTab(tab, file.blob);
      } catch (error) {
        tab.close();
        throw error;
      }
    },
    retry: false,
    onSuccess: () => toast.success(REPORT_MESSAGES.pdfOpened),
    meta: { errorTitle: REPORT_MESSAGES.viewError },
  });
}
