// Zod's messages in Portuguese for every schema the routes validate with.
import '@viabiliza/contracts/zod-locale';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import multipart from '@fastify/multipart';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { AppError } from './lib/app-error.ts';
import { withLogRedaction } from './lib/log-redaction.ts';
import { refuseWritesWhenReadOnly } from './lib/read-only.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { canonicalUrl } from './plugins/canonical-url.ts';
import { refuseNulInput, requestIdOf } from './plugins/input-guards.ts';
import { registerWebApp } from './plugins/web-app.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { accountMailRoutes } from './modules/account-mail/account-mail.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { referenceDataRoutes } from './modules/reference-data/reference-data.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { eventsRoutes } from './realtime/events.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { analysisRoutes } from './modules/analyses/analyses.routes.ts';
import { engineInputRoutes } from './modules/analyses/engine-input.routes.ts';
import { aiRoutes } from './modules/ai/ai.routes.ts';
import { reportRoutes } from './modules/reports/reports.routes.ts';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { measureRequests, metricsEndpoint } from './modules/metrics/metrics.routes.ts';
import { monitorRoutes } from './modules/monitor/monitor.routes.ts';
import { securityRoutes } from './modules/security/security.routes.ts';
import { adminConsoleRoutes } from './modules/admin-console/admin-console.routes.ts';
import { webVitalsRoutes } from './modules/web-vitals/web-vitals.routes.ts';
import { publicStatsRoutes } from './modules/public-stats/public-stats.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { auditRequests } from './modules/audit/audit-trail.ts';
import { exposeRequestId } from './modules/logs/log-ring.ts';
import { intelligenceRoutes } from './modules/intelligence/intelligence.routes.ts';
import { collaborationRoutes } from './modules/collaboration/collaboration.routes.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { viewerRoutes } from './modules/viewer/viewer.routes.ts';
import { backupRoutes } from './modules/backup/backup.routes.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { UPLOAD_LIMITS } from '@viabiliza/contracts/documents';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Called before any plugin or route is added: tests hook in here to watch every route. */
  observe?: (app: FastifyInstance) => void;
}

export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}) {
  const app = Fastify({
    // Secrets in a URL (the backup download link's token) never reach a log line.
    logger: withLogRedaction(options.logger) ?? false,
    // Hooks and the router read one URL: the path as the router decodes it (see canonical-url.ts).
    rewriteUrl: (req) => canonicalUrl(req.url ?? '/'),
    trustProxy: ctx.config.trustProxy,
    // A client's X-Request-Id is kept only when it is a short token; anything else gets a new id.
    requestIdHeader: false,
    genReqId: (req) => requestIdOf(req),
    bodyLimit: 1024 * 1024,
  });
  options.observe?.(app);
  app.decorateRequest('user', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  refuseWritesWhenReadOnly(app, ctx.config.readOnly);
  refuseNulInput(app);
  measureRequests(app, ctx);
  auditRequests(app, ctx);
  exposeRequestId(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Toasts and Radix set inline styles at run time; scripts stay strictly same-origin.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: ctx.config.secureCookies ? [] : null,
      },
    },
    hsts: ctx.config.secureCookies,
    crossOriginEmbedderPolicy: false,
  });
  await registerRateLimit(app, ctx.database, ctx.config.rateLimitReadMax);

  // State-changing calls from a browser must come from our own origin, whatever the path: every
  // route that changes data is under /api, and a check that reads no path cannot be routed around.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const crossSite = request.headers['sec-fetch-site'] === 'cross-site';
    if ((origin && !ctx.config.trustedOrigins.includes(origin)) || (!origin && crossSite)) {
      throw new AppError('FORBIDDEN');
    }
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Viabiliza API', version: '1.0.0', description: 'API REST do Viabiliza. Autenticação por cookie de sessão.' },
      servers: [{ url: ctx.config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(async (scope) => healthRoutes(scope, ctx));
  await app.register(async (scope) => metricsEndpoint(scope, ctx));
  await app.register(async (scope) => authRoutes(scope, ctx));
  await app.register(async (scope) => accountMailRoutes(scope, ctx));
  await app.register(async (scope) => profileRoutes(scope, ctx));
  await app.register(async (scope) => notificationRoutes(scope, ctx));
  await app.register(async (scope) => adminRoutes(scope, ctx));
  await app.register(async (scope) => referenceDataRoutes(scope, ctx));
  await app.register(async (scope) => monitorRoutes(scope, ctx));
  await app.register(async (scope) => securityRoutes(scope, ctx));
  await app.register(async (scope) => adminConsoleRoutes(scope, ctx));
  await app.register(async (scope) => eventsRoutes(scope, ctx));
  await app.register(async (scope) => analysisRoutes(scope, ctx));
  await app.register(async (scope) => engineInputRoutes(scope, ctx));
  await app.register(async (scope) => aiRoutes(scope, ctx));
  await app.register(async (scope) => reportRoutes(scope, ctx));
  await app.register(async (scope) => dashboardRoutes(scope, ctx));
  await app.register(async (scope) => searchRoutes(scope, ctx));
  await app.register(async (scope) => webVitalsRoutes(scope, ctx));
  await app.register(async (scope) => publicStatsRoutes(scope, ctx));
  await app.register(async (scope) => auditRoutes(scope, ctx));
  await app.register(async (scope) => intelligenceRoutes(scope, ctx));
  await app.register(async (scope) => { await collaborationRoutes(scope, ctx); await chatRoutes(scope, ctx); await viewerRoutes(scope, ctx); });
  await app.register(async (scope) => backupRoutes(scope, ctx));
  await app.register(async (scope) => analyticsRoutes(scope, ctx));
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: UPLOAD_LIMITS.maxFileBytes, files: UPLOAD_LIMITS.maxFiles + 50, fields: 5, parts: 100 } });
    await documentRoutes(scope, ctx);
  });

  await registerWebApp(app, ctx.config.webDist, ctx.config.publicUrl);
  return app;
}
