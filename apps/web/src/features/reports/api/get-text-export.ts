import { useMutation } from '@tanstack/react-query';
import { REPORT_MESSAGES } from '@viabiliza/contracts/reports';

import { fetchReportFile, saveFile, type ReportFile } from '@/features/reports/utils/report-file';
import { fallbackFileName, textExportPath } from '@/features/reports/utils/report-path';
import { toast } from '@/lib/toast';

/** GET /api/analyses/:id/export.txt: the report's Markdown as written by the analysis. */
export function getTextExport(analysisId: string, { signal }: { signal?: AbortSignal } = {}): Promise<ReportFile> {
  return fetchReportFile(textExportPath(analysisId), { signal });
}

/** 'Exportar texto': saved as 'analise-{title}-{date}.txt'. */
export function useExportReportText() {
  return useMutation({
    mutationFn: async ({ analysisId, title }: { analysisId: string; title: string }) => {
      const file = await getTextExport(analysisId);
      saveFile(file.blob, file.fileName ?? fallbackFileName('txt', title));
    },
    onSuccess: () => toast.success(REPORT_MESSAGES.downloaded),
    meta: { errorTitle: REPORT_MESSAGES.generateError },
  });
}
