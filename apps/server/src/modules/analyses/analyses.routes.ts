import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { analysisDetail, analysisType, exampleAnalysis, runSummary, startRunBody } from '@viabiliza/contracts/analysis';
import { errorBody } from '@viabiliza/contracts/errors';
import { historyQuery, historyResponse, propertyHistoryResponse } from '@viabiliza/contracts/history';
import type { AppContext } from '../../context.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import { dossierRoutes } from '../dossier/dossier.routes.ts';
import { propertyRoutes } from '../properties/properties.routes.ts';
import * as service from './analyses.service.ts';

const idParams = z.object({ id: z.uuid() });

export async function analysisRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['analyses'];

  // Demo mode is public: the engine on a shipped example property, nothing saved.
  r.get('/api/analyses/example', {
    schema: {
      tags,
      summary: 'Análise de exemplo: o motor executado sobre um imóvel de exemplo (modo demonstração)',
      querystring: z.object({ type: analysisType.default('complete'), example: z.string().max(60).optional() }),
      response: { 200: z.object({ analysis: exampleAnalysis }), 400: errorBody },
    },
  }, async (request) => ({ analysis: service.exampleAnalysis(request.query.type, request.query.example, new Date()) }));

  await app.register(async (scope) => {
    scope.addHook('onRequest', requireUser(ctx));
    const s = scope.withTypeProvider<ZodTypeProvider>();

    s.post('/api/analyses/runs', {
      config: { rateLimit: routeLimit('analysis', (req) => req.user?.id ?? '') },
      schema: {
        tags,
        summary: 'Iniciar uma análise (fila); um pedido idêntico a um anterior devolve o resultado salvo na hora; 409 enquanto um documento pedido ainda está em leitura; 422 quando um documento pertence a outro imóvel (uma análise usa apenas os documentos do próprio imóvel)',
        body: startRunBody,
        response: { 200: z.object({ run: runSummary }), 202: z.object({ run: runSummary }), 400: errorBody, 401: errorBody, 404: errorBody, 409: errorBody, 422: errorBody, 429: errorBody },
      },
    }, async (request, reply) => {
      const { run, cached } = await service.startRun(ctx, currentUser(request).id, request.body);
      return reply.status(cached ? 200 : 202).send({ run });
    });

    s.get('/api/analyses/runs/:id', {
      schema: { tags, summary: 'Estado de uma execução', params: idParams, response: { 200: z.object({ run: runSummary }), 404: errorBody } },
    }, async (request) => ({ run: await service.getRun(ctx, currentUser(request).id, request.params.id) }));

    s.get('/api/analyses', {
      schema: {
        tags,
        summary: 'Histórico: minhas análises, mais recentes primeiro, com busca (imóvel, cidade, tipo), filtros por tipo e provedor e paginação',
        querystring: historyQuery,
        response: { 200: historyResponse, 400: errorBody, 401: errorBody },
      },
    }, async (request) => service.listHistory(ctx, currentUser(request).id, request.query));

    s.get('/api/properties/:id/analyses', {
      schema: {
        tags,
        summary: 'Um imóvel e todas as suas análises ao longo do tempo, com os números-chave para comparar',
        params: idParams,
        response: { 200: propertyHistoryResponse, 404: errorBody },
      },
    }, async (request) => service.propertyHistory(ctx, currentUser(request).id, request.params.id));

    s.get('/api/analyses/:id', {
      schema: { tags, summary: 'Uma análise com o relatório e o resultado estruturado', params: idParams, response: { 200: z.object({ analysis: analysisDetail }), 404: errorBody } },
    }, async (request) => ({ analysis: await service.getAnalysis(ctx, currentUser(request).id, request.params.id) }));
  });

  await dossierRoutes(app, ctx);
  await propertyRoutes(app, ctx);
}
