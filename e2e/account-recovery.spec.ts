import { expect, test } from '@playwright/test';
import { PASSWORD, adminEmail, apiSession, outboxLink, signInInUi, signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

const NEW_PASSWORD = 'Jabuticaba!Roxa9';

test('forgot password → the outbox link → a new password → sign-in; the old session ends', async ({ page, browser, request }) => {
  test.setTimeout(120_000);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  const assertClean = watchConsole(page);
  const email = uniqueEmail('recupera');
  await signUpInUi(page, { fullName: 'Renata Recupera', email });

  // Another device, where the person has forgotten the password.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  const assertPhoneClean = watchConsole(phone);
  await phone.goto('/auth');
  await phone.getByRole('link', { name: 'Esqueceu a senha?' }).click();
  await expect(phone).toHaveURL(/\/esqueci-senha$/);
  await phone.getByLabel('Email').fill(email);
  await phone.getByRole('button', { name: 'Enviar link' }).click();
  await expect(phone.getByText(/Se houver uma conta com este e-mail/)).toBeVisible();

  // No SMTP here: the message waits in the admins' outbox, which shows the link.
  await apiSession(request, adminEmail('account-recovery'), 'Admin Recuperação');
  const link = await outboxLink(request, email, 'Redefinir sua senha');
  expect(link).toMatch(/^\/redefinir-senha\?token=/);

  await phone.goto(link);
  await expect(phone.getByRole('heading', { name: 'Redefinir senha' })).toBeVisible();
  // The meter runs the server's rule: the product's name and a year is never 'Forte'.
  await phone.getByLabel('Nova senha', { exact: true }).fill('Viabiliza2026');
  await expect(phone.getByTestId('password-rule-message')).toContainText('Viabiliza');
  await expect(phone.getByTestId('password-strength-label')).not.toHaveText(/Forte/);
  await phone.getByLabel('Confirme a nova senha').fill('Viabiliza2026');
  await phone.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(phone.getByRole('alert')).toContainText('Viabiliza');

  await phone.getByLabel('Nova senha', { exact: true }).fill(NEW_PASSWORD);
  await expect(phone.getByTestId('password-strength-label')).toHaveText('Muito forte');
  await phone.getByLabel('Confirme a nova senha').fill(NEW_PASSWORD);
  await phone.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(phone.getByText(/Senha redefinida/)).toBeVisible();

  // The link works once.
  await phone.goto(link);
  await phone.getByLabel('Nova senha', { exact: true }).fill('Outra#Senha-Boa77');
  await phone.getByLabel('Confirme a nova senha').fill('Outra#Senha-Boa77');
  await phone.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(phone.getByRole('alert')).toContainText('Link inválido ou expirado');

  // The old password no longer opens the account; the new one does.
  await signInInUi(phone, email, PASSWORD);
  await expect(phone.getByRole('tabpanel', { name: 'Entrar' }).getByText('Email ou senha incorretos')).toBeVisible();
  await signInInUi(phone, email, NEW_PASSWORD);
  await expect(phone).toHaveURL(/\/$/);

  // The first device's session ended with the reset.
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Acesso Restrito' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Criar conta' })).toBeVisible();

  await other.close();
  assertClean();
  assertPhoneClean();
});
