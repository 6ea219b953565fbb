import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBody } from '@viabiliza/contracts/errors';
import { referenceDataList, referenceImportInput, referenceImportPreview, referenceImportResult, sgsStatus } from '@viabiliza/contracts/reference-data';
import type { AppContext } from '../../context.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { currentUser, requireAdmin } from '../auth/session.ts';
import { audit, requestMeta } from '../audit/audit.service.ts';
import { commitImport, previewImport } from './import.ts';
import { refreshSgs } from './refresh.ts';
import { listReferenceData, sgsStatusOf } from './reference-data.service.ts';

/** Admin page 'Dados de referência': admin-only, checked on the server (403 otherwise). */
export async function referenceDataRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireAdmin(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const errors = { 401: errorBody, 403: errorBody };

  r.get('/api/admin/reference-data', {
    schema: { tags, summary: 'Dados de referência (base, SGS e importados) com a situação da atualização', response: { 200: referenceDataList, ...errors } },
  }, async () => listReferenceData(ctx));

  r.post('/api/admin/reference-data/refresh', {
    config: { rateLimit: routeLimit('adminSecurity', (req) => req.user?.id ?? '') },
    schema: { tags, summary: 'Atualizar agora os índices do Banco Central (SGS)', response: { 200: sgsStatus, 429: errorBody, ...errors } },
  }, async (request) => {
    const outcome = await refreshSgs(ctx);
    await audit(ctx.db, request.log, {
      userId: currentUser(request).id,
      action: 'reference_refresh',
      resource: 'reference_rows',
      success: outcome.status === 'ok' || outcome.status === 'disabled',
      details: { status: outcome.status, rowsAdded: outcome.rowsAdded, errors: outcome.errors },
      ...requestMeta(request),
    });
    return sgsStatusOf(ctx);
  });

  r.post('/api/admin/reference-data/import/preview', {
    bodyLimit: 1024 * 1024,
    schema: { tags, summary: 'Prévia de uma importação (CSV ou XLSX): cada linha com seus erros', body: referenceImportInput, response: { 200: referenceImportPreview, 400: errorBody, 413: errorBody, 422: errorBody, ...errors } },
  }, async (request) => {
    const { _produced: _, ...preview } = await previewImport(ctx, currentUser(request).id, request.body);
    return preview;
  });

  r.post('/api/admin/reference-data/import', {
    bodyLimit: 1024 * 1024,
    config: { rateLimit: routeLimit('adminSecurity', (req) => req.user?.id ?? '') },
    schema: { tags, summary: 'Confirmar a importação: grava as linhas válidas com o id do administrador', body: referenceImportInput, response: { 200: referenceImportResult, 400: errorBody, 413: errorBody, 422: errorBody, 429: errorBody, ...errors } },
  }, async (request) => commitImport(ctx, request, currentUser(request).id, request.body));
}
