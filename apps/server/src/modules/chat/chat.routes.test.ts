import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '@viabiliza/contracts/chat';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import { createAnalysis, uploadDocuments } from '../../../test/analysis-fixture.ts';
import { loopbackConfig, startLoopbacks, type LoopbackLlm } from '../ai/loopback-llm.test-support.ts';
import type { LlmProviderId } from '../ai/provider-registry.ts';
import { DOSSIER_ANSWER_INTRO } from '../dossier/dossier-answers.ts';
import { REPORT_SOURCE_NAME } from './chat.service.ts';

const MATRICULA = [
  'REGISTRO DE IMÓVEIS - MATRÍCULA Nº 45.678.',
  'Apartamento nº 82 situado na Rua dos Pinheiros, 1000, São Paulo/SP, com área privativa de 80,00 m² e área total de 95,00 m².',
  'Proprietária: Maria Aparecida Souza, brasileira, engenheira.',
  'AV.2 - HIPOTECA: o imóvel foi dado em garantia ao Banco Exemplo S.A.',
].join('\n');

let t: TestApp;
let servers: Record<LlmProviderId, LoopbackLlm>;
let owner: Awaited<ReturnType<typeof signUp>>;
let analysis: Awaited<ReturnType<typeof createAnalysis>>;
let docId: string | undefined;

beforeAll(async () => {
  servers = await startLoopbacks();
  t = await createTestApp();
  owner = await signUp(t);
  [docId] = await uploadDocuments(t, owner.cookie, [{ name: 'matricula.txt', content: MATRICULA, type: 'text/plain' }]);
  analysis = await createAnalysis(t, owner.cookie, [docId!]);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all(Object.values(servers ?? {}).map((s) => s.close()));
});

const ask = (question: unknown, cookie = owner.cookie) =>
  t.app.inject({ method: 'POST', url: `/api/analyses/${analysis.id}/chat`, payload: { question }, headers: { cookie, origin: 'http://localhost:3000' } });

describe('POST /api/analyses/:id/chat', () => {
  it('requires a session and a non-empty question', async () => {
    expect((await t.app.inject({ method: 'POST', url: `/api/analyses/${analysis.id}/chat`, payload: { question: 'x' } })).statusCode).toBe(401);
    const empty = await ask('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain(CHAT_MESSAGES.questionEmpty);
  });

  it('answers from the document, quoting the passage and citing document and page', async () => {
    const res = await ask('Quem é a proprietária do imóvel?');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ found: true, provider: 'local' });
    expect(body.citations[0]).toMatchObject({ n: 1, source: 'document', documentId: docId, sourceName: 'matricula.txt', page: 1 });
    expect(body.citations[0].excerpt).toContain('Maria Aparecida Souza');
    expect(body.answer).toContain(`[1] “${body.citations[0].excerpt}” — matricula.txt, página 1`);
  });

  it('answers from the report too, citing its section', async () => {
    const body = (await ask('Qual a área útil considerada?')).json();
    expect(body.found).toBe(true);
    const sources = body.citations.map((c: { sourceName: string }) => c.sourceName);
    expect(sources.some((s: string) => s === REPORT_SOURCE_NAME || s === 'matricula.txt')).toBe(true);
  });

  it('never answers with text absent from the sources', async () => {
    const report = analysis.resultContent;
    const questions = ['Qual é a área privativa?', 'Existe hipoteca?', 'Qual o banco credor?', 'Qual a pontuação de viabilidade?', 'riscos', 'Qual a cor da fachada?'];
    for (const q of questions) {
      const body = (await ask(q)).json();
      if (!body.found) {
        expect(body.answer).toBe(CHAT_MESSAGES.notFound);
        expect(body.citations).toEqual([]);
        continue;
      }
      if ((body.answer as string).startsWith(DOSSIER_ANSWER_INTRO)) {
        // Answered from the dossier: every statement cites a phrase that is on the document's page.
        for (const c of body.citations) {
          expect(c.source, q).toBe('document');
          expect(MATRICULA, q).toContain(c.excerpt);
          expect(body.answer, q).toContain(`[${c.n}]`);
        }
        continue;
      }
      let rest = body.answer as string;
      for (const c of body.citations) {
        expect(c.source === 'document' ? MATRICULA : report, q).toContain(c.excerpt);
        rest = rest.replace(`[${c.n}] “${c.excerpt}” — ${c.page ? `${c.sourceName}, página ${c.page}` : `${c.sourceName}, seção ${c.section}`}`, '');
      }
      // Besides the quoted passages the answer holds only its fixed introduction.
      expect(rest.trim(), q).toBe(CHAT_MESSAGES.foundIntro);
    }
  });

  it('says so when nothing in the sources answers', async () => {
    const body = (await ask('Qual a cor da fachada?')).json();
    expect(body).toEqual({ answer: CHAT_MESSAGES.notFound, found: false, citations: [], provider: 'local', providerName: 'Motor Viabiliza' });
  });

  it('with a model configured, the model answers from the retrieved passages only and its citations are kept', async () => {
    const compatible = servers['openai-compatible'];
    t.runtime.ctx.config.ai = loopbackConfig(servers, { gemini: undefined, openai: undefined, huggingface: undefined });
    try {
      compatible.reset();
      compatible.enqueue({ kind: 'text', text: 'A proprietária é Maria Aparecida Souza [1].' });
      const body = (await ask('Quem é a proprietária?')).json();
      expect(body).toMatchObject({ found: true, provider: 'openai-compatible', answer: 'A proprietária é Maria Aparecida Souza [1].' });
      expect(body.citations).toHaveLength(1);
      expect(body.citations[0]).toMatchObject({ n: 1, sourceName: 'matricula.txt', page: 1 });
      const prompt = JSON.stringify(compatible.requests[0]!.body);
      expect(prompt).toContain('Maria Aparecida Souza');
      expect(prompt).toContain('Use SOMENTE os trechos numerados');

      // An answer that cites nothing is discarded for the quoted passages.
      compatible.enqueue({ kind: 'text', text: 'A proprietária é Joana da Silva.' });
      const uncited = (await ask('Quem é a proprietária?')).json();
      expect(uncited.provider).toBe('local');
      expect(uncited.answer).not.toContain('Joana');

      // Nothing retrieved: the model is not asked at all.
      const before = compatible.requests.length;
      expect((await ask('Qual a cor da fachada?')).json().found).toBe(false);
      expect(compatible.requests.length).toBe(before);
    } finally {
      t.runtime.ctx.config.ai = undefined;
    }
  });
});
