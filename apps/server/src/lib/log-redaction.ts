import type { FastifyRequest, FastifyServerOptions } from 'fastify';

export const REDACTED = '[redacted]';

/**
 * Query parameters that carry a secret: the signed one-minute backup download link puts its token
 * in `?token=` (a browser download cannot send a header), and it must not outlive the minute in
 * the log, which admins search and which may be shipped elsewhere.
 */
const SECRET_PARAMS = new Set(['token', 'access_token', 'signature', 'password', 'secret', 'key']);

function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The URL with the value of every secret query parameter replaced by '[redacted]'; the rest as sent. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const hash = url.indexOf('#', q);
  const end = hash === -1 ? url.length : hash;
  const query = url
    .slice(q + 1, end)
    .split('&')
    .map((part) => {
      const eq = part.indexOf('=');
      const name = eq === -1 ? part : part.slice(0, eq);
      return SECRET_PARAMS.has(paramName(name)) ? `${name}=${REDACTED}` : part;
    })
    .join('&');
  return `${url.slice(0, q + 1)}${query}${url.slice(end)}`;
}

/** Fastify's own `req` serializer (lib/logger-pino.js), with the URL redacted. */
function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    version: req.headers?.['accept-version'],
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

const censorUrl = (value: unknown) => (typeof value === 'string' ? redactUrl(value) : value);

/**
 * The logger options with secrets kept out of every line: the request's URL as Fastify logs it
 * ('incoming request'), and any `url`/`originalUrl` a line carries at its top level or under `req`.
 */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const base = logger === true ? {} : logger;
  return {
    ...base,
    serializers: { ...base.serializers, req: serializeRequest as never },
    redact: { paths: ['url', 'originalUrl', 'req.url', 'req.originalUrl'], censor: censorUrl },
  };
}
