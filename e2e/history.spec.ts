import { expect, test, type APIRequestContext } from '@playwright/test';
import { ORIGIN, signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

const HEADERS = { origin: ORIGIN };

const QUESTIONNAIRE = {
  address: 'Rua dos Pinheiros, 1000',
  city: 'São Paulo',
  state: 'SP',
  propertyType: 'apartamento',
  usableArea: '80',
  builtArea: '95',
  targetValue: '800.000',
  condition: 'bom',
  mainObjective: 'investimento',
};

/** Starts a run through the API (the browser's session cookie) and waits for the saved analysis. */
async function runAnalysis(request: APIRequestContext, body: Record<string, unknown>): Promise<{ analysisId: string; propertyId: string }> {
  const res = await request.post('/api/analyses/runs', { data: body, headers: HEADERS });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const runId = (await res.json()).run.id as string;
  let run: { status: string; analysisId: string; propertyId: string; error: string | null } | undefined;
  await expect
    .poll(
      async () => {
        run = (await (await request.get(`/api/analyses/runs/${runId}`)).json()).run;
        return run?.status;
      },
      { timeout: 30_000 },
    )
    .toMatch(/completed|failed/);
  expect(run!.error).toBeNull();
  return { analysisId: run!.analysisId, propertyId: run!.propertyId };
}

test('history: filters in the URL, detail A and B, export, property comparison, and nothing of another user', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Helena Prado', email: uniqueEmail('historico') });

  // Two analyses of the same property: the second one with a lower price.
  const first = await runAnalysis(page.request, { analysisType: 'complete', questionnaire: QUESTIONNAIRE });
  const second = await runAnalysis(page.request, {
    analysisType: 'financial',
    questionnaire: { ...QUESTIONNAIRE, targetValue: '700.000' },
    propertyId: first.propertyId,
  });
  expect(second.propertyId).toBe(first.propertyId);

  // The history: newest first, counted.
  await page.goto('/history');
  await expect(page.getByRole('heading', { level: 1, name: 'Histórico de Análises' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Análises (2)' })).toBeVisible();
  const items = page.getByTestId('history-item');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText('Financeira');
  await expect(items.first()).toContainText('São Paulo/SP');
  await expect(items.first()).toContainText('Motor Viabiliza');

  // Text search without accents finds 'São Paulo'; a type's label finds it; the URL keeps the filter.
  const search = page.getByRole('searchbox', { name: 'Buscar análises' });
  await search.fill('sao paulo');
  await expect(page).toHaveURL(/\?q=sao\+paulo$/);
  await expect(page.getByRole('heading', { name: 'Análises (2)' })).toBeVisible();
  await search.fill('financeira');
  await expect(page.getByRole('heading', { name: 'Análises (1)' })).toBeVisible();
  await search.fill('recife');
  await expect(page.getByRole('heading', { name: 'Análises (0)' })).toBeVisible();
  await expect(page.getByText('Nenhuma análise corresponde aos filtros')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('searchbox', { name: 'Buscar análises' })).toHaveValue('recife');
  await expect(page.getByRole('heading', { name: 'Análises (0)' })).toBeVisible();
  await page.getByRole('button', { name: 'Limpar filtros' }).first().click();
  await expect(page.getByRole('heading', { name: 'Análises (2)' })).toBeVisible();

  // Type and provider selects ('Todos' by default), built from the data.
  const type = page.getByLabel('Tipo de análise');
  await expect(type).toHaveValue('all');
  await expect(type.locator('option:checked')).toHaveText('Todos');
  await type.selectOption({ label: 'Completa' });
  await expect(page).toHaveURL(/type=complete/);
  await expect(page.getByRole('heading', { name: 'Análises (1)' })).toBeVisible();
  await expect(page.getByLabel('Provedor').locator('option')).toHaveText(['Todos', 'Motor Viabiliza']);
  await type.selectOption('all');
  await expect(page.getByRole('heading', { name: 'Análises (2)' })).toBeVisible();

  // 'Exportar' saves the report as text.
  const download = page.waitForEvent('download');
  await items.first().getByRole('button', { name: /Exportar/ }).click();
  const file = await download;
  // The property is named by its address (issue 18), and so is the file.
  expect(file.suggestedFilename()).toMatch(/^analise-rua-dos-pinheiros-1000-\d{4}-\d{2}-\d{2}\.txt$/);

  // 'Ver' opens detail A.
  await items.first().getByRole('link', { name: /^Ver/ }).click();
  await expect(page).toHaveURL(`/dashboard/analysis/${second.analysisId}`);
  const trail = page.getByTestId('detail-breadcrumb');
  await expect(trail).toContainText('Dashboard');
  await expect(trail).toContainText('Histórico');
  await expect(trail).toContainText(`Análise #${second.analysisId.slice(0, 8)}`);
  await expect(page.getByTestId('analysis-type-badge')).toHaveText('Financeira');
  await expect(page.getByText('Rua dos Pinheiros, 1000 · São Paulo - SP')).toBeVisible();
  await expect(page.getByTestId('analysis-report')).toContainText('Análise financeira');
  const details = page.getByTestId('analysis-details');
  await expect(details).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(details).toContainText('Motor Viabiliza');
  await expect(details).toContainText(/Alta Confiança|Confiança Moderada|Baixa Confiança/);
  await expect(page.getByRole('button', { name: 'Voltar' })).toBeVisible();
  await page.getByRole('link', { name: 'Ver Histórico' }).click();
  await expect(page).toHaveURL('/history');

  // Variant B, from the property: its own trail and the way to the property's history.
  await page.goto(`/analysis/${first.analysisId}`);
  await expect(page.getByTestId('detail-breadcrumb')).toContainText('Propriedades');
  await expect(page.getByTestId('detail-breadcrumb')).toContainText('Análise Completa');
  await page.getByRole('link', { name: 'Histórico de Análises' }).click();
  await expect(page).toHaveURL(`/dashboard/property/${first.propertyId}/history`);

  // The property over time: the chart and the two analyses compared (A older, B newer).
  await expect(page.getByRole('heading', { name: 'Evolução da viabilidade' })).toBeVisible();
  await expect(page.getByTestId('score-trend-chart')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Análises (2)' })).toBeVisible();
  const comparison = page.getByTestId('analysis-comparison');
  await expect(comparison).toBeVisible();
  await expect(comparison.getByRole('row', { name: /Viabilidade/ })).toBeVisible();
  // The price went from R$ 800.000,00 to R$ 700.000,00.
  const price = comparison.getByRole('row', { name: /Valor do imóvel/ });
  await expect(price).toContainText('R$ 800.000,00');
  await expect(price).toContainText('R$ 700.000,00');
  await expect(price).toContainText('−R$ 100.000,00');
  await expect(page.getByLabel('Análise A', { exact: true })).toHaveValue(first.analysisId);
  await expect(page.getByLabel('Análise B', { exact: true })).toHaveValue(second.analysisId);
  assertClean();

  // Another person: the same addresses show 'not found', never the analysis.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await signUpInUi(other, { fullName: 'Outra Pessoa', email: uniqueEmail('outra') });
  await other.goto(`/dashboard/analysis/${second.analysisId}`);
  await expect(other.getByRole('heading', { name: 'Análise não encontrada' })).toBeVisible();
  await expect(other.getByText('Rua dos Pinheiros')).toHaveCount(0);
  await other.getByRole('link', { name: 'Voltar ao histórico' }).click();
  await expect(other).toHaveURL('/history');
  await expect(other.getByRole('link', { name: 'Fazer Primeira Análise' })).toBeVisible();
  await other.goto(`/analysis/${second.analysisId}`);
  await expect(
    other.getByText('A análise solicitada não foi encontrada ou você não tem permissão para visualizá-la.'),
  ).toBeVisible();
  await other.goto(`/dashboard/property/${first.propertyId}/history`);
  await expect(other.getByRole('heading', { name: 'Propriedade não encontrada' })).toBeVisible();
  await otherContext.close();
});
