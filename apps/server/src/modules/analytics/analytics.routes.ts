import type { FastifyInstance } from 'fastify';
import { consoleOverview } from '../admin-console/monitoring.service.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsQuery, analyticsReport } from '@viabiliza/contracts/analytics';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { requireAdmin } from '../auth/session.ts';
import { analyticsReport as buildReport } from './analytics.service.ts';

/** /analytics (spec 02 §6): admin-only on the server. */
export async function analyticsRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireAdmin(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/admin/analytics', {
    schema: { tags: ['admin'], summary: 'Analytics do período (7, 30 ou 90 dias)', querystring: analyticsQuery, response: { 200: analyticsReport, 400: errorBody, 401: errorBody, 403: errorBody } },
  }, async (request) => {
    const [report, overview] = await Promise.all([buildReport(ctx, Number(request.query.period)), consoleOverview(ctx, app)]);
    report.performance.openAlerts = overview.alerts.length;
    report.performance.openCriticalAlerts = overview.alerts.filter((a) => a.level === 'error').length;
    return report;
  });
}
