import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { runEngine } from '@viabiliza/engine/analyze';
import type { EngineDocument } from '@viabiliza/engine/types';
import { extractKeyFields } from '@viabiliza/extract/key-fields';
import type { AppContext } from '../../context.ts';
import { dossierOf, today } from '../dossier/dossier.service.ts';
import { expectThat, type CheckDefinition } from './check-runner.ts';
import { SAMPLE_MATRICULA, SCENARIOS, type Scenario } from './samples.ts';
import { ThrowawayUser } from './throwaway-user.ts';

/** How long the E2E flow waits for the extraction and analysis jobs on the queue. */
const JOB_WAIT_MS = 60_000;
const POLL_MS = 200;

async function until<T>(what: string, fn: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + JOB_WAIT_MS;
  for (;;) {
    const value = await fn();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what}: sem conclusão em ${JOB_WAIT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

function multipart(fileName: string, content: string) {
  const boundary = `----viabiliza-sintetico-${Date.now().toString(36)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\n`),
    Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/**
 * The E2E groups of spec 02 §2 'Test center', as real flows through the API with one throwaway
 * user: the same routes, jobs and database a person's browser uses. `cleanup` deletes the user.
 */
export function e2eChecks(ctx: AppContext, app: FastifyInstance): { checks: CheckDefinition[]; cleanup: () => Promise<void> } {
  const person = new ThrowawayUser(ctx, app);
  const state: { documentId?: string; analysisId?: string } = {};
  const AUTH = 'Autenticação';
  const DASH = 'Dashboard';
  const ANALYSIS = 'Análise de Propriedades';
  const getJson = async (url: string, expected = 200) => {
    const res = await person.request({ url });
    expectThat(res.statusCode === expected, `${url} respondeu ${res.statusCode}`);
    return res.json() as Record<string, unknown>;
  };

  const checks: CheckDefinition[] = [
    {
      id: 'signup', group: AUTH, name: 'Cadastro de novo usuário',
      run: async () => {
        await person.signUp();
        expectThat((await person.sessionEmail()) === person.email, 'O cadastro não abriu a sessão do novo usuário');
        return ['Conta criada e sessão aberta'];
      },
    },
    {
      id: 'logout', group: AUTH, name: 'Logout', needs: 'signup',
      run: async () => {
        await person.signOut();
        expectThat((await person.sessionEmail()) === null, 'A sessão continuou válida depois do logout');
        const res = await person.request({ url: '/api/dashboard/stats' });
        expectThat(res.statusCode === 401, `Depois do logout o dashboard respondeu ${res.statusCode} (esperado 401)`);
        return ['Sessão encerrada; rotas protegidas respondem 401'];
      },
    },
    {
      id: 'login', group: AUTH, name: 'Login com credenciais válidas', needs: 'signup',
      run: async () => {
        await person.signIn();
        expectThat((await person.sessionEmail()) === person.email, 'O login não abriu a sessão do usuário');
        return ['Sessão aberta com e-mail e senha'];
      },
    },
    {
      id: 'dashboard', group: DASH, name: 'Dashboard carrega', needs: 'login',
      run: async () => {
        const stats = await getJson('/api/dashboard/stats');
        expectThat(stats.totalAnalyses === 0 && stats.totalDocuments === 0, 'Um usuário novo deveria ter 0 análises e 0 documentos');
        return ['Estatísticas de um usuário novo: 0 documentos, 0 análises'];
      },
    },
    {
      id: 'tabs', group: DASH, name: 'Navegação entre abas', needs: 'login',
      run: async () => {
        const urls = ['/api/dashboard/metrics', '/api/analyses', '/api/documents', '/api/notifications'];
        for (const url of urls) await getJson(url);
        return [`${urls.length} abas responderam 200`];
      },
    },
    {
      id: 'metrics', group: DASH, name: 'Exibição de métricas', needs: 'login',
      run: async () => {
        const metrics = await getJson('/api/dashboard/metrics');
        expectThat(typeof metrics === 'object' && metrics !== null, 'Métricas ausentes');
        const other = await app.inject({ url: '/api/dashboard/metrics' });
        expectThat(other.statusCode === 401, 'Métricas sem sessão deveriam responder 401');
        return ['Métricas do usuário carregadas; sem sessão, 401'];
      },
    },
    {
      id: 'upload', group: ANALYSIS, name: 'Upload de documento', needs: 'login',
      run: async () => {
        const { payload, headers } = multipart(SAMPLE_MATRICULA.fileName, SAMPLE_MATRICULA.text);
        const res = await person.request({ method: 'POST', url: '/api/documents', payload, headers });
        expectThat(res.statusCode === 201 || res.statusCode === 200, `Upload respondeu ${res.statusCode}: ${res.body.slice(0, 200)}`);
        const id = (res.json() as { documents: { id: string }[] }).documents[0]?.id;
        expectThat(id, 'O upload não devolveu o documento');
        state.documentId = id;
        const doc = await until('Extração', async () => {
          const d = (await getJson(`/api/documents/${id}`)) as { status: string; documentType: string | null; errorMessage: string | null };
          if (d.status === 'error' || d.status === 'quarantined') throw new Error(`Extração terminou em "${d.status}": ${d.errorMessage ?? ''}`);
          return d.status === 'completed' ? d : null;
        });
        expectThat(doc.documentType === 'matricula', `Documento classificado como ${doc.documentType} (esperado: matrícula)`);
        return ['Matrícula enviada, extraída e classificada'];
      },
    },
    {
      id: 'run', group: ANALYSIS, name: 'Execução da análise', needs: 'upload',
      run: async () => {
        const res = await person.request({
          method: 'POST',
          url: '/api/analyses/runs',
          payload: { analysisType: 'complete', questionnaire: { city: 'Campinas', state: 'SP', propertyType: 'casa' }, documentIds: [state.documentId] },
        });
        expectThat(res.statusCode === 202, `Início da análise respondeu ${res.statusCode}: ${res.body.slice(0, 200)}`);
        const runId = (res.json() as { run: { id: string } }).run.id;
        const run = await until('Análise', async () => {
          const { run: r } = (await getJson(`/api/analyses/runs/${runId}`)) as { run: { status: string; analysisId: string | null; errorMessage?: string | null } };
          if (r.status === 'failed') throw new Error(`A análise falhou: ${r.errorMessage ?? ''}`);
          return r.status === 'completed' ? r : null;
        });
        state.analysisId = run.analysisId ?? undefined;
        expectThat(state.analysisId, 'A análise concluída não tem resultado');
        return ['Análise completa executada pela fila'];
      },
    },
    {
      id: 'results', group: ANALYSIS, name: 'Visualização dos resultados', needs: 'run',
      run: async () => {
        const { analysis } = (await getJson(`/api/analyses/${state.analysisId}`)) as {
          analysis: { resultContent: string; result: { technical?: { areas: { built: { value: number | null; source: { fileName?: string } } | null } } | null } };
        };
        // The matrícula says the house has 180,00 m² built; the questionnaire gave no area.
        const built = analysis.result.technical?.areas.built;
        expectThat(built?.value === 180, 'A área construída da matrícula (180 m²) não chegou ao resultado');
        expectThat(built.source.fileName === SAMPLE_MATRICULA.fileName, 'A área construída não cita a matrícula como fonte');
        expectThat(analysis.resultContent.includes(SAMPLE_MATRICULA.fileName), 'O relatório não cita o documento de origem');
        return ['Área construída de 180 m² lida da matrícula e citada no relatório'];
      },
    },
  ];
  return { checks, cleanup: () => person.remove() };
}

/**
 * The real-data scenarios: sample documents through the extraction pool and the key-field reader,
 * then the engine, compared with what the documents say (samples.ts).
 */
export function scenarioChecks(ctx: AppContext): CheckDefinition[] {
  return SCENARIOS.map((scenario) => ({
    id: `scenario-${scenario.id}`,
    group: 'Dados reais',
    name: `${scenario.name} (${scenario.difficulty.toLowerCase()})`,
    timeoutMs: 60_000,
    run: () => runScenario(ctx, scenario),
  }));
}

export async function runScenario(ctx: AppContext, scenario: Scenario): Promise<string[]> {
  const dir = await mkdtemp(join(ctx.config.dataDir, 'scenario-'));
  try {
    const documents: EngineDocument[] = [];
    for (const [i, doc] of scenario.documents.entries()) {
      const path = join(dir, doc.fileName);
      await writeFile(path, doc.text);
      const extracted = await ctx.extraction.run({ path, kind: 'txt', fileName: doc.fileName });
      const keys = extractKeyFields({ fileName: doc.fileName, pages: extracted.pages });
      documents.push({ id: `amostra-${i + 1}`, fileName: doc.fileName, documentType: keys.documentType, keyFields: keys.fields, pages: extracted.pages.map((p) => ({ number: p.number, text: p.text })) });
    }
    const details: string[] = [];
    const problems: string[] = [];
    const types = new Set(documents.map((d) => d.documentType));
    for (const t of scenario.expected.documentTypes) {
      if (types.has(t)) details.push(`Documento do tipo ${t} reconhecido`);
      else problems.push(`nenhum documento reconhecido como ${t}`);
    }
    const fields = documents.flatMap((d) => d.keyFields);
    for (const f of scenario.expected.fields) {
      if (fields.some((k) => k.key === f.key && k.normalized === f.normalized)) details.push(`Lido: ${f.label}`);
      else problems.push(`não lido: ${f.label}`);
    }
    // As an analysis does: the liens the engine judges are the dossier's (issue 16).
    const now = new Date();
    const dossier = dossierOf(documents, today(now));
    const result = runEngine({ analysisType: 'complete', questionnaire: scenario.questionnaire, documents, generatedAt: now.toISOString(), title: scenario.name, dossier }).result;
    const legalText = (result.legal?.findings ?? []).map((f) => `${f.title} ${f.detail}`.toLowerCase()).join(' ');
    for (const lien of scenario.expected.liens) {
      if (legalText.includes(lien)) details.push(`Ônus apontado na análise jurídica: ${lien}`);
      else problems.push(`ônus "${lien}" não apontado na análise jurídica`);
    }
    if (scenario.expected.liens.length === 0 && /penhora|hipoteca|indisponibilidade/.test(legalText)) problems.push('ônus apontado onde os documentos não registram nenhum');
    if (scenario.expected.scoreBands.includes(result.score.band)) details.push(`${result.score.label} (${result.score.value.toLocaleString('pt-BR')}/10)`);
    else problems.push(`faixa de viabilidade "${result.score.band}" fora do esperado (${scenario.expected.scoreBands.join(' ou ')})`);
    if (problems.length) throw new Error(`Divergências: ${problems.join('; ')}`);
    return details;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
