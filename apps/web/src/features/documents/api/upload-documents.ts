import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadResponse, type UploadResponse } from '@viabiliza/contracts/documents';

import { DOCUMENT_LIST_QUERY_KEY, rememberDocuments } from '@/features/documents/api/get-documents';
import { addUploaded, type DocumentList } from '@/features/documents/utils/document-list';
import { apiUpload } from '@/lib/api-client';

export interface UploadDocumentsInput {
  files: readonly File[];
  propertyId?: string;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
}

/** POST /api/documents: one multipart part `files` per file; the server extracts each in a job. */
export function uploadDocuments({ files, propertyId, onProgress, signal }: UploadDocumentsInput): Promise<UploadResponse> {
  const form = new FormData();
  // Fields before files: a streaming parser sees the property before the first byte of a file.
  if (propertyId) form.append('propertyId', propertyId);
  for (const file of files) form.append('files', file, file.name);
  return apiUpload('/api/documents', form, { schema: uploadResponse, onProgress, signal });
}

export function useUploadDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDocuments,
    // Not repeated by itself: a retry would send every byte again and could store the batch twice.
    retry: false,
    onSuccess: (response) => {
      rememberDocuments(response.documents);
      queryClient.setQueryData<DocumentList>(DOCUMENT_LIST_QUERY_KEY, (list) =>
        addUploaded(list ?? { documents: [] }, response.documents),
      );
    },
  });
}
