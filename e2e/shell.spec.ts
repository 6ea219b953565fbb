import { expect, test } from '@playwright/test';
import { adminEmail, apiSession, signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

const ADMIN_EMAIL = adminEmail('shell');

test('anonymous visitor: home links, restricted dashboard, 404 page', async ({ page }) => {
  const assertClean = watchConsole(page);
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Entrar' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Analisar Agora' }).first()).toBeVisible();

  await page.goto('/dashboard');
  await expect(page.getByText('Acesso Restrito')).toBeVisible();
  await expect(page.getByText('Faça login para acessar o dashboard')).toBeVisible();

  await page.goto('/pagina-que-nao-existe');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: /início/i }).last().click();
  await expect(page).toHaveURL(/\/$/);
  assertClean();
});

test('profile: save persists across reload, Cancelar restores', async ({ page }) => {
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Paula Mendes', email: uniqueEmail('perfil') });
  await page.goto('/profile');
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await page.getByLabel('Nome Completo').fill('Paula Mendes Rocha');
  await page.getByLabel('Telefone').fill('(48) 99876-5432');
  await page.getByLabel('Empresa').fill('Rocha Empreendimentos');
  await page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(page.getByText('Perfil atualizado com sucesso!')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Nome Completo')).toHaveValue('Paula Mendes Rocha');
  await expect(page.getByLabel('Telefone')).toHaveValue('(48) 99876-5432');
  await expect(page.getByLabel('Empresa')).toHaveValue('Rocha Empreendimentos');

  await page.getByLabel('Nome Completo').fill('Outro Nome');
  await page.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByLabel('Nome Completo')).toHaveValue('Paula Mendes Rocha');
  assertClean();
});

test('the admin guard refuses a user; an admin sees the area', async ({ page, browser }) => {
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Usuária Comum', email: uniqueEmail('comum') });
  await page.goto('/admin');
  await expect(page.getByText('Você não tem permissão para acessar esta área.')).toBeVisible();
  await expect(page.getByText('Usuários e papéis')).toHaveCount(0);
  // And the server says the same to a direct call.
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
  assertClean();

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await apiSession(adminPage.request, ADMIN_EMAIL, 'Admin E2E');
  await adminPage.goto('/admin');
  await expect(adminPage.getByText('Usuários e papéis')).toBeVisible();
  await expect(adminPage.getByText('Administrador').first()).toBeVisible();
  await adminContext.close();
});
