import { expect, test } from '@playwright/test';
import { signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

/**
 * Issue 24, item 5: a file that failed has 'Tentar novamente' beside 'Remover'; pressing it puts the
 * file back in the queue on the server (its owner only), and the file says what happened again.
 */
test('a failed file can be tried again from the list, and says so', async ({ page }) => {
  test.setTimeout(120_000);
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Otávio Brandão', email: uniqueEmail('retry') });
  await page.goto('/analise');
  // Six characters: under the minimum of a text file, a final error on every attempt.
  await page.getByLabel('Selecionar arquivos').setInputFiles([{ name: 'curto.txt', mimeType: 'text/plain', buffer: Buffer.from('curto\n') }]);

  const files = page.getByRole('list', { name: 'Arquivos Enviados' });
  const item = files.getByTestId('document-item').filter({ hasText: 'curto.txt' });
  await expect(item.getByText('Erro', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(item.getByText(/Arquivo de texto muito pequeno ou vazio/)).toBeVisible();

  let retried = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/documents\/[^/]+\/retry$/.test(request.url())) retried = true;
  });
  await item.getByRole('button', { name: 'Tentar novamente curto.txt' }).click();
  await expect(page.getByText('Nova tentativa de leitura: curto.txt')).toBeVisible();
  expect(retried).toBe(true);
  // Read again, it fails again for the same reason: the error is the file's, not the machine's.
  await expect(item.getByText('Erro', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(item.getByRole('button', { name: 'Tentar novamente curto.txt' })).toBeEnabled();
  assertClean();
});
