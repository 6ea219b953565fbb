import {
  DEFAULT_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_ERROR_MESSAGE,
  messageForStatus,
} from '@viabiliza/contracts/error-messages';
import type { z } from 'zod';

/** The one error type the web app raises for HTTP calls. `message` is always Portuguese, ready to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The call and the server's request id (x-request-id), for the error log and GET /api/admin/logs. */
  path?: string;
  requestId?: string;
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: string[],
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** 4xx answers are final: retrying them cannot help (and 429 asks us to wait). */
  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export const REQUEST_TIMEOUT_MS = 30_000;

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** The app shell registers what a 401 does (clear the session, go to /auth); see app/app.tsx. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Cancellation from the caller (TanStack Query passes one to every query function). */
  signal?: AbortSignal;
  /**
   * When given, the answer is checked against the shared contract. A loader (`() => import(...)`)
   * fetches the schema beside the request, for calls made on every page whose contract (and zod)
   * should stay out of the first chunk.
   */
  schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
  timeoutMs?: number;
}

interface ErrorPayload {
  error?: { code?: unknown; message?: unknown; details?: unknown };
}

function readErrorPayload(payload: unknown): { code?: string; message?: string; details?: string[] } {
  const error = (payload as ErrorPayload | null)?.error;
  if (!error || typeof error !== 'object') return {};
  return {
    code: typeof error.code === 'string' ? error.code : undefined,
    message: typeof error.message === 'string' && error.message ? error.message : undefined,
    details: Array.isArray(error.details)
      ? error.details.filter((d): d is string => typeof d === 'string')
      : undefined,
  };
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const schemaReady = typeof options.schema === 'function' ? options.schema() : Promise.resolve(options.schema);
  // Awaited only after a successful answer; a failed request must not leave it unhandled.
  schemaReady.catch(() => undefined);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const combined = signal ? AbortSignal.any([signal, timeout.signal]) : timeout.signal;

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      signal: combined,
    });
  } catch (error) {
    clearTimeout(timer);
    if (timeout.signal.aborted && !signal?.aborted) {
      throw new ApiError(0, 'TIMEOUT', TIMEOUT_ERROR_MESSAGE);
    }
    // A cancellation asked for by the caller is not an error to show: rethrow it untouched.
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  }

  let payload: unknown;
  try {
    payload = await readBody(response);
  } catch (error) {
    if (signal?.aborted) throw error;
    if (timeout.signal.aborted) throw new ApiError(0, 'TIMEOUT', TIMEOUT_ERROR_MESSAGE);
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  } finally {
    clearTimeout(timer);
  }

  if (!response.ok) throw toApiError(path, response.status, payload, response.headers.get('retry-after'), response.headers.get('x-request-id'));
  const schema = await schemaReady.catch(() => {
    throw new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE);
  });
  return parseAnswer(method, path, response.status, payload, schema);
}

/** The ApiError for a non-2xx answer; a 401 outside the auth calls also runs the app's 401 handler. */
function toApiError(path: string, status: number, payload: unknown, retryAfterHeader: string | null, requestId?: string | null): ApiError {
  const { code, message, details } = readErrorPayload(payload);
  const retryAfter = Number(retryAfterHeader);
  const error = new ApiError(
    status,
    code ?? `HTTP_${status}`,
    // Every 429 shows the same text, whatever the server wrote (spec 02 §8).
    status === 429 ? messageForStatus(429) : (message ?? messageForStatus(status)),
    details,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
  error.path = path;
  error.requestId = requestId ?? undefined;
  if (status === 401 && !path.startsWith('/api/auth/')) onUnauthorized?.();
  return error;
}

function parseAnswer<T>(method: string, path: string, status: number, payload: unknown, schema?: z.ZodType<T>): T {
  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.warn(`Resposta inesperada de ${method} ${path}`, parsed.error.issues);
    throw new ApiError(status, 'INVALID_RESPONSE', DEFAULT_ERROR_MESSAGE);
  }
  return parsed.data;
}

export interface UploadOptions<T> {
  signal?: AbortSignal;
  schema?: z.ZodType<T>;
  /** Bytes sent so far and in all, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
  /** Fails with the timeout message when no byte moves (or no answer comes) for this long. */
  idleTimeoutMs?: number;
}

/**
 * POST of a multipart form with upload progress, which fetch cannot report: XMLHttpRequest, with the
 * same cookie session, error mapping and answer validation as `apiRequest`. The timeout counts
 * inactivity rather than total time, so a large batch on a slow line is not cut off while it moves.
 */
export function apiUpload<T = unknown>(path: string, body: FormData, options: UploadOptions<T> = {}): Promise<T> {
  const { signal, schema, onProgress, idleTimeoutMs = REQUEST_TIMEOUT_MS } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const xhr = new XMLHttpRequest();
    let timedOut = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        xhr.abort();
      }, idleTimeoutMs);
    };
    const onAbort = () => xhr.abort();
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };

    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      arm();
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    };
    xhr.upload.onload = arm;
    xhr.onload = () => {
      settle();
      const type = xhr.getResponseHeader('content-type') ?? '';
      let payload: unknown = xhr.responseText || undefined;
      if (payload !== undefined && type.includes('json')) {
        try {
          payload = JSON.parse(xhr.responseText) as unknown;
        } catch {
          payload = undefined;
        }
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(toApiError(path, xhr.status, payload, xhr.getResponseHeader('retry-after'), xhr.getResponseHeader('x-request-id')));
        return;
      }
      try {
        resolve(parseAnswer('POST', path, xhr.status, payload, schema));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, 'NETWORK', NETWORK_ERROR_MESSAGE));
    };
    xhr.onabort = () => {
      settle();
      if (timedOut) reject(new ApiError(0, 'TIMEOUT', TIMEOUT_ERROR_MESSAGE));
      else reject(signal?.reason ?? new DOMException('Envio cancelado', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    arm();
    xhr.send(body);
  });
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** The Portuguese text to show for anything thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return DEFAULT_ERROR_MESSAGE;
}
