import { expect, test } from '@playwright/test';
import { adminEmail, ORIGIN, apiSession, signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

const ADMIN_EMAIL = adminEmail('security-audit');

test('a non-admin is refused on /security-audit, in the browser and by the server', async ({ page }) => {
  const assertClean = watchConsole(page);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  await signUpInUi(page, { fullName: 'Pessoa Comum', email: uniqueEmail('comum') });
  await page.goto('/security-audit');
  await expect(page.getByText('Você não tem permissão para acessar esta área.')).toBeVisible();
  expect((await page.request.get('/api/admin/audit')).status()).toBe(403);
  expect((await page.request.get('/api/admin/logs')).status()).toBe(403);
  assertClean();
});

test('the admin sees the counters, and a failed sign-in and a suspicious probe arrive live', async ({ page, browser }) => {
  const assertClean = watchConsole(page);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  await apiSession(page.request, ADMIN_EMAIL, 'Admin E2E');
  await page.goto('/security-audit');
  await expect(page.getByRole('heading', { name: 'Auditoria de Segurança em Tempo Real' })).toBeVisible();
  for (const label of ['Total de Eventos', 'Eventos com Falha', 'Atividade Suspeita', 'Usuários de Alto Risco']) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  const before = (await (await page.request.get('/api/admin/audit')).json()).counters;
  await expect(page.getByTestId('audit-count-totalEvents')).toHaveText(String(before.totalEvents));
  await expect(page.getByText(/Atualização automática: ON/)).toBeVisible();

  // Someone else fails to sign in: the event reaches the open page without a reload.
  const stranger = await browser.newContext();
  const email = uniqueEmail('intruso');
  const failed = await stranger.request.post('/api/auth/sign-in', { data: { email, password: 'senha-errada-1' }, headers: { origin: ORIGIN } });
  expect(failed.status()).toBe(401);
  const row = page.getByTestId('audit-event').filter({ hasText: `${email} (sem conta)` });
  await expect(row).toBeVisible();
  await expect(row.getByText('Falha', { exact: true })).toBeVisible();
  await expect(row.getByText('MEDIUM', { exact: true })).toBeVisible();
  await expect(page.getByTestId('audit-count-failedEvents')).toHaveText(String(before.failedEvents + 1));

  // A signed-in non-admin probing an admin endpoint is a failed SUSPICIOUS event: the toast shows it.
  await apiSession(stranger.request, uniqueEmail('curioso'), 'Curioso');
  expect((await stranger.request.get('/api/admin/audit')).status()).toBe(403);
  await expect(page.getByText('Atividade suspeita: SUSPICIOUS_ADMIN_ACCESS')).toBeVisible();
  await expect(page.getByTestId('audit-event').filter({ hasText: 'Acesso administrativo negado' }).first()).toBeVisible();
  await stranger.close();

  await page.getByText(/Atualização automática: ON/).click();
  await expect(page.getByText(/Atualização automática: OFF/)).toBeVisible();
  await page.getByRole('tab', { name: 'Logs' }).click();
  await expect(page.getByRole('button', { name: 'Exportar relatório de erros' })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar relatório de erros' }).click();
  expect((await download).suggestedFilename()).toMatch(/^error-report-\d{4}-\d{2}-\d{2}\.json$/);
  assertClean();
});
