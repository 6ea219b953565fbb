import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { runEngine } from '@viabiliza/engine/analyze';
import { EXAMPLE_PROPERTIES } from '@viabiliza/engine/examples';
import { extractKeyFields } from '@viabiliza/extract/key-fields';
import { reportOptionsSchema } from '@viabiliza/contracts/reports';
import type { AppContext } from '../../context.ts';
import { buildReportModel } from '../reports/report-model.ts';
import { renderReportHtml } from '../reports/render-html.ts';
import { renderReportPdf } from '../reports/render-pdf.ts';
import { expectThat, type CheckDefinition } from './check-runner.ts';
import { SAMPLE_MATRICULA } from './samples.ts';
import { ThrowawayUser } from './throwaway-user.ts';

const GROUP = 'Sistema';
/** A queue used only by this check: sent, fetched and completed here, never worked by a handler. */
export const SYNTHETIC_QUEUE = 'admin-synthetic-check';
/** The smoke subset: the checks without which nobody can use the app (spec 02 §5: database first). */
export const SMOKE_CHECKS = ['database', 'auth', 'storage', 'realtime'] as const;

function formatNumber(n: number) {
  return n.toLocaleString('pt-BR');
}

/**
 * The synthetic checks of the admin testing tab: each one exercises a real part of this
 * installation end to end and cleans up after itself.
 */
export function systemChecks(ctx: AppContext, app: FastifyInstance, only?: readonly string[]): CheckDefinition[] {
  const all: CheckDefinition[] = [
    {
      id: 'database',
      group: GROUP,
      name: 'Banco de dados (GET /api/health/db)',
      run: async () => {
        const res = await app.inject({ url: '/api/health/db' });
        expectThat(res.statusCode === 200, `Database not accessible (status ${res.statusCode})`);
        const body = res.json() as { status: string; database: string; latencyMs: number };
        expectThat(body.status === 'ok', 'Database not accessible');
        return [`${body.database === 'pglite' ? 'PGlite embutido' : 'PostgreSQL'} respondeu em ${formatNumber(body.latencyMs)} ms`];
      },
    },
    {
      id: 'auth',
      group: GROUP,
      name: 'Autenticação: cadastro, login, logout e exclusão',
      run: async () => {
        const person = new ThrowawayUser(ctx, app);
        try {
          await person.signUp();
          expectThat((await person.sessionEmail()) === person.email, 'A sessão aberta no cadastro não é do usuário criado');
          await person.signOut();
          expectThat((await person.sessionEmail()) === null, 'A sessão continuou válida depois do logout');
          await person.signIn();
          expectThat((await person.sessionEmail()) === person.email, 'O login não abriu a sessão do usuário');
          await person.signOut();
        } finally {
          await person.remove();
        }
        return ['Conta temporária criada, autenticada, desconectada e excluída'];
      },
    },
    {
      id: 'storage',
      group: GROUP,
      name: `Armazenamento de arquivos (${ctx.storage.kind === 's3' ? 'S3' : 'disco local'})`,
      run: async () => {
        const content = Buffer.from(`verificação sintética ${randomUUID()}`);
        const key = `synthetic/${randomUUID()}.txt`;
        const temp = await ctx.storage.receive(Readable.from([content]), 1024);
        let committed = false;
        try {
          await ctx.storage.commit(temp.tmpPath, key, 'uploads');
          committed = true;
          const back = await ctx.storage.withLocalCopy(key, (path) => readFile(path));
          expectThat(back.equals(content), 'O arquivo lido difere do gravado');
        } finally {
          if (committed) await ctx.storage.remove(key);
          else await ctx.storage.discard(temp.tmpPath).catch(() => {});
        }
        const stillThere = await ctx.storage.withLocalCopy(key, (path) => readFile(path)).then(() => true, () => false);
        expectThat(!stillThere, 'O arquivo continuou disponível depois de removido');
        return [`Gravado, lido e removido em ${ctx.storage.describe()}`];
      },
      // A store that cannot be written can leave a stream waiting: do not hold the whole run for it.
      timeoutMs: 10_000,
    },
    {
      id: 'extraction',
      group: GROUP,
      name: 'Extração de documento de exemplo',
      run: async () => {
        const dir = await mkdtemp(join(ctx.config.dataDir, 'synthetic-'));
        try {
          const path = join(dir, SAMPLE_MATRICULA.fileName);
          await writeFile(path, SAMPLE_MATRICULA.text);
          const result = await ctx.extraction.run({ path, kind: 'txt', fileName: SAMPLE_MATRICULA.fileName });
          const keys = extractKeyFields({ fileName: SAMPLE_MATRICULA.fileName, pages: result.pages });
          expectThat(keys.documentType === 'matricula', `Tipo reconhecido: ${keys.documentType} (esperado: matrícula)`);
          const area = keys.fields.find((f) => f.key === 'area_construida_m2');
          expectThat(area?.normalized === 180, 'A área construída de 180 m² não foi lida');
          return [`${result.pages.length} página(s), tipo ${keys.documentTypeLabel}, ${keys.fields.length} campos-chave`];
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      },
    },
    {
      id: 'engine',
      group: GROUP,
      name: 'Motor de análise',
      run: async () => {
        const example = EXAMPLE_PROPERTIES[0]!;
        const input = { analysisType: 'complete' as const, questionnaire: example.questionnaire, documents: example.documents, generatedAt: new Date().toISOString(), title: example.title };
        const first = runEngine(input);
        const second = runEngine(input);
        expectThat(first.markdown === second.markdown, 'O motor deu resultados diferentes para a mesma entrada');
        expectThat(first.result.score.value >= 0 && first.result.score.value <= 10, 'Nota de viabilidade fora de 0–10');
        return [`${first.result.score.label} (${first.result.score.value.toLocaleString('pt-BR')}/10), completude ${first.result.completeness.percent}%`];
      },
    },
    {
      id: 'report',
      group: GROUP,
      name: 'Geração de relatório (HTML e PDF)',
      run: async () => {
        const example = EXAMPLE_PROPERTIES[0]!;
        const now = new Date();
        const engine = runEngine({ analysisType: 'complete', questionnaire: example.questionnaire, documents: example.documents, generatedAt: now.toISOString(), title: example.title });
        const model = buildReportModel(
          {
            id: randomUUID(),
            analysisType: 'complete',
            property: { title: example.title, address: example.questionnaire.address ?? null, city: example.questionnaire.city ?? null, state: example.questionnaire.state ?? null },
            resultContent: engine.markdown,
            result: engine.result,
            providerUsed: 'local',
            model: null,
            tokensUsed: null,
            confidenceScore: engine.confidence,
            completeness: engine.result.completeness.percent,
            createdAt: now.toISOString(),
          },
          reportOptionsSchema.parse({}),
          now,
        );
        const html = renderReportHtml(model);
        expectThat(html.includes(example.title), 'O HTML do relatório não traz o título do imóvel');
        const pdf = await renderReportPdf(model);
        expectThat(pdf.subarray(0, 5).toString('latin1') === '%PDF-', 'O PDF gerado não é um PDF');
        return [`HTML ${formatNumber(Math.round(html.length / 1024))} KB, PDF ${formatNumber(Math.round(pdf.length / 1024))} KB`];
      },
    },
    {
      id: 'queue',
      group: GROUP,
      name: 'Fila de tarefas (envio e processamento)',
      run: async () => {
        const boss = ctx.queue.boss;
        if (!(await boss.getQueue(SYNTHETIC_QUEUE))) await boss.createQueue(SYNTHETIC_QUEUE, { retryLimit: 0 });
        const token = randomUUID();
        const id = await boss.send(SYNTHETIC_QUEUE, { token });
        expectThat(id, 'A fila recusou o envio');
        // Fetch until our job comes back (a job left by an interrupted earlier run is completed too).
        for (let i = 0; i < 20; i++) {
          const jobs = await boss.fetch<{ token: string }>(SYNTHETIC_QUEUE, { batchSize: 10 });
          for (const job of jobs) await boss.complete(SYNTHETIC_QUEUE, job.id);
          if (jobs.some((j) => j.id === id)) {
            const job = await boss.getJobById(SYNTHETIC_QUEUE, id);
            expectThat(job?.state === 'completed', `Tarefa terminou em "${job?.state ?? 'desconhecido'}"`);
            expectThat((job.data as { token?: string }).token === token, 'A tarefa voltou com outro conteúdo');
            return ['Tarefa enviada, recebida e concluída pela fila'];
          }
        }
        throw new Error('A tarefa enviada não foi entregue pela fila');
      },
    },
    {
      id: 'realtime',
      group: GROUP,
      name: 'Tempo real (NOTIFY/LISTEN)',
      run: async () => {
        await ctx.events.ping(randomUUID());
        return [`Mensagem publicada e recebida pelo canal de eventos (${ctx.database.kind === 'pglite' ? 'PGlite' : 'PostgreSQL'})`];
      },
      timeoutMs: 5000,
    },
  ];
  return only ? all.filter((c) => only.includes(c.id)) : all;
}
