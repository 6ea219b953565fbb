import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messageForStatus, validationMessage, type ErrorBody } from '@viabiliza/contracts/errors';
import { questionnaireFieldLabelForPath } from '@viabiliza/contracts/questionnaire';
import { AppError } from '../lib/app-error.ts';
import { DISK_FULL_MESSAGE, isDiskFull } from '../lib/disk-full.ts';
import { UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../lib/database-unavailable.ts';

/** Maps every error to `{ error: { code, message } }`; 5xx details stay in the log. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, 'app error');
      if (err.status === 503 && !reply.hasHeader('retry-after')) reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return reply.status(err.status).send(body(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A questionnaire field's error names the field ('Aluguel mensal (R$): Informe um número válido').
      const messages = err.validation
        .map((v) => {
          const message = v.message ?? '';
          const label = message ? questionnaireFieldLabelForPath(v.instancePath ?? '') : null;
          return label && !message.includes(label) ? `${label}: ${message}` : message;
        })
        .filter(Boolean);
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
      // Malformed JSON, too-large bodies and the like: the client's fault, named in Portuguese
      // (Fastify's own texts are English: 'Request body is too large').
      const reason = clientErrorReason(err);
      return reply.status(status).send(body(status === 413 ? 'TOO_LARGE' : 'VALIDATION', validationMessage([reason]), [reason]));
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

/** Fastify's and its plugins' request errors, by code, as the person reads them. */
const CLIENT_ERROR_REASONS: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'o corpo da requisição excede o tamanho máximo permitido',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'tipo de conteúdo não suportado',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'o tamanho declarado do conteúdo não confere com o enviado',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'o corpo JSON está vazio',
  FST_ERR_CTP_INVALID_JSON_BODY: 'o corpo não é um JSON válido',
  FST_ERR_CTP_EMPTY_TYPE: 'o tipo de conteúdo está vazio',
  FST_ERR_CTP_INVALID_TYPE: 'tipo de conteúdo inválido',
  FST_ERR_CTP_INVALID_PARSE_TYPE: 'tipo de conteúdo inválido',
  FST_PROTO_VIOLATION: 'o corpo JSON contém a chave proibida __proto__',
  FST_CONSTRUCTOR_VIOLATION: 'o corpo JSON contém a chave proibida constructor',
  FST_ERR_VALIDATION: 'os dados enviados não seguem o formato esperado',
  FST_REQ_FILE_TOO_LARGE: 'o arquivo excede o tamanho máximo permitido',
  FST_PARTS_LIMIT_REACHED: 'o envio tem partes demais',
  FST_FILES_LIMIT: 'o envio tem arquivos demais',
  FST_FIELDS_LIMIT: 'o envio tem campos demais',
  FST_PROTO_VIOLATION_MULTIPART: 'o envio contém um campo proibido',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'o envio não é multipart/form-data',
  FST_INVALID_JSON_FIELD_ERROR: 'um campo JSON do envio não é válido',
  FST_ERR_BAD_URL: 'o endereço da requisição é inválido',
  FST_ERR_ASYNC_CONSTRAINT: 'o endereço da requisição é inválido',
};

function clientErrorReason(err: FastifyError): string {
  if (err.code && CLIENT_ERROR_REASONS[err.code]) return CLIENT_ERROR_REASONS[err.code]!;
  // The JSON parser's SyntaxError carries no Fastify code.
  if (err instanceof SyntaxError) return CLIENT_ERROR_REASONS.FST_ERR_CTP_INVALID_JSON_BODY!;
  if (err.statusCode === 413) return CLIENT_ERROR_REASONS.FST_ERR_CTP_BODY_TOO_LARGE!;
  return 'a requisição não pôde ser interpretada';
}
