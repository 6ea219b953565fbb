import { expect, test } from '@playwright/test';
import { adminEmail, apiSession, signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

const ADMIN_EMAIL = adminEmail('admin-monitor');

test('a non-admin is refused on /system-monitor and /security, in the browser and by the server', async ({ page }) => {
  const assertClean = watchConsole(page);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  await signUpInUi(page, { fullName: 'Pessoa Comum', email: uniqueEmail('comum') });
  for (const path of ['/system-monitor', '/security']) {
    await page.goto(path);
    await expect(page.getByText('Você não tem permissão para acessar esta área.')).toBeVisible();
  }
  expect((await page.request.get('/api/admin/system-monitor')).status()).toBe(403);
  expect((await page.request.get('/metrics')).status()).toBe(403);
  assertClean();
});

test('the admin sees measured figures on /system-monitor', async ({ page }) => {
  const assertClean = watchConsole(page);
  await apiSession(page.request, ADMIN_EMAIL, 'Admin E2E');
  await page.goto('/system-monitor');
  await expect(page.getByRole('heading', { name: 'Monitor do Sistema' })).toBeVisible();
  for (const name of ['API Gateway', 'Database', 'Authentication', 'File Storage', 'Real-time Service']) {
    await expect(page.getByText(name, { exact: true })).toBeVisible();
  }
  // The figures are the server's: the page shows what the API measured.
  const body = await (await page.request.get('/api/admin/system-monitor')).json();
  expect(body.current.activeUsers).toBeGreaterThanOrEqual(1);
  await expect(page.getByText(/ms$/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await expect(page.getByText(/Atualizado em/)).toBeVisible();
  // The admin's session reads /metrics, and it counts this page's API call.
  const metrics = await (await page.request.get('/metrics')).text();
  expect(metrics).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/admin\/system-monitor",status_class="2xx"\} [1-9]/);
  assertClean();
});

test('the admin ends another user’s session on /security and that user is signed out', async ({ page, browser }) => {
  const assertClean = watchConsole(page);
  const other = await browser.newContext();
  const email = uniqueEmail('sessao');
  await apiSession(other.request, email, 'Sessão Alvo');
  expect((await other.request.get('/api/notifications')).status()).toBe(200);

  await apiSession(page.request, ADMIN_EMAIL, 'Admin E2E');
  await page.goto('/security');
  await expect(page.getByRole('heading', { name: 'Painel de Segurança' })).toBeVisible();
  const report = await (await page.request.get('/api/admin/security')).json();
  await expect(page.getByTestId('security-count-pass')).toHaveText(String(report.counts.pass));
  await expect(page.getByTestId('security-count-fail')).toHaveText(String(report.counts.fail));
  await expect(page.getByText('Backup recente', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Executar Análise' }).click();

  await page.getByRole('button', { name: new RegExp(`Finalizar sessão de ${email.replace(/[.]/g, '\\.')}`) }).click();
  await expect(page.getByText('Sessão finalizada')).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  expect((await other.request.get('/api/notifications')).status()).toBe(401);
  await other.close();
  assertClean();
});
