/** Queue names; one file per job handler beside this one. */
export const JOBS = {
  welcomeNotification: 'welcome-notification',
  extractDocument: 'extract-document',
  analyzeRun: 'analyze-run',
  backup: 'backup',
  sgsRefresh: 'sgs-refresh',
  sandboxCleanup: 'sandbox-cleanup',
} as const;
export type JobName = (typeof JOBS)[keyof typeof JOBS];
