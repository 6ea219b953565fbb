import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
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
import { registerErrorHandler } from './plugins/error-handler.ts';
import { registerRateLimit } from './plugins/rate-limit.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { eventsRoutes } from './realtime/events.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { UPLOAD_LIMITS } from '@viabiliza/contracts/documents';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function buildApp(ctx: AppContext, options: { logger?: FastifyServerOptions['logger'] } = {}) {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: ctx.config.trustProxy,
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    bodyLimit: 1024 * 1024,
  });
  app.decorateRequest('user', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);

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
  await registerRateLimit(app);

  // State-changing calls from a browser must come from our own origin.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method) || !request.url.startsWith('/api/')) return;
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
  await app.register(async (scope) => authRoutes(scope, ctx));
  await app.register(async (scope) => profileRoutes(scope, ctx));
  await app.register(async (scope) => notificationRoutes(scope, ctx));
  await app.register(async (scope) => adminRoutes(scope, ctx));
  await app.register(async (scope) => eventsRoutes(scope, ctx));
  await app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false, limits: { fileSize: UPLOAD_LIMITS.maxFileBytes, files: UPLOAD_LIMITS.maxFiles + 50, fields: 5, parts: 100 } });
    await documentRoutes(scope, ctx);
  });

  const webDist = ctx.config.webDist;
  const hasWeb = webDist && existsSync(join(webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h' });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (hasWeb && isPage) {
      // The single-page app decides what every other path shows (including its own 404 page).
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' } });
  });
  return app;
}
