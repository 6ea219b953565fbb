import { expect, test } from '@playwright/test';
import { adminEmail, apiSession, signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

const ADMIN_EMAIL = adminEmail('notifications');

test('notifications arrive live, and can be marked read and deleted', async ({ page, browser }) => {
  const assertClean = watchConsole(page);
  const email = uniqueEmail('notif');
  // The dashboard's onboarding dialog would cover the bell's panel; it has its own test.
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  await signUpInUi(page, { fullName: 'Lucas Prado', email });

  // The welcome notification comes from the job queue.
  const bell = page.getByRole('button', { name: /^Notificações/ });
  await expect(bell).toHaveAccessibleName(/1 não lida/, { timeout: 15_000 });

  // An admin elsewhere changes this user's role: the notification is pushed over SSE, live.
  const adminContext = await browser.newContext();
  const admin = await apiSession(adminContext.request, ADMIN_EMAIL, 'Admin E2E');
  const users = (await (await adminContext.request.get('/api/admin/users')).json()).users as { id: string; email: string }[];
  const me = users.find((u) => u.email === email)!;
  const grant = await adminContext.request.post(`/api/admin/users/${me.id}/role`, { data: { role: 'admin' }, headers: admin.headers });
  expect(grant.ok()).toBeTruthy();
  await adminContext.close();

  await expect(page.getByText('Papel atualizado').first()).toBeVisible();
  await expect(bell).toHaveAccessibleName(/2 não lida/);

  await bell.click();
  await expect(page.getByText('Notificações', { exact: true }).first()).toBeVisible();
  const panel = page.getByRole('list', { name: 'Lista de notificações' });
  await expect(panel.getByText('Bem-vindo ao Viabiliza!')).toBeVisible();
  await expect(panel.getByText('Papel atualizado')).toBeVisible();
  await expect(page.getByText('2 não lida(s)')).toBeVisible();

  await page.getByRole('button', { name: 'Marcar como lida' }).first().click();
  await expect(page.getByText('1 não lida(s)')).toBeVisible();
  await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
  await expect(bell).toHaveAccessibleName('Notificações');

  await page.getByRole('button', { name: 'Excluir notificação' }).first().click();
  await page.getByRole('button', { name: 'Excluir notificação' }).first().click();
  await expect(page.getByText('Nenhuma notificação')).toBeVisible();
  assertClean();
});
