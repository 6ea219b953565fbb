import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  checklistItemId,
  consoleOverview,
  deployOverview,
  deploymentRecord,
  healthPanel,
  runTestsInput,
  scenarioList,
  setChecklistInput,
  testReport,
  testReportsResponse,
} from '@viabiliza/contracts/admin-console';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { currentUser, requireAdmin } from '../auth/session.ts';
import { deploy, deployOverview as buildDeployOverview, setChecklist } from './deploy.service.ts';
import { consoleOverview as buildOverview, healthPanel as buildHealthPanel } from './monitoring.service.ts';
import { listReports, listScenarios, runSuite } from './tests.service.ts';

/** The /admin console tabs and the /testing test center: admin-only on the server; mutations 3/min, audited. */
export async function adminConsoleRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireAdmin(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const errors = { 401: errorBody, 403: errorBody };
  const adminLimit = { rateLimit: routeLimit('admin', (req) => req.user?.id ?? '') };

  r.get('/api/admin/console/overview', {
    schema: { tags, summary: 'Monitoramento: estado geral, componentes, métricas e alertas', response: { 200: consoleOverview, ...errors } },
  }, async (request) => buildOverview(ctx, request.server));

  r.get('/api/admin/console/health', {
    schema: { tags, summary: 'Painel de saúde: serviços, totais e erros recentes', response: { 200: healthPanel, ...errors } },
  }, async (request) => buildHealthPanel(ctx, request.server));

  r.post('/api/admin/tests/run', {
    config: adminLimit,
    schema: { tags, summary: 'Executar uma suíte de testes sintéticos', body: runTestsInput, response: { 200: testReport, 400: errorBody, 429: errorBody, ...errors } },
  }, async (request) => runSuite(ctx, request, currentUser(request).id, request.body.suite, request.body.scenario));

  r.get('/api/admin/tests/reports', {
    schema: {
      tags,
      summary: 'Último relatório, histórico (5) e critérios de go-live',
      querystring: z.object({ group: z.enum(['admin', 'center']).default('admin') }),
      response: { 200: testReportsResponse, ...errors },
    },
  }, async (request) => listReports(ctx, request.server, request.query.group));

  r.get('/api/admin/tests/scenarios', {
    schema: { tags, summary: 'Cenários de dados reais: arquivos de exemplo e resultados esperados', response: { 200: scenarioList, ...errors } },
  }, async () => listScenarios());

  r.get('/api/admin/deploy', {
    schema: { tags, summary: 'Ambientes, verificações, checklist e histórico de deploys', response: { 200: deployOverview, ...errors } },
  }, async (request) => buildDeployOverview(ctx, request.server));

  r.put('/api/admin/deploy/checklist/:item', {
    config: adminLimit,
    schema: {
      tags,
      summary: 'Confirmar um item manual do checklist',
      params: z.object({ item: checklistItemId }),
      body: setChecklistInput,
      response: { 200: deployOverview, 400: errorBody, 429: errorBody, ...errors },
    },
  }, async (request) => setChecklist(ctx, request, currentUser(request).id, request.params.item, request.body.checked));

  r.post('/api/admin/deploy/:environment', {
    config: adminLimit,
    schema: {
      tags,
      summary: 'Disparar o deploy de um ambiente pelo seu hook',
      params: z.object({ environment: z.string().min(1).max(40) }),
      response: { 200: deploymentRecord, 400: errorBody, 404: errorBody, 409: errorBody, 429: errorBody, ...errors },
    },
  }, async (request) => deploy(ctx, request, currentUser(request).id, request.params.environment));
}
