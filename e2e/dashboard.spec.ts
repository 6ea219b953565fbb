import { expect, test, type APIRequestContext } from '@playwright/test';
import { ORIGIN, signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

const HEADERS = { origin: ORIGIN };

const QUESTIONNAIRE = {
  address: 'Avenida Beira-Mar Norte, 2000',
  city: 'Florianópolis',
  state: 'SC',
  propertyType: 'apartamento',
  usableArea: '90',
  builtArea: '110',
  targetValue: '950.000',
  condition: 'bom',
  mainObjective: 'investimento',
};

/** Starts a run through the API with the browser's session and waits until it is finished. */
async function runAnalysis(request: APIRequestContext): Promise<{ analysisId: string; propertyId: string }> {
  const res = await request.post('/api/analyses/runs', { data: { analysisType: 'complete', questionnaire: QUESTIONNAIRE }, headers: HEADERS });
  expect(res.status(), await res.text()).toBe(202);
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

test('dashboard: onboarding once, real figures after a run, recent analysis, and Ctrl+K finds the property', async ({ page }) => {
  test.setTimeout(120_000);
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Beatriz Lima', email: uniqueEmail('painel') });
  const arrived = Date.now();

  // Onboarding: opens about a second after arrival, for someone who never finished or skipped it.
  const onboarding = page.getByTestId('onboarding-dialog');
  await expect(onboarding).toBeVisible({ timeout: 5000 });
  expect(Date.now() - arrived).toBeGreaterThan(500);
  await expect(onboarding.getByRole('heading', { name: 'Boas-vindas ao Viabiliza!' })).toBeVisible();
  await expect(onboarding).toContainText('Passo 1 de 5');
  await expect(onboarding.getByRole('button', { name: 'Anterior' })).toBeDisabled();
  await onboarding.getByRole('button', { name: 'Próximo' }).click();
  await expect(onboarding).toContainText('Passo 2 de 5');
  await expect(onboarding.getByRole('button', { name: 'Anterior' })).toBeEnabled();
  await onboarding.getByRole('button', { name: 'Pular Tutorial' }).click();
  await expect(onboarding).toBeHidden();
  expect(await page.evaluate<string | null>("window.localStorage.getItem('onboarding_skipped')")).toBe('true');

  // Skipped once: never again by itself. The page's clock is moved past the onboarding's delay
  // (time otherwise flows as usual), so the dialog would be open by now if it were coming.
  await page.clock.install();
  await page.reload();
  await expect(page.getByRole('heading', { name: /Olá, Beatriz Lima/ })).toBeVisible();
  await page.clock.fastForward(5000);
  await expect(onboarding).toHaveCount(0);

  // Nothing yet: zeros and a dash, not a made-up 95%.
  await expect(page.getByTestId('stat-analises').getByTestId('stat-value')).toHaveText('0');
  await expect(page.getByTestId('stat-taxa-de-sucesso').getByTestId('stat-value')).toHaveText('—');
  await expect(page.getByText('Nenhuma análise encontrada')).toBeVisible();

  const { analysisId, propertyId } = await runAnalysis(page.request);
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(page.getByTestId('stat-analises').getByTestId('stat-value')).toHaveText('1');
  await expect(page.getByTestId('stat-propriedades').getByTestId('stat-value')).toHaveText('1');
  await expect(page.getByTestId('stat-taxa-de-sucesso').getByTestId('stat-value')).toHaveText('100%');

  // Recentes: type, provider, preview and 'Ver Completo' in a new window.
  const recent = page.getByTestId('recent-analysis');
  await expect(recent).toHaveCount(1);
  await expect(recent).toContainText('Completa');
  await expect(recent).toContainText('Motor Viabiliza');
  const viewFull = recent.getByRole('link', { name: /Ver Completo/ });
  await expect(viewFull).toHaveAttribute('href', `/dashboard/analysis/${analysisId}`);
  await expect(viewFull).toHaveAttribute('target', '_blank');
  await expect(viewFull).toHaveAttribute('rel', 'noopener');
  const [popup] = await Promise.all([page.waitForEvent('popup'), viewFull.click()]);
  await expect(popup).toHaveURL(new RegExp(`/dashboard/analysis/${analysisId}$`));
  await popup.close();

  // Visão Geral: this month against the goals, and the person's own runs (the server's checks are an admin's: own-status.spec.ts).
  await page.getByRole('tab', { name: 'Visão Geral' }).click();
  await expect(page.getByTestId('goal-analyses')).toContainText('1 / 100');
  await expect(page.getByTestId('goal-documents')).toContainText('0 / 500');
  await expect(page.getByTestId('own-concluidas')).toContainText('1');
  await expect(page.getByTestId('system-database')).toHaveCount(0);

  // Atividade: figures from the analysis and the cache.
  await page.getByRole('tab', { name: 'Atividade' }).click();
  await expect(page.getByTestId('metric-Cache Entries')).toContainText('1');
  await expect(page.getByTestId('metric-Cache Hit Rate')).toContainText('0%');
  await expect(page.getByTestId('type-row')).toHaveText([/Completa\s*1\s*100,0%/]);

  // Ctrl+K: the property by its title typed without accents; choosing it navigates, closes and clears.
  await page.keyboard.press('Control+k');
  const input = page.getByPlaceholder('Digite para buscar...');
  await expect(input).toBeVisible();
  await input.fill('beira-mar norte');
  const result = page.getByTestId('search-property');
  await expect(result).toHaveCount(1);
  // A new property is named by its address (issue 18): its title and its address line.
  await expect(result).toContainText('Avenida Beira-Mar Norte, 2000');
  await expect(page.getByText('Resultados', { exact: true })).toBeVisible();
  await result.click();
  await expect(page).toHaveURL(`/dashboard?property=${propertyId}`);
  await expect(input).toBeHidden();
  const focus = page.getByTestId('property-focus');
  await expect(focus).toContainText('Avenida Beira-Mar Norte, 2000');
  await expect(focus.getByRole('link', { name: 'Ver Histórico' })).toHaveAttribute('href', `/dashboard/property/${propertyId}/history`);
  await page.getByRole('tab', { name: 'Recentes' }).click();
  await expect(page.getByTestId('recent-analysis')).toHaveAttribute('data-highlighted', 'true');

  await page.keyboard.press('Control+k');
  await expect(input).toHaveValue('');
  await input.fill('zzzz inexistente');
  await expect(page.getByText('Nenhum resultado encontrado.')).toBeVisible();
  await page.keyboard.press('Escape');
  assertClean();
});
