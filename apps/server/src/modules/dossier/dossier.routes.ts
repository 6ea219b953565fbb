import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dossier } from '@viabiliza/contracts/dossier';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import * as service from './dossier.service.ts';

const idParams = z.object({ id: z.uuid() });

/** Registered inside the analyses' route tree (analyses.routes.ts). */
export async function dossierRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireUser(ctx));
    scope.withTypeProvider<ZodTypeProvider>().get('/api/properties/:id/dossier', {
      schema: {
        tags: ['analyses'],
        summary: 'Dossiê de diligência do imóvel: proprietários, ônus, certidões, ITBI e conferências, lidos dos documentos concluídos (na data de hoje)',
        params: idParams,
        response: { 200: z.object({ dossier: dossier.nullable() }), 401: errorBody, 404: errorBody },
      },
    }, async (request) => ({ dossier: await service.propertyDossier(ctx, currentUser(request).id, request.params.id) }));
  });
}
