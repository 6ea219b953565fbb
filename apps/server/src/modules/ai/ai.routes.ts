import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { providerInfo, secureAnalysisBody } from '@viabiliza/contracts/analysis';
import { secureAnalysisTextResponse } from '@viabiliza/contracts/text-facts';
import { errorBody } from '@viabiliza/contracts/errors';
import type { AppContext } from '../../context.ts';
import { routeLimit } from '../../plugins/rate-limit.ts';
import { requireUser } from '../auth/session.ts';
import { aiConfigOf, listProviders } from './provider-registry.ts';
import { SECURE_ANALYSIS_EXAMPLE_TEXT, secureAnalysis } from './secure-analysis.service.ts';

const providerList = z.object({ providers: z.array(providerInfo) });

export async function aiRoutes(app: FastifyInstance, ctx: AppContext) {
  app.addHook('onRequest', requireUser(ctx));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['ai'];

  r.get('/api/ai/providers', {
    schema: {
      tags,
      summary: 'Provedores de análise (Motor Viabiliza e LLMs), configurados ou não, por prioridade',
      response: { 200: providerList, 401: errorBody },
    },
  }, async () => ({ providers: listProviders(aiConfigOf(ctx)) }));

  // The documented example answer is the engine's own answer to the example text, computed once here.
  const example = await secureAnalysis(
    { config: {} },
    { provider: 'local', text: SECURE_ANALYSIS_EXAMPLE_TEXT, analysisType: 'complete' },
    { inline: true },
  );
  r.post('/api/secure-analysis', {
    config: { rateLimit: routeLimit('analysis', (req) => req.user?.id ?? '') },
    schema: {
      tags,
      summary: 'Analisar um texto: o motor calcula; com um LLM escolhido, ele escreve a narrativa (3 novas tentativas em 429/5xx/timeout)',
      description: [
        'Os dados do imóvel são lidos do texto com o mesmo leitor dos documentos — cidade, estado, área, preço, aluguel,',
        'condomínio, IPTU, matrícula e ônus (ônus só de atos de registro R-n/AV-n presentes no texto) — e devolvidos em',
        '`facts` ("Dados lidos do texto"), cada um com o trecho de onde veio; o motor os usa como questionário.',
        'Sem cidade, área ou preço a resposta é `status: "insuficiente"` ("Dados insuficientes") com o que falta em `missing`:',
        'sem nota e nunca "inviável".',
      ].join(' '),
      body: secureAnalysisBody.meta({ example: { provider: 'local', analysisType: 'complete', text: SECURE_ANALYSIS_EXAMPLE_TEXT } }),
      response: {
        200: secureAnalysisTextResponse.meta({
          // The report itself is long: its first lines stand for it in the example.
          example: { ...example, content: `${example.content.split('\n').slice(0, 12).join('\n')}\n…` },
        }),
        400: errorBody,
        401: errorBody,
        429: errorBody,
        502: errorBody,
        504: errorBody,
      },
    },
  }, async (request, reply) => {
    const hungUp = new AbortController();
    // A client that hangs up stops the provider calls (and their retries) made on its behalf.
    reply.raw.once('close', () => {
      if (!reply.raw.writableEnded) hungUp.abort();
    });
    return secureAnalysis(ctx, request.body, { signal: hungUp.signal });
  });
}
