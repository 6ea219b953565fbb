export const UNAVAILABLE_MESSAGE = 'Serviço temporariamente indisponível. Tente novamente em instantes.';
/** Seconds a client is asked to wait (Retry-After) when the database cannot be reached. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** Socket errors met while connecting to, or talking with, the database server. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
/**
 * PostgreSQL's SQLSTATEs for a server going away or not taking connections yet: 57P01
 * admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now; class 08 is 'connection exception'.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03']);
/** What node-postgres and pg-pool say, without a code, when a connection fails or is lost. */
const DRIVER_MESSAGES = /timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error|Connection closed|connect ECONNREFUSED/i;

/**
 * Whether an error (or one it wraps: Drizzle's 'Failed query' keeps the driver's error as its
 * cause, a failed connect to several addresses is an AggregateError) says the database cannot be
 * reached right now. Such a request is not broken; it may work a moment later, so it answers 503.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (depth > 5 || !err || typeof err !== 'object') return false;
  const { code, message, cause, errors } = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (typeof message === 'string' && DRIVER_MESSAGES.test(message)) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
