import { DEFAULT_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, TIMEOUT_ERROR_MESSAGE, messageForStatus } from '@viabiliza/contracts/errors';
import { REPORT_MESSAGES, fileNameFromContentDisposition } from '@viabiliza/contracts/reports';

import { ApiError } from '@/lib/api-client';

/**
 * Reports are files, not JSON: they are fetched as blobs (so a failure still arrives as the API's
 * coded error and becomes a toast), then saved, shown in a tab or printed from here.
 */

export interface ReportFile {
  blob: Blob;
  /** From Content-Disposition; null when the answer has none. */
  fileName: string | null;
}

/** A PDF of a large analysis takes a few seconds to lay out on the server. */
const FILE_TIMEOUT_MS = 90_000;

export async function fetchReportFile(path: string, { signal }: { signal?: AbortSignal } = {}): Promise<ReportFile> {
  const timeout = AbortSignal.timeout(FILE_TIMEOUT_MS);
  const combined = signal ? AbortSignal.any([signal, timeout]) : timeout;
  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', signal: combined });
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.aborted) throw new ApiError(0, 'TIMEOUT', TIMEOUT_ERROR_MESSAGE);
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    let code = `HTTP_${response.status}`;
    let message = messageForStatus(response.status);
    try {
      const body = (await response.json()) as { error?: { code?: string; message?: string } };
      if (body.error?.code) code = body.error.code;
      if (body.error?.message && response.status !== 429) message = body.error.message;
    } catch {
      // Not the API's JSON (a proxy's page): the status says enough.
    }
    throw new ApiError(response.status, code, message || DEFAULT_ERROR_MESSAGE);
  }
  const blob = await response.blob();
  return { blob, fileName: fileNameFromContentDisposition(response.headers.get('content-disposition')) };
}

/** Saves through a temporary link; the blob URL is revoked once the browser has taken it. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * A tab opened during the click (a tab opened after an await is a blocked pop-up), shown a short
 * message until the report arrives. Null when the browser blocked it.
 */
export function openPendingTab(): Window | null {
  const tab = window.open('', '_blank');
  if (!tab) return null;
  // The report must not be able to reach back into the app.
  tab.opener = null;
  try {
    tab.document.title = 'Gerando relatório...';
    tab.document.body.style.font = '16px system-ui, sans-serif';
    tab.document.body.textContent = 'Gerando relatório...';
  } catch {
    // Some browsers do not let the opener write into the new tab; it stays blank until loaded.
  }
  return tab;
}

/** How long an opened report stays reloadable in its tab. */
const TAB_URL_LIFETIME_MS = 10 * 60_000;

export function showInTab(tab: Window, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  tab.location.href = url;
  setTimeout(() => URL.revokeObjectURL(url), TAB_URL_LIFETIME_MS);
}

export function popupBlocked(): ApiError {
  return new ApiError(0, 'POPUP_BLOCKED', REPORT_MESSAGES.popupBlocked);
}

/**
 * Prints the HTML report from a hidden frame of this page: no pop-up, and the report's own print
 * styles (A4, no shadows, rows kept whole) apply. Resolves once the print dialog has been opened.
 */
export function printHtml(html: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.setAttribute('aria-hidden', 'true');
    frame.tabIndex = -1;
    Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0', visibility: 'hidden' });
    const cleanup = () => setTimeout(() => frame.remove(), 1000);
    frame.onload = () => {
      const view = frame.contentWindow;
      if (!view) {
        frame.remove();
        reject(new ApiError(0, 'PRINT', REPORT_MESSAGES.generateError));
        return;
      }
      view.addEventListener('afterprint', cleanup, { once: true });
      view.focus();
      view.print();
      resolve();
      // Browsers whose print() returns at once never fire afterprint before this.
      setTimeout(() => frame.remove(), 60_000);
    };
    frame.srcdoc = html;
    document.body.append(frame);
  });
}
