import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ORIGIN, signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

/**
 * Issue 18 items 2 and 3 (breadcrumb): a saved analysis exports from both detail pages (the HTML in
 * its three templates, a real PDF, the report viewed in a tab), /analise keeps its result after a
 * reload, and the trail names an analysis 'Análise #' and 8 characters, never its id as words.
 */

const HEADERS = { origin: ORIGIN };
const QUESTIONNAIRE = {
  address: 'Rua Oscar Freire, 1200',
  city: 'São Paulo',
  state: 'SP',
  propertyType: 'apartamento',
  usableArea: '90',
  targetValue: '1.100.000',
  monthlyRent: '5.500',
  condition: 'bom',
  mainObjective: 'investimento',
};

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

async function download(page: Page, button: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('report-export').getByRole('button', { name: button, exact: true }).click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync((await file.path())!) };
}

/** The global trail and the page's own: 'Análise #' and 8 characters, no other piece of the id. */
async function expectShortTrail(page: Page, id: string) {
  const label = `Análise #${id.slice(0, 8)}`;
  await expect(page.getByTestId('breadcrumb-current')).toHaveText(label);
  const trail = page.getByRole('navigation', { name: 'Trilha de navegação' });
  await expect(trail).not.toContainText(id.slice(9, 13));
  await expect(trail).not.toContainText('Analysis');
}

test('a saved analysis exports HTML in three templates and a PDF from both detail pages; the trail is short', async ({ page }) => {
  test.setTimeout(120_000);
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Renata Alves', email: uniqueEmail('exportar') });
  const { analysisId } = await runAnalysis(page.request, { analysisType: 'complete', questionnaire: QUESTIONNAIRE });

  // Variant A (from the history).
  await page.goto(`/dashboard/analysis/${analysisId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rua Oscar Freire, 1200' })).toBeVisible();
  await expectShortTrail(page, analysisId);
  await expect(page.getByTestId('detail-breadcrumb')).toContainText(`Análise #${analysisId.slice(0, 8)}`);

  const exports = page.getByTestId('report-export');
  await expect(exports.getByRole('heading', { name: 'Relatório' })).toBeVisible();
  const template = exports.getByLabel('Modelo do relatório');
  for (const [label, id] of [['Executivo', 'executive'], ['Técnico', 'technical'], ['Completo', 'complete']] as const) {
    await template.selectOption({ label });
    const html = await download(page, 'Baixar Relatório HTML');
    expect(html.name).toMatch(new RegExp(`^relatorio-${id}-rua-oscar-freire-1200-\\d{4}-\\d{2}-\\d{2}\\.html$`));
    const text = html.bytes.toString('utf8');
    expect(text.slice(0, 200).toLowerCase()).toContain('<!doctype html');
    expect(text).toContain('Rua Oscar Freire, 1200');
  }
  const pdf = await download(page, 'Baixar PDF');
  expect(pdf.name).toMatch(/^relatorio-complete-rua-oscar-freire-1200-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(pdf.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  expect(pdf.bytes.length).toBeGreaterThan(5_000);

  // 'Visualizar Relatório': the report in a new tab.
  const [tab] = await Promise.all([page.waitForEvent('popup'), exports.getByRole('button', { name: 'Visualizar Relatório' }).click()]);
  await expect(tab.getByText('Rua Oscar Freire, 1200').first()).toBeVisible({ timeout: 20_000 });
  await tab.close();

  // Variant B (from the property) offers the same, and a PDF comes from it too.
  await page.goto(`/analysis/${analysisId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Rua Oscar Freire, 1200' })).toBeVisible();
  await expectShortTrail(page, analysisId);
  await page.getByTestId('report-export').getByLabel('Modelo do relatório').selectOption({ label: 'Executivo' });
  const pdfB = await download(page, 'Baixar PDF');
  expect(pdfB.name).toMatch(/^relatorio-executive-rua-oscar-freire-1200-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(pdfB.bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  const htmlB = await download(page, 'Baixar Relatório HTML');
  expect(htmlB.name).toMatch(/^relatorio-executive-.+\.html$/);
  assertClean();
});

test('/analise keeps the last result after a reload', async ({ page }) => {
  test.setTimeout(90_000);
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Paulo Reis', email: uniqueEmail('recarregar') });
  await page.goto('/analise');
  await page.getByLabel('Endereço').fill('Rua Augusta, 2000');
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByLabel('Estado', { exact: true }).selectOption('SP');
  await page.getByLabel('Tipo de imóvel').selectOption('apartamento');
  const financial = page.getByRole('button', { name: /Aspectos Financeiros/ });
  if ((await financial.getAttribute('aria-expanded')) !== 'true') await financial.click();
  await page.getByLabel('Valor pretendido (R$)').fill('750.000');
  await page.getByRole('button', { name: 'Iniciar Análise' }).click();
  const heading = page.getByRole('heading', { name: 'Completa - Relatório', exact: true });
  await expect(heading).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('analysis-status')).toHaveText('Análise Concluída');

  await page.reload();
  await expect(heading).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('report-card')).toContainText('Rua Augusta, 2000');
  await page.getByRole('tab', { name: 'Relatórios' }).click();
  await expect(page.getByRole('button', { name: 'Baixar PDF' })).toBeVisible();
  assertClean();
});
