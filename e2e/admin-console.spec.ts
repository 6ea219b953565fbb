import { expect, test } from '@playwright/test';
import { adminEmail, apiSession, signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

const ADMIN_EMAIL = adminEmail('admin-console');

test('a non-admin is refused on /admin and /testing, in the browser and by the server', async ({ page }) => {
  const assertClean = watchConsole(page);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  await signUpInUi(page, { fullName: 'Pessoa Comum', email: uniqueEmail('console') });
  for (const path of ['/admin', '/testing']) {
    await page.goto(path);
    await expect(page.getByText('Você não tem permissão para acessar esta área.')).toBeVisible();
  }
  expect((await page.request.get('/api/admin/console/overview')).status()).toBe(403);
  expect((await page.request.get('/api/admin/tests/reports')).status()).toBe(403);
  assertClean();
});

test('the admin sees the four tabs and runs the smoke tests on the server', async ({ page }) => {
  test.setTimeout(90_000);
  const assertClean = watchConsole(page);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  await apiSession(page.request, ADMIN_EMAIL, 'Admin E2E');
  await page.goto('/admin');
  await expect(page.getByText('Área Administrativa')).toBeVisible();
  await expect(page.getByText('Versão 1.0.0')).toBeVisible();

  // Monitoring (default): statuses from the probes and the overall state.
  for (const name of ['Database', 'Auth', 'Storage', 'AI']) await expect(page.getByText(name, { exact: true })).toBeVisible();
  await expect(page.getByTestId('overall-status')).toHaveText(/Saudável|Atenção|Crítico/);
  // The header badge follows the same status instead of a fixed 'Sistema Ativo'.
  const overall = (await page.getByTestId('overall-status').textContent()) ?? '';
  const badge = { Saudável: 'Sistema Ativo', Atenção: 'Sistema em Atenção', Crítico: 'Sistema Crítico' }[overall.match(/Saudável|Atenção|Crítico/)![0]!];
  await expect(page.getByTestId('system-badge')).toHaveText(badge!);
  await expect(page.getByText(/Última atualização:/)).toBeVisible();
  await page.getByRole('button', { name: 'Parar' }).click();
  await expect(page.getByRole('button', { name: 'Iniciar' })).toBeVisible();

  // Testing: a real smoke run, its stored report and the go-live criteria.
  await page.getByRole('tab', { name: 'Testes' }).click();
  await page.getByRole('button', { name: 'Smoke Tests' }).click();
  const report = page.getByTestId('test-report');
  await expect(report.getByText('Banco de dados (GET /api/health/db)')).toBeVisible({ timeout: 60_000 });
  await expect(report.getByText('Autenticação: cadastro, login, logout e exclusão')).toBeVisible();
  await expect(report.locator('li[data-status="passed"]')).toHaveCount(4);
  await expect(page.getByTestId('go-live').getByText('Todos os smoke tests passando')).toBeVisible();
  const stored = await (await page.request.get('/api/admin/tests/reports')).json();
  expect(stored.latest).toMatchObject({ suite: 'smoke', passed: 4, failed: 0 });
  const download = page.waitForEvent('download');
  await report.getByRole('button', { name: 'Exportar relatório' }).click();
  expect((await download).suggestedFilename()).toMatch(/^relatorio-testes-smoke-.*\.json$/);

  // Deployment: computed checks, and how to configure a hook when none is set.
  await page.getByRole('tab', { name: 'Deploy' }).click();
  await expect(page.getByTestId('go-live-status')).toBeVisible();
  await page.getByRole('tab', { name: 'Ambientes' }).click();
  await expect(page.getByText('Nenhum hook de deploy configurado')).toBeVisible();
  await expect(page.getByText('Banco de dados', { exact: true })).toBeVisible();

  // System: the health panel and the users table.
  await page.getByRole('tab', { name: 'Sistema' }).click();
  await expect(page.getByTestId('system-health').getByText('Processamento de arquivos')).toBeVisible();
  await expect(page.getByText(ADMIN_EMAIL).first()).toBeVisible();
  assertClean();
});

test('the admin runs the real-data scenarios and the E2E groups on /testing', async ({ page }) => {
  test.setTimeout(150_000);
  const assertClean = watchConsole(page);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  await apiSession(page.request, ADMIN_EMAIL, 'Admin E2E');
  await page.goto('/testing');
  await expect(page.getByRole('heading', { name: 'Centro de Testes' })).toBeVisible();
  await page.getByRole('tab', { name: 'Dados reais' }).click();
  await expect(page.getByText('Galpão industrial')).toBeVisible();
  await expect(page.getByText('matricula-galpao-jundiai.txt')).toBeVisible();
  await page.getByRole('button', { name: 'Executar Todos' }).click();
  await expect(page.getByTestId('scenario-warehouse').getByText('Passou')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('scenario-residential').getByText('Passou')).toBeVisible();
  await expect(page.getByTestId('scenario-commercial').getByText('Passou')).toBeVisible();

  // The E2E groups, run through the API with a throwaway account.
  await page.getByRole('tab', { name: 'E2E' }).click();
  await page.getByRole('button', { name: 'Executar Testes' }).click();
  const report = page.getByTestId('test-report');
  await expect(report.getByText('Visualização dos resultados')).toBeVisible({ timeout: 90_000 });
  await expect(report.locator('li[data-status="passed"]')).toHaveCount(9);
  await page.getByRole('button', { name: 'Resetar' }).click();
  await expect(page.getByText('Nenhum resultado exibido.')).toBeVisible();
  assertClean();
});
