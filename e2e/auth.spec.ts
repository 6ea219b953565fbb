import { expect, test } from '@playwright/test';
import { ORIGIN, PASSWORD, signInInUi, signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

test('sign-up with the strength meter and validation, then the dashboard greets by name', async ({ page }) => {
  const assertClean = watchConsole(page);
  await page.goto('/registro');
  await expect(page.getByRole('heading', { name: 'Criar Conta' })).toBeVisible();

  // Client-side comfort: the spec's messages under the fields.
  await page.getByLabel('Nome Completo').fill('A');
  await page.getByLabel('Senha', { exact: true }).fill('abc');
  await expect(page.getByText('Fraca')).toBeVisible();
  await page.getByRole('button', { name: 'Criar Conta', exact: true }).click();
  await expect(page.getByText('Nome deve ter pelo menos 2 caracteres')).toBeVisible();

  // The meter runs the server's own rule: a password the server refuses is never called strong.
  await page.getByLabel('Senha', { exact: true }).fill('Abcdefg1!');
  await expect(page.getByText(/^(?:Forte|Muito forte)$/)).toHaveCount(0);
  await page.getByLabel('Senha', { exact: true }).fill('Jabuticaba!Roxa9');
  await expect(page.getByText(/^(?:Forte|Muito forte)$/)).toBeVisible();

  const email = uniqueEmail('cadastro');
  await signUpInUi(page, { fullName: 'Marina Costa', email, company: 'Incorporadora Ilha' });
  await expect(page.getByRole('heading', { name: /Olá, Marina Costa/ })).toBeVisible();
  // The avatar initial is the first letter of the e-mail (spec 01 §2).
  await expect(page.getByRole('button', { name: 'Menu do usuário' })).toHaveText('C');
  assertClean();
});

test('a registered e-mail gets the spec message', async ({ page, request }) => {
  const email = uniqueEmail('repetido');
  await request.post('/api/auth/sign-up', { data: { fullName: 'Primeira', email, password: PASSWORD }, headers: { origin: ORIGIN } });
  await page.goto('/registro');
  await page.getByLabel('Nome Completo').fill('Segunda Pessoa');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Criar Conta', exact: true }).click();
  await expect(page.getByText('Este email já está cadastrado. Tente fazer login.').first()).toBeVisible();
});

test('wrong password is refused; the right one signs in; sign-out signs out', async ({ page }) => {
  const assertClean = watchConsole(page);
  const email = uniqueEmail('login');
  // The dashboard's onboarding opens a second after arrival and would close the user menu under the click.
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  await signUpInUi(page, { fullName: 'Rafael Nunes', email });
  await expect(page.getByRole('heading', { name: /Olá, Rafael Nunes/ })).toBeVisible();
  await page.getByRole('button', { name: 'Menu do usuário' }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await expect(page.getByRole('link', { name: 'Entrar' }).first()).toBeVisible();

  await signInInUi(page, email, 'SenhaErrada1!');
  await expect(page.getByText('Email ou senha incorretos').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await signInInUi(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Menu do usuário' })).toBeVisible();

  // A signed-in visitor of /auth goes home; of /registro, to the dashboard.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/registro');
  await expect(page).toHaveURL(/\/dashboard$/);
  assertClean();
});

test('demo entry opens the demo account through the server', async ({ page }) => {
  const assertClean = watchConsole(page);
  await page.goto('/auth');
  await expect(page.getByText('Experimentar Plataforma')).toBeVisible();
  await page.getByRole('button', { name: 'Entrar como Demo' }).click();
  await expect(page.getByText('Login realizado como usuário demo!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: /Usuário Demo/ })).toBeVisible();
  assertClean();
});
