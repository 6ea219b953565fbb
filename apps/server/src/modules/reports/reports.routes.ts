import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '@viabiliza/contracts/errors';
import { reportOptionsFromQuery, reportQuery, type ReportDisposition } from '@viabiliza/contracts/reports';
import type { AppContext } from '../../context.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { currentUser, requireUser } from '../auth/session.ts';
import { REPORT_HTML_CSP } from './render-html.ts';
import * as service from './reports.service.ts';

const idParams = z.object({ id: z.uuid() });
const errors = { 400: errorBody, 401: errorBody, 404: errorBody, 429: errorBody };

function file(description: string, type: string, schema: z.ZodType) {
  return { description, content: { [type]: { schema } } };
}

/** File names come from `reportFileName`/`textExportFileName`: ASCII letters, digits, '-' and '.', safe to quote as they are. */
function disposition(kind: ReportDisposition, fileName: string): string {
  return `${kind}; filename="${fileName}"`;
}

export async function reportRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireUser(ctx));
    const s = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['reports'];
    // Rendering costs more than a read: the spec's default budget, per user.
    const config = { rateLimit: routeLimit('default', (req) => req.user?.id ?? '') };

    s.get('/api/analyses/:id/report.html', {
      config,
      schema: {
        tags,
        summary: 'Relatório em HTML (executivo, técnico ou completo), autocontido e sem scripts',
        description: 'Opções pela query string: template, includeMetadata, includeBranding, companyName, primaryColor, secondaryColor, accentColor. `disposition=inline` para visualizar em vez de baixar.',
        params: idParams,
        querystring: reportQuery,
        response: { 200: file('O relatório em HTML', 'text/html', z.string()), ...errors },
      },
    }, async (request, reply) => {
      const { html, fileName } = await service.htmlReport(ctx, currentUser(request).id, request.params.id, reportOptionsFromQuery(request.query));
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-disposition', disposition(request.query.disposition, fileName))
        .header('cache-control', 'private, no-store')
        .header('content-security-policy', `${REPORT_HTML_CSP}; frame-ancestors 'none'`)
        .send(html);
    });

    s.get('/api/analyses/:id/report.pdf', {
      config,
      schema: {
        tags,
        summary: 'Relatório em PDF (A4, com tabelas, gráfico de fluxo de caixa, fontes e aviso)',
        description: 'Mesmas opções do relatório HTML.',
        params: idParams,
        querystring: reportQuery,
        response: { 200: file('O relatório em PDF', 'application/pdf', z.string().describe('binário')), ...errors },
      },
    }, async (request, reply) => {
      const { pdf, fileName } = await service.pdfReport(ctx, currentUser(request).id, request.params.id, reportOptionsFromQuery(request.query));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', disposition(request.query.disposition, fileName))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    });

    s.get('/api/analyses/:id/export.txt', {
      config,
      schema: {
        tags,
        summary: 'O relatório em texto (Markdown), como foi escrito na análise',
        params: idParams,
        response: { 200: file('O relatório em texto', 'text/plain', z.string()), ...errors },
      },
    }, async (request, reply) => {
      const { text, fileName } = await service.textExport(ctx, currentUser(request).id, request.params.id);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', disposition('attachment', fileName))
        .header('cache-control', 'private, no-store')
        .send(text);
    });
  });
}
