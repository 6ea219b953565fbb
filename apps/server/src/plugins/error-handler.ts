import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messageForStatus, validationMessage, type ErrorBody } from '@viabiliza/contracts/errors';
import { AppError } from '../lib/app-error.ts';
import { DISK_FULL_MESSAGE, isDiskFull } from '../lib/disk-full.ts';
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/database-unavailable.ts';

/** Maps every error to `{ error: { code, message } }`; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, 'app error');
      if (err.status === 503) reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return reply.status(err.status).send(body(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const messages = err.validation.map((v) => v.message ?? "").filter(Boolean);
      return reply
        .status(400)
        .send(body('VALIDATION', validationMessage(messages), messages));
    }
    if (isDatabaseUnavailable(err)) {
      // PostgreSQL down, restarting or out of connections: nothing is wrong with the request, and
      // the same call is likely to work in a moment.
      request.log.error({ err }, 'database unavailable');
      return reply.status(503).header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS)).send(body('UNAVAILABLE', UNAVAILABLE_MESSAGE));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) return reply.status(429).send(body('RATE_LIMITED', messageForStatus(429)));
    if (status >= 400 && status < 500) {
      // Malformed JSON, too-large bodies and the like: the client's fault, safe to name.
      return reply.status(status).send(body('VALIDATION', messageForStatus(400), [err.message]));
    }
    if (isDiskFull(err)) {
      // The admin must hear of it (a 5xx, logged); the person learns why the file was not kept.
      request.log.error({ err }, 'disk full');
      return reply.status(507).send(body('INTERNAL', DISK_FULL_MESSAGE));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', messageForStatus(500)));
  });
}

function body(code: ErrorBody['error']['code'], message: string, details?: string[]): ErrorBody {
  return { error: details?.length ? { code, message, details } : { code, message } };
}
