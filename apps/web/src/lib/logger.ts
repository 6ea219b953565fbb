import type { QueryClient } from '@tanstack/react-query';

import { ApiError } from './api-client';
import { downloadTextFile } from './download';

/**
 * The browser's error log and app log (spec 02 §3 'Error log entry', 'App log entry'; §7; §9 'Logs').
 * Both live in memory with their caps; errors are also kept in localStorage (error_logs, 50) and so
 * are app-log errors (app_error_logs, 100), so a report survives a reload. API errors carry the
 * server's request id: an admin finds the matching server lines on /security-audit.
 */
export const LOG_CAPS = { errors: 100, app: 1000, storedErrors: 50, storedAppErrors: 100 } as const;
export const ERROR_LOGS_KEY = 'error_logs';
export const APP_ERROR_LOGS_KEY = 'app_error_logs';

export type AppLogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface ErrorLogEntry {
  id: string;
  timestamp: string;
  level: 'error' | 'warn';
  message: string;
  context?: Record<string, unknown>;
  stack?: string;
  userId: string | null;
}

export interface AppLogEntry {
  id: string;
  timestamp: string;
  level: AppLogLevel;
  module: string;
  message: string;
  data?: unknown;
  userId: string | null;
  sessionId: string;
}

const errorLog: ErrorLogEntry[] = [];
const appLog: AppLogEntry[] = [];
let userId: string | null = null;
/** One id per tab, to tell apart two tabs of the same user in a report. */
const sessionId = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Date.now());

function pushCapped<T>(list: T[], entry: T, cap: number) {
  list.push(entry);
  if (list.length > cap) list.splice(0, list.length - cap);
}

function readStored<T>(key: string): T[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(key) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as T[]) : [];
  } catch {
    return [];
  }
}

function store<T>(key: string, entry: T, cap: number) {
  try {
    const list = readStored<T>(key);
    pushCapped(list, entry, cap);
    localStorage.setItem(key, JSON.stringify(list));
  } catch {
    // Storage full or blocked (private mode): the in-memory log still has the entry.
  }
}

const newId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${errorLog.length + appLog.length}`);

export function setLogUser(id: string | null) {
  userId = id;
}

export function logError(message: string, options: { error?: unknown; context?: Record<string, unknown>; level?: 'error' | 'warn' } = {}): ErrorLogEntry {
  const { error } = options;
  const context: Record<string, unknown> = { ...options.context };
  if (error instanceof ApiError) {
    Object.assign(context, { status: error.status, code: error.code, path: error.path, requestId: error.requestId });
  }
  const entry: ErrorLogEntry = {
    id: newId(),
    timestamp: new Date().toISOString(),
    level: options.level ?? 'error',
    message,
    context: Object.keys(context).length ? context : undefined,
    stack: error instanceof Error ? error.stack : undefined,
    userId,
  };
  pushCapped(errorLog, entry, LOG_CAPS.errors);
  store(ERROR_LOGS_KEY, entry, LOG_CAPS.storedErrors);
  return entry;
}

export function log(level: AppLogLevel, module: string, message: string, data?: unknown): AppLogEntry {
  const entry: AppLogEntry = { id: newId(), timestamp: new Date().toISOString(), level, module, message, data, userId, sessionId };
  pushCapped(appLog, entry, LOG_CAPS.app);
  if (level === 'error') store(APP_ERROR_LOGS_KEY, entry, LOG_CAPS.storedAppErrors);
  return entry;
}

export function getErrorLog(): readonly ErrorLogEntry[] {
  return errorLog;
}

export function getAppLog(): readonly AppLogEntry[] {
  return appLog;
}

export function clearLogs() {
  errorLog.length = 0;
  appLog.length = 0;
  try {
    localStorage.removeItem(ERROR_LOGS_KEY);
    localStorage.removeItem(APP_ERROR_LOGS_KEY);
  } catch {
    // Nothing stored to clear.
  }
}

export function errorReport(now: Date = new Date()) {
  return {
    generatedAt: now.toISOString(),
    url: typeof location !== 'undefined' ? location.href : null,
    userAgent: typeof navigator !== 'undefined' ? navigator.userAgent : null,
    sessionId,
    errors: [...errorLog],
    appLog: [...appLog],
    stored: { [ERROR_LOGS_KEY]: readStored<ErrorLogEntry>(ERROR_LOGS_KEY), [APP_ERROR_LOGS_KEY]: readStored<AppLogEntry>(APP_ERROR_LOGS_KEY) },
  };
}

/** Spec 02 §7: the export is named error-report-{date}.json. */
export function errorReportFileName(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `error-report-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

export function exportErrorReport(now: Date = new Date()) {
  downloadTextFile(errorReportFileName(now), JSON.stringify(errorReport(now), null, 2));
}

let installed = false;

/**
 * Feeds the logs from the whole app: uncaught errors, rejected promises, failed queries and
 * mutations (with the server's request id), and the signed-in user's id from the session query.
 */
export function installLogging(queryClient: QueryClient) {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('error', (event) => {
    logError(event.message || 'Erro não tratado', { error: event.error, context: { source: event.filename, line: event.lineno } });
  });
  window.addEventListener('unhandledrejection', (event) => {
    const reason = event.reason as unknown;
    logError(reason instanceof Error ? reason.message : String(reason), { error: reason, context: { kind: 'unhandledrejection' } });
  });
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const key = event.query.queryKey;
    if (key[0] === 'session' && event.action.type === 'success') {
      setLogUser((event.query.state.data as { user?: { id?: string } | null } | undefined)?.user?.id ?? null);
    }
    if (event.action.type === 'error') {
      const error = event.action.error as unknown;
      logError(error instanceof Error ? error.message : String(error), { error, context: { queryKey: key } });
      log('error', 'query', `Falha em ${JSON.stringify(key)}`, { requestId: error instanceof ApiError ? error.requestId : undefined });
    }
  });
  queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    const error = event.action.error as unknown;
    logError(error instanceof Error ? error.message : String(error), { error, context: { mutationKey: event.mutation.options.mutationKey } });
    log('error', 'mutation', 'Falha em uma ação', { requestId: error instanceof ApiError ? error.requestId : undefined });
  });
}
