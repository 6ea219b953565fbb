import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppContext } from './context.ts';
import { AppError } from './lib/app-error.ts';
import { withLogRedaction } from './lib/log-redaction.ts';
import { registerErrorHandler } from './plugins/error-handler.ts';
import { healthRoutes } from './modules/health/health.routes.ts';

/**
 * The HTTP side of a VIABILIZA_ROLE=worker process: only the health probes (`/api/health`,
 * `/api/health/db`, `/api/health/ready`) a load balancer or orchestrator checks; everything else answers 404. The
 * worker's real work comes from the queue, not from requests.
 */
export async function buildWorkerApp(ctx: AppContext, options: { logger?: FastifyServerOptions['logger'] } = {}) {
  const app = Fastify({ logger: withLogRedaction(options.logger) ?? false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await healthRoutes(app, ctx);
  app.setNotFoundHandler(() => {
    throw new AppError('NOT_FOUND', 'Esta instância só processa tarefas em segundo plano (VIABILIZA_ROLE=worker).');
  });
  return app;
}
