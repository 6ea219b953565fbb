import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SUSPICIOUS_ACTIONS } from '@viabiliza/contracts/audit';
import type { AppContext } from '../../context.ts';
import { findUserByEmail } from '../auth/users.repository.ts';
import { audit, requestMeta } from './audit.service.ts';

interface Audited {
  action: string;
  resource: string;
  details: (request: FastifyRequest) => Record<string, unknown>;
}

const params = (request: FastifyRequest) => (request.params ?? {}) as Record<string, string | undefined>;
const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, string | undefined>;

const exportOf = (format: 'html' | 'pdf' | 'text'): Audited => ({
  action: 'report_export',
  resource: 'report',
  details: (request) => ({
    analysisId: params(request).id ?? null,
    format,
    template: query(request).template ?? null,
    disposition: query(request).disposition ?? 'attachment',
  }),
});

/**
 * Routes whose every answer is an audit event, declared here by method and route pattern so the
 * feature modules stay free of audit plumbing. Sign-in, sign-up, sign-out, uploads, role changes and
 * session revocations are written by their services, which know more (the reason of a refusal, the
 * quarantine verdict); backups call `auditBackup`.
 */
const AUDITED: Record<string, Audited> = {
  'POST /api/analyses/runs': {
    action: 'analysis_run',
    resource: 'analysis',
    details: (request) => {
      const body = (request.body ?? {}) as { analysisType?: unknown; propertyId?: unknown; documentIds?: unknown; provider?: unknown };
      return {
        analysisType: body.analysisType ?? null,
        propertyId: body.propertyId ?? null,
        provider: body.provider ?? null,
        documents: Array.isArray(body.documentIds) ? body.documentIds.length : 0,
      };
    },
  },
  'GET /api/analyses/:id/report.html': exportOf('html'),
  'GET /api/analyses/:id/report.pdf': exportOf('pdf'),
  'GET /api/analyses/:id/export.txt': exportOf('text'),
};

const AUTH_ROUTES = new Set(['POST /api/auth/sign-in', 'POST /api/auth/sign-up']);

/** What the answer said, for the routes above: the run's id, or the error code of a refusal. */
function readAnswer(payload: unknown): { runId?: string; cached?: boolean; error?: string } {
  if (typeof payload !== 'string' || payload.length > 20_000) return {};
  try {
    const body = JSON.parse(payload) as { run?: { id?: unknown; cached?: unknown }; error?: { code?: unknown } };
    return {
      runId: typeof body.run?.id === 'string' ? body.run.id : undefined,
      cached: typeof body.run?.cached === 'boolean' ? body.run.cached : undefined,
      error: typeof body.error?.code === 'string' ? body.error.code : undefined,
    };
  } catch {
    return {};
  }
}

function emailOf(request: FastifyRequest): string | null {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : null;
}

async function record(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  const key = `${request.method} ${request.routeOptions.url ?? ''}`;
  const status = reply.statusCode;
  const audited = AUDITED[key];
  if (audited && request.user) {
    const answer = readAnswer(payload);
    await audit(ctx.db, request.log, {
      userId: request.user.id,
      action: audited.action,
      resource: audited.resource,
      success: status < 400,
      details: { ...audited.details(request), ...answer, statusCode: status },
      ...requestMeta(request),
    });
    return;
  }
  // Attack patterns: guessing passwords past the auth budget, and probing admin endpoints.
  if (status === 429 && AUTH_ROUTES.has(key)) {
    const email = emailOf(request);
    const known = email ? await findUserByEmail(ctx.db, email).catch(() => null) : null;
    await audit(ctx.db, request.log, {
      userId: known?.id ?? null,
      action: SUSPICIOUS_ACTIONS.authRateLimited,
      resource: 'auth',
      success: false,
      details: { email, route: key },
      ...requestMeta(request),
    });
    return;
  }
  // By the route the router matched, not the URL as sent (which may spell the same route another way).
  const route = request.routeOptions.url ?? '';
  if (status === 403 && request.user && request.user.role !== 'admin' && (route.startsWith('/api/admin') || route.startsWith('/metrics'))) {
    await audit(ctx.db, request.log, {
      userId: request.user.id,
      action: SUSPICIOUS_ACTIONS.adminAccessDenied,
      resource: 'admin',
      success: false,
      details: { method: request.method, route },
      ...requestMeta(request),
    });
  }
}

/**
 * Registered on the root instance before the routes, so it sees every route's answer. The row is
 * written in onSend, before the answer leaves: whoever sees the answer can already find its row.
 */
export function auditRequests(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onSend', async (request, reply, payload) => {
    try {
      await record(ctx, request, reply, payload);
    } catch (err) {
      request.log.error({ err }, 'security audit trail failed');
    }
    return payload;
  });
}
