import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  referenceDataList,
  referenceImportPreview,
  referenceImportResult,
  sgsStatus,
  type ReferenceDataList,
  type ReferenceImportInput,
  type ReferenceImportPreview,
  type ReferenceImportResult,
} from '@viabiliza/contracts/reference-data';

import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export const REFERENCE_DATA_QUERY_KEY = ['admin', 'reference-data'] as const;

export function getReferenceData({ signal }: { signal?: AbortSignal } = {}): Promise<ReferenceDataList> {
  return api.get('/api/admin/reference-data', { signal, schema: referenceDataList });
}

export function useReferenceData() {
  return useQuery(queryOptions({ queryKey: REFERENCE_DATA_QUERY_KEY, queryFn: ({ signal }) => getReferenceData({ signal }) }));
}

export function useRefreshSgs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/api/admin/reference-data/refresh', undefined, { schema: sgsStatus }),
    retry: false,
    meta: { errorTitle: 'Erro', errorDescription: 'Falha ao atualizar os índices' },
    onSuccess: (status) => {
      if (status.lastStatus === 'ok') toast.success('Índices atualizados');
      else toast.info(status.message ?? 'Atualização concluída');
      void queryClient.invalidateQueries({ queryKey: REFERENCE_DATA_QUERY_KEY });
    },
  });
}

export function usePreviewImport() {
  return useMutation({
    mutationFn: (input: ReferenceImportInput): Promise<ReferenceImportPreview> =>
      api.post('/api/admin/reference-data/import/preview', input, { schema: referenceImportPreview }),
    retry: false,
    meta: { errorTitle: 'Erro', errorDescription: 'Falha ao ler o arquivo' },
  });
}

export function useCommitImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReferenceImportInput): Promise<ReferenceImportResult> =>
      api.post('/api/admin/reference-data/import', input, { schema: referenceImportResult }),
    retry: false,
    meta: { errorTitle: 'Erro', errorDescription: 'Falha ao importar' },
    onSuccess: (r) => {
      if (r.rowsAdded > 0) toast.success(`${r.rowsAdded} valor(es) importado(s)`);
      else toast.info('Nenhum valor novo: essas linhas já estavam importadas');
      void queryClient.invalidateQueries({ queryKey: REFERENCE_DATA_QUERY_KEY });
    },
  });
}
