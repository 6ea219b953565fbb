import { DEFAULT_REPORT_OPTIONS, reportOptionsSchema, type ReportOptions } from '@viabiliza/contracts/reports';
import { useCallback, useState } from 'react';

/** The last options chosen on this browser (company name and colours are tedious to type again). */
export const REPORT_OPTIONS_STORAGE_KEY = 'viabiliza.report-options';

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Stored options, checked with the shared schema: anything stale or tampered with falls back to the defaults. */
export function readStoredOptions(store: Pick<Storage, 'getItem'> | null = storage()): ReportOptions {
  try {
    const raw = store?.getItem(REPORT_OPTIONS_STORAGE_KEY);
    if (!raw) return DEFAULT_REPORT_OPTIONS;
    const parsed = reportOptionsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : DEFAULT_REPORT_OPTIONS;
  } catch {
    return DEFAULT_REPORT_OPTIONS;
  }
}

export function useReportOptions() {
  const [options, setOptions] = useState<ReportOptions>(() => readStoredOptions());
  const update = useCallback((next: ReportOptions) => {
    setOptions(next);
    try {
      storage()?.setItem(REPORT_OPTIONS_STORAGE_KEY, JSON.stringify(next));
    } catch {
      // A full or disabled storage only means the choice is not remembered.
    }
  }, []);
  const reset = useCallback(() => {
    setOptions(DEFAULT_REPORT_OPTIONS);
    storage()?.removeItem(REPORT_OPTIONS_STORAGE_KEY);
  }, []);
  return { options, setOptions: update, reset };
}
