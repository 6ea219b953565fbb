import { useMutation } from '@tanstack/react-query';
import { analysisDetail } from '@viabiliza/contracts/analysis';
import { textExportFileName } from '@viabiliza/contracts/reports';
import { z } from 'zod';

import { api } from '@/lib/api-client';
import { downloadTextFile } from '@/lib/download';
import { toast } from '@/lib/toast';

const analysisResponse = z.object({ analysis: analysisDetail.pick({ resultContent: true }) });

export interface ExportAnalysisInput {
  id: string;
  title: string;
  createdAt: string;
}

/**
 * 'Exportar' of a history row: the list carries only a preview, so the report's text is read from
 * GET /api/analyses/:id and saved as 'analise-{title}-{date}.txt'.
 */
export async function exportAnalysisText(input: ExportAnalysisInput): Promise<string> {
  const { analysis } = await api.get(`/api/analyses/${encodeURIComponent(input.id)}`, { schema: analysisResponse });
  const fileName = textExportFileName(input.title, input.createdAt);
  downloadTextFile(fileName, analysis.resultContent);
  return fileName;
}

export function useExportAnalysisText() {
  return useMutation({
    mutationFn: exportAnalysisText,
    onSuccess: () => toast.success('Download iniciado'),
    meta: { errorTitle: 'Erro ao exportar análise' },
  });
}
