import {
  DEFAULT_ERROR_MESSAGE,
  NETWORK_ERROR_MESSAGE,
  TIMEOUT_ERROR_MESSAGE,
  messageForStatus,
} from '@viabiliza/contracts/errors';
import type { z } from 'zod';

/** The one error type the web app raises for HTTP calls. `message` is always Portuguese, ready to show. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
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
  /** When given, the answer is checked against the shared contract. */
  schema?: z.ZodType<T>;
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
  const { method = 'GET', body, signal, schema, timeoutMs = REQUEST_TIMEOUT_MS } = options;
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

  if (!response.ok) {
    const { code, message, details } = readErrorPayload(payload);
    const retryAfter = Number(response.headers.get('retry-after'));
    const error = new ApiError(
      response.status,
      code ?? `HTTP_${response.status}`,
      // Every 429 shows the same text, whatever the server wrote (spec 02 §8).
      response.status === 429 ? messageForStatus(429) : (message ?? messageForStatus(response.status)),
      details,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    );
    if (response.status === 401 && !path.startsWith('/api/auth/')) onUnauthorized?.();
    throw error;
  }

  if (!schema) return payload as T;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    console.warn(`Resposta inesperada de ${method} ${path}`, parsed.error.issues);
    throw new ApiError(response.status, 'INVALID_RESPONSE', DEFAULT_ERROR_MESSAGE);
  }
  return parsed.data;
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
