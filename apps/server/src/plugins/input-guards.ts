import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Multipart } from '@fastify/multipart';
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

/** A multipart name whose bytes are not UTF-8 (the parser turns them into U+FFFD). */
export const INVALID_NAME_MESSAGE = validationMessage(['o nome de um arquivo ou campo enviado não é um texto UTF-8 válido']);

function nameProblem(name: string | undefined): string | null {
  if (!name) return null;
  if (name.includes('\0')) return NUL_MESSAGE;
  if (name.includes('\uFFFD')) return INVALID_NAME_MESSAGE;
  return null;
}

/**
 * The parts of a multipart request, refusing (400, in Portuguese) a part whose field name or file
 * name holds a NUL or bytes that are not UTF-8, or a text field whose value holds a NUL: no browser
 * sends them, and a name is shown and stored. The preValidation check above cannot see a streamed
 * body; this runs as the route reads each part, so parts before a refused one have been read.
 */
export async function* refuseBadParts(parts: AsyncIterable<Multipart>): AsyncGenerator<Multipart> {
  for await (const part of parts) {
    const problem =
      nameProblem(part.fieldname) ??
      (part.type === 'file' ? nameProblem(part.filename) : containsNul(part.value) ? NUL_MESSAGE : null);
    if (problem) {
      // Let the parser move past the refused file's bytes.
      if (part.type === 'file') part.file.resume();
      throw new AppError('VALIDATION', problem);
    }
    yield part;
  }
}

/** A request id a client may choose: a short token, safe to echo and to use as the log key. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** X-Request-Id when it is a short token (a proxy's id ties the logs together), otherwise a new UUID. */
export function requestIdOf(request: { headers: FastifyRequest['headers'] }): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}
