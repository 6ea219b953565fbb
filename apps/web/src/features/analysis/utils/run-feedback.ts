import { ANALYSIS_MESSAGES, type RunSummary } from '@viabiliza/contracts/analysis';

import { TOAST_DURATIONS } from '../../../lib/toast';

export interface FeedbackToast {
  message: string;
  duration: number;
}

/**
 * The toasts of a failed analysis (spec 01 §8 'Analysis and saving'): 'Erro na análise: {message}',
 * plus 'Limite de uso excedido…' (10 s) for a rate limit and 'Timeout na análise…' (8 s) for a timeout.
 */
export function failureToasts(error: string | null | undefined, { rateLimited = false } = {}): FeedbackToast[] {
  const message = error?.trim() || ANALYSIS_MESSAGES.unknownError;
  const toasts: FeedbackToast[] = [
    { message: ANALYSIS_MESSAGES.failedToast(message), duration: TOAST_DURATIONS.analysisFailed },
  ];
  if (rateLimited || /rate limit|429/i.test(message)) {
    toasts.push({ message: ANALYSIS_MESSAGES.rateLimited, duration: TOAST_DURATIONS.analysisRateLimited });
  }
  if (/timeout/i.test(message)) toasts.push({ message: ANALYSIS_MESSAGES.timeout, duration: 8000 });
  return toasts;
}

export function isFinalRun(run: Pick<RunSummary, 'status'>): boolean {
  return run.status === 'completed' || run.status === 'failed';
}

/**
 * Which of two snapshots of the same run to keep. Events and answers can cross on the way (the job
 * may finish before the answer to the POST arrives): the later `updatedAt` wins, and a final state is
 * never replaced by an unfinished one.
 */
export function newerRun(current: RunSummary | undefined, incoming: RunSummary): RunSummary {
  if (!current || current.id !== incoming.id) return incoming;
  if (isFinalRun(current) && !isFinalRun(incoming)) return current;
  return incoming.updatedAt >= current.updatedAt ? incoming : current;
}
