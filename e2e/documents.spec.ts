import { expect, test } from '@playwright/test';
import { signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

const DEED =
  'ESCRITURA PÚBLICA DE COMPRA E VENDA. Outorgante vendedor: JOÃO DA SILVA. Imóvel situado na Rua das Flores, nº 120, ' +
  'Florianópolis/SC, CEP 88010-000, área total de 360,00 m². Valor da transação R$ 850.000,00.';

test('uploads documents: the good one is extracted live, the suspicious one quarantined, the empty one refused', async ({ page }) => {
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Renata Alves', email: uniqueEmail('docs') });
  // The page's first read of the list answers only after the upload has (as on a busy server): that
  // older answer must not wipe the files the upload added, nor their progress.
  let uploadAnswered!: () => void;
  const afterUpload = new Promise<void>((resolve) => (uploadAnswered = resolve));
  let held = false;
  await page.route('**/api/documents', async (route) => {
    const response = await route.fetch();
    if (route.request().method() === 'GET' && !held) {
      held = true;
      await afterUpload;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await route.fulfill({ response });
    if (route.request().method() === 'POST') uploadAnswered();
  });
  await page.goto('/analise');

  await page.getByLabel('Selecionar arquivos').setInputFiles([
    { name: 'escritura.txt', mimeType: 'text/plain', buffer: Buffer.from(DEED) },
    { name: 'pagina.txt', mimeType: 'text/plain', buffer: Buffer.from('<html><script>alert(1)</script> texto do documento </html>') },
  ]);

  await expect(page.getByText('1 arquivo(s) em quarentena devido a problemas de segurança')).toBeVisible();
  const files = page.getByRole('list', { name: 'Arquivos Enviados' });
  await expect(files.getByText('escritura.txt')).toBeVisible();
  await expect(files.getByText('Concluído')).toBeVisible({ timeout: 20_000 });
  await expect(files.getByText('Quarentena')).toBeVisible();

  // The browser refuses an empty file before sending it, with the spec's message.
  await page.getByLabel('Selecionar arquivos').setInputFiles([{ name: 'vazio.txt', mimeType: 'text/plain', buffer: Buffer.alloc(0) }]);
  await expect(page.getByText('vazio.txt: Arquivo não pode estar vazio')).toBeVisible();

  // 'Extração IA' shows the detected document type and its key fields with page numbers.
  await page.getByRole('tab', { name: /Extração IA/ }).click();
  await expect(page.getByText('Escritura').first()).toBeVisible();
  await expect(page.getByText('R$ 850.000,00').first()).toBeVisible();
  assertClean();
});
