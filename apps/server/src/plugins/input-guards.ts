import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validationMessage } from '@viabiliza/contracts/errors';
import { AppError } from '../lib/app-error.ts';

export const NUL_MESSAGE = validationMessage(['o texto contém um caractere nulo (\\0), que não é aceito']);

/** Whether a parsed query, params or JSON body holds a NUL character anywhere (keys included). */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  for (const [key, v] of Object.entries(value)) {
    if (key.includes('\0') || containsNul(v, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL refuses NUL in text ('invalid byte sequence for encoding "UTF8": 0x00'), so a NUL that
 * reaches a query is a 500 and counts as a server error on the monitoring. No field of the API
 * takes one: refuse it before validation, as the client's mistake, in Portuguese.
 */
export function refuseNulInput(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
      throw new AppError('VALIDATION', NUL_MESSAGE);
    }
  });
}

/** A request id a client may choose: a short token, safe to echo and to use as the log key. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** X-Request-Id when it is a short token (a proxy's id ties the logs together), otherwise a new UUID. */
export function requestIdOf(request: { headers: FastifyRequest['headers'] }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}
