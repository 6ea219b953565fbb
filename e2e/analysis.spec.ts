import { expect, test, type Page } from '@playwright/test';
import { signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

// The spec's texts, written out: the test checks them as the person reads them.
const NO_DATA = 'Preencha pelo menos algumas informações do questionário ou faça upload de documentos';
const INSUFFICIENT = 'Conteúdo insuficiente para análise. Preencha mais informações no questionário ou adicione documentos.';
const STEP_LABELS = [
  'Verificando cache...',
  'Na fila...',
  'Preparando análise...',
  'Montando conteúdo dos documentos...',
  'Criando registro da propriedade...',
  'Calculando a análise...',
  'Salvando resultados...',
];

/** Every text the live step line shows, recorded in the page: a fast run may pass a step in milliseconds. */
async function recordSteps(page: Page) {
  // A string: this tsconfig has no DOM types, and the code runs in the page anyway.
  await page.evaluate(`(() => {
    const target = document.querySelector('[data-testid="analysis-step"]');
    const seen = (window.__steps = []);
    new MutationObserver(() => {
      const text = target.textContent.trim();
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(target, { childList: true, characterData: true, subtree: true });
  })()`);
  return () => page.evaluate<string[]>('window.__steps');
}

async function openSection(page: Page, title: string) {
  const trigger = page.getByRole('button', { name: new RegExp(title) });
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
}

test('analysis: preconditions, autosave, a live run, the report and its tabs, the text download, the demo', async ({ page }) => {
  test.setTimeout(90_000);
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Carla Nunes', email: uniqueEmail('analise') });
  await page.goto('/analise');

  // Nothing filled, nothing uploaded: the button waits and says why.
  const start = page.getByRole('button', { name: 'Iniciar Análise' });
  await expect(start).toBeDisabled();
  await expect(page.getByText(NO_DATA)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar' })).toBeDisabled();

  // A single city is data, but not enough content to analyse.
  await page.getByLabel('Cidade').fill('São Paulo');
  await start.click();
  await expect(page.getByText(INSUFFICIENT)).toBeVisible();

  // The CEP is masked while typed and checked when left.
  await page.getByLabel('CEP').fill('0131');
  await page.getByLabel('Cidade').focus();
  await expect(page.getByText('CEP deve ter o formato 00000-000', { exact: true })).toBeVisible();
  await page.getByLabel('CEP').fill('01310100');
  await expect(page.getByLabel('CEP')).toHaveValue('01310-100');

  await page.getByLabel('Endereço').fill('Avenida Paulista, 1000');
  await page.getByLabel('Estado', { exact: true }).selectOption('SP');
  await page.getByLabel('Tipo de imóvel').selectOption('apartamento');
  await openSection(page, 'Características Físicas');
  await page.getByLabel('Área útil (m²)').fill('80');
  await openSection(page, 'Aspectos Financeiros');
  await page.getByLabel('Valor pretendido (R$)').fill('800.000');
  await expect(page.getByText('= R$ 800.000,00')).toBeVisible();
  // 7 of the form's 27 fields (issue 18: the total is the fields themselves, not the prototype's 25).
  await expect(page.getByLabel('26% preenchido')).toBeVisible();
  await expect(page.getByText('7 de 27 campos preenchidos')).toBeVisible();

  // Autosave: everything is back after a reload.
  await page.reload();
  await expect(page.getByLabel('Cidade')).toHaveValue('São Paulo');
  await expect(page.getByLabel('CEP')).toHaveValue('01310-100');
  await expect(page.getByLabel('Estado', { exact: true })).toHaveValue('SP');
  await expect(page.getByLabel('Tipo de imóvel')).toHaveValue('apartamento');
  await openSection(page, 'Características Físicas');
  await expect(page.getByLabel('Área útil (m²)')).toHaveValue('80');
  await openSection(page, 'Aspectos Financeiros');
  await expect(page.getByLabel('Valor pretendido (R$)')).toHaveValue('800.000');
  await expect(page.getByTestId('analysis-status')).toHaveText('Aguardando Análise');

  // The run: live step text, then the report card.
  const steps = await recordSteps(page);
  await start.click();
  // The toast (5 s) comes with the run's end, before the report is fetched and drawn: read it first,
  // or a slow render on a shared machine outlives it.
  await expect(page.getByText('Análise salva com sucesso!')).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('heading', { name: 'Completa - Relatório', exact: true })).toBeVisible({ timeout: 45_000 });
  expect((await steps()).some((s) => STEP_LABELS.includes(s))).toBe(true);
  // (The server's 'Análise Concluída' notification may toast too: read the status card itself.)
  await expect(page.getByTestId('analysis-status')).toHaveText('Análise Concluída');
  const report = page.getByTestId('report-card');
  await expect(report.getByText('Gerado com Motor Viabiliza')).toBeVisible();
  await expect(report.getByText(/^Completude dos dados \d+%$/)).toBeVisible();
  await expect(report.getByText(/\d,\d\/10/).first()).toBeVisible();
  const chart = page.getByTestId('cash-flow-chart').first().getByRole('img', { name: /saldo acumulado final/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('.recharts-bar-rectangle').first()).toBeAttached();
  const heatMap = page.getByTestId('sensitivity-heat-map').first();
  await expect(heatMap).toBeVisible();
  await expect(heatMap.getByText('(cenário base)')).toBeAttached();
  await expect(page.getByText(/\bNaN\b/)).toHaveCount(0);

  // Avaliação: the value range with the engine's notes as written.
  await page.getByRole('tab', { name: 'Avaliação' }).click();
  await expect(page.getByTestId('valuation-notes').getByText(/NBR 14653/)).toBeVisible();

  // Insights IA: the engine's risks, opportunities and recommendations.
  await page.getByRole('tab', { name: 'Insights IA' }).click();
  await expect(page.getByRole('heading', { name: /Riscos/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Recomendações/ })).toBeVisible();

  // Relatórios: a saved analysis gets the server's reports (HTML and the text export).
  await page.getByRole('tab', { name: 'Relatórios' }).click();
  const [html] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar Relatório HTML' }).click()]);
  expect(html.suggestedFilename()).toMatch(/^relatorio-complete-.+-\d{4}-\d{2}-\d{2}\.html$/);
  const [text] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar texto' }).click()]);
  expect(text.suggestedFilename()).toMatch(/^analise-.+-\d{4}-\d{2}-\d{2}\.txt$/);
  await expect(page.getByRole('button', { name: 'Exportar', exact: true })).toBeEnabled();

  // Demo mode: the engine on the shipped example, nothing saved.
  await page.getByRole('button', { name: 'Ver Exemplo' }).click();
  await page.getByRole('button', { name: 'Ver Análise Demo' }).click();
  await expect(page.getByTestId('report-card').getByText('Exemplo', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Completa - Relatório', exact: true })).toBeVisible();
  // The example is not saved, so its report comes as the text file of spec 01 §2.
  await page.getByRole('tab', { name: 'Relatórios' }).click();
  const [demoText] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar Relatório', exact: true }).click()]);
  expect(demoText.suggestedFilename()).toBe('analise-resultado.txt');
  await page.getByRole('button', { name: 'Ocultar Exemplo' }).click();
  await expect(page.getByRole('button', { name: 'Iniciar Análise' })).toBeVisible();
  assertClean();
});

test('the free-system details list the providers and go back', async ({ page }) => {
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Bruno Dias', email: uniqueEmail('provedores') });
  await page.goto('/analisar-area');
  await page.getByRole('button', { name: 'Ver Detalhes' }).click();
  await expect(page.getByRole('heading', { name: 'Configurações de API' })).toBeVisible();
  await expect(page.getByText('Nenhuma chave de API é necessária localmente', { exact: false })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Provedores' }).getByText('Motor Viabiliza')).toBeVisible();
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page.getByRole('heading', { name: 'Questionário do Imóvel' })).toBeVisible();
  assertClean();
});
