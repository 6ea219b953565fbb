import { eventually, multipartBody, type TestApp } from './helper.ts';

export const QUESTIONNAIRE = {
  address: 'Rua dos Pinheiros, 1000, apto 82',
  city: 'São Paulo',
  state: 'SP',
  propertyType: 'apartamento',
  usableArea: '80',
  builtArea: '95',
  targetValue: '800.000,00',
  monthlyRent: '4.500',
  condition: 'bom',
  mainObjective: 'investimento',
};

const getJson = async (t: TestApp, cookie: string, url: string) => (await t.app.inject({ url, headers: { cookie } })).json();

/** Uploads files (waiting for their extraction) and returns their ids. */
export async function uploadDocuments(
  t: TestApp,
  cookie: string,
  files: { name: string; content: Buffer | string; type?: string }[],
  fields: Record<string, string> = {},
) {
  const { payload, headers } = multipartBody(files, fields);
  const up = await t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie } });
  if (up.statusCode !== 201) throw new Error(`upload failed: ${up.statusCode} ${up.body}`);
  const ids = (up.json().documents as { id: string }[]).map((d) => d.id);
  for (const id of ids) {
    await eventually(async () => ['completed', 'error'].includes((await getJson(t, cookie, `/api/documents/${id}`)).status), 60_000);
  }
  return ids;
}

/** Runs a real analysis through the queue and returns the saved analysis. */
export async function createAnalysis(t: TestApp, cookie: string, documentIds: string[] = [], questionnaire: Record<string, unknown> = QUESTIONNAIRE) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/analyses/runs',
    payload: { analysisType: 'complete', questionnaire, documentIds },
    headers: { cookie },
  });
  if (res.statusCode !== 202 && res.statusCode !== 200) throw new Error(`run failed: ${res.statusCode} ${res.body}`);
  const run = await eventually(async () => {
    const { run } = await getJson(t, cookie, `/api/analyses/runs/${res.json().run.id}`);
    return run.status === 'completed' || run.status === 'failed' ? run : null;
  }, 60_000);
  if (run.status !== 'completed') throw new Error(`run ${run.status}: ${run.error}`);
  const { analysis } = await getJson(t, cookie, `/api/analyses/${run.analysisId}`);
  return analysis as { id: string; propertyId: string; resultContent: string; property: { title: string } };
}
