import { useMutation } from '@tanstack/react-query';
import { backupDownloadLink, type BackupDownloadLink } from '@viabiliza/contracts/backup';

import { api } from '@/lib/api-client';

/** The admin's password again, for a link valid for one minute (the browser then downloads it). */
export function createDownloadLink({ id, password }: { id: string; password: string }): Promise<BackupDownloadLink> {
  return api.post(`/api/admin/backups/${encodeURIComponent(id)}/download-link`, { password }, { schema: backupDownloadLink });
}

/** Starts the browser's own download (streamed, with its progress) of a link from the server. */
export function startDownload(url: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = '';
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

export function useCreateDownloadLink() {
  return useMutation({
    mutationFn: createDownloadLink,
    // A wrong password is shown inside the dialog, not as a toast.
    retry: false,
    meta: { errorToast: false },
  });
}
