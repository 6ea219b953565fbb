import { expect, test } from '@playwright/test';
import { PASSWORD, adminEmail, apiSession, signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

const ADMIN_EMAIL = adminEmail('backup-analytics');

test('a non-admin is refused on /backup and /analytics, in the browser and by the server', async ({ page }) => {
  const assertClean = watchConsole(page);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  await signUpInUi(page, { fullName: 'Pessoa Comum', email: uniqueEmail('comum') });
  for (const path of ['/backup', '/analytics']) {
    await page.goto(path);
    await expect(page.getByText('Você não tem permissão para acessar esta área.')).toBeVisible();
  }
  expect((await page.request.get('/api/admin/backups')).status()).toBe(403);
  expect((await page.request.get('/api/admin/analytics')).status()).toBe(403);
  assertClean();
});

test('the admin creates a backup, sees it completed with its size, and downloads it after confirming the password', async ({ page }) => {
  const assertClean = watchConsole(page);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  await apiSession(page.request, ADMIN_EMAIL, 'Admin E2E');
  await page.goto('/backup');
  await expect(page.getByRole('heading', { name: 'Sistema de Backup' })).toBeVisible();
  const before = await (await page.request.get('/api/admin/backups')).json();
  await page.getByRole('button', { name: 'Criar backup' }).click();
  await expect(page.getByText('Backup iniciado')).toBeVisible();
  // The newest row reaches 'Concluído' by polling the server, and shows the archive's real size.
  const row = page.getByTestId('backup-row').first();
  await expect(row.getByText('Concluído', { exact: true })).toBeVisible({ timeout: 30_000 });
  const after = await (await page.request.get('/api/admin/backups')).json();
  expect(after.totals.count).toBe(before.totals.count + 1);
  const newest = after.backups[0];
  expect(newest.status).toBe('completed');
  await expect(row.getByText(newest.backupName)).toBeVisible();
  await expect(row.getByTestId('backup-size')).toContainText(/(?<!\d)\d+(?:,\d+)? (?:B|KB|MB)/);
  await expect(page.getByTestId('backup-total-count')).toHaveText(String(after.totals.count));

  // The password is asked again, from the keyboard: focus lands in the field, Enter submits.
  await row.getByRole('button', { name: `Baixar ${newest.backupName}` }).click();
  const asked = page.getByRole('dialog', { name: 'Baixar backup' });
  await expect(asked.getByLabel('Sua senha')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(asked.getByText('Informe sua senha para continuar.').first()).toBeVisible();
  await page.keyboard.type('Errada123!');
  await page.keyboard.press('Enter');
  await expect(asked.getByText('Senha incorreta. Digite a senha da sua conta para confirmar.').first()).toBeVisible();
  await asked.getByLabel('Sua senha').fill(PASSWORD);
  const download = page.waitForEvent('download');
  await page.keyboard.press('Enter');
  expect((await download).suggestedFilename()).toBe(`${newest.backupName}.tar.gz.enc`);
  await expect(asked).toBeHidden();

  await row.getByRole('button', { name: `Restaurar ${newest.backupName}` }).click();
  const restore = page.getByRole('dialog', { name: 'Restaurar backup' });
  await expect(restore.getByText(`Tem certeza que deseja restaurar o backup "${newest.backupName}"? Esta ação não pode ser desfeita.`)).toBeVisible();
  await expect(restore.getByLabel('Sua senha')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(restore).toBeHidden();
  await expect(row.getByRole('button', { name: `Restaurar ${newest.backupName}` })).toBeFocused();
  assertClean();
});

test('the generated encryption key is shown once, after the password, and never again', async ({ page }) => {
  const assertClean = watchConsole(page);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  await apiSession(page.request, ADMIN_EMAIL, 'Admin E2E');
  await page.goto('/backup');
  const { encryption } = await (await page.request.get('/api/admin/backups')).json();
  expect(encryption).toMatchObject({ algorithm: 'AES-256-GCM', source: 'generated', shownAt: null });
  await expect(page.getByTestId('backup-key-fingerprint')).toHaveText(encryption.fingerprint);
  await page.getByRole('button', { name: 'Exibir chave' }).click();
  const asked = page.getByRole('dialog', { name: 'Exibir chave de criptografia' });
  await expect(asked.getByLabel('Sua senha')).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  const shown = page.getByRole('dialog', { name: 'Chave de criptografia dos backups' });
  await expect(shown.getByText('Esta chave não será exibida novamente.', { exact: false })).toBeVisible();
  await expect(shown.getByLabel('Chave (BACKUP_ENCRYPTION_KEY)')).toHaveValue(/^[A-Za-z0-9+/]{43}=$/);
  await shown.getByRole('button', { name: 'Já guardei a chave' }).click();
  await expect(page.getByRole('button', { name: 'Exibir chave' })).toBeHidden();
  await expect(page.getByText(/exibida em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  expect((await page.request.post('/api/admin/backups/key', { data: { password: PASSWORD }, headers: { origin: new URL(page.url()).origin } })).status()).toBe(409);
  assertClean();
});

test('the admin sees the analytics KPI cards with the server’s figures and switches period', async ({ page }) => {
  const assertClean = watchConsole(page);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  await apiSession(page.request, ADMIN_EMAIL, 'Admin E2E');
  await page.goto('/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics Avançado' })).toBeVisible();
  const r7 = await (await page.request.get('/api/admin/analytics?period=7')).json();
  for (const id of ['active-users', 'analyses', 'success-rate']) await expect(page.getByTestId(`kpi-${id}`)).toBeVisible();
  // A free product shows no revenue.
  await expect(page.getByTestId('kpi-revenue')).toHaveCount(0);
  await expect(page.getByTestId('kpi-analyses-value')).toHaveText(String(r7.kpis.analyses));
  await expect(page.getByTestId('kpi-active-users-value')).toHaveText(String(r7.kpis.activeUsers));
  await page.getByRole('button', { name: '90d' }).click();
  await expect(page.getByText(/· 90 dias/)).toBeVisible();
  await page.getByRole('tab', { name: 'Desempenho' }).click();
  await expect(page.getByText('Uptime medido')).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  expect((await download).suggestedFilename()).toMatch(/^analytics-90d-\d{4}-\d{2}-\d{2}\.csv$/);
  assertClean();
});
