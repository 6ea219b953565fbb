import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadResponse, type UploadResponse } from '@viabiliza/contracts/documents';

import { viewerQueryKey } from '@/features/viewer/api/get-viewer';
import { apiUpload } from '@/lib/api-client';

/** POST /api/documents with the property: photos are attached to the analysed property (owner only). */
export function uploadPhotos({ propertyId, files }: { propertyId: string; files: readonly File[] }): Promise<UploadResponse> {
  const form = new FormData();
  form.append('propertyId', propertyId);
  for (const file of files) form.append('files', file, file.name);
  return apiUpload('/api/documents', form, { schema: uploadResponse });
}

export function useUploadPhotos(analysisId: string, propertyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: readonly File[]) => uploadPhotos({ propertyId, files }),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: viewerQueryKey(analysisId) }),
  });
}
