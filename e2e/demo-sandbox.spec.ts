import { expect, test, type Browser, type Page } from '@playwright/test';
import { watchConsole } from './helpers.ts';

/**
 * Issue 18, item 4: each 'Entrar como Demo' opens a private sandbox cloned from the sample data.
 * Two visitors in two browser contexts (two cookie jars, as two people on two machines): what the
 * first uploads and renames never shows for the second, and both start from the same sample data.
 */
const SAMPLE_TITLES = ['Apartamento em Pinheiros', 'Terreno para incorporação em Florianópolis'];
const SAMPLE_FILE = 'matricula-98765.pdf';
const UPLOAD = 'escritura-do-visitante-1.txt';
const DEED =
  'ESCRITURA PÚBLICA DE COMPRA E VENDA. Outorgante vendedor: JOÃO DA SILVA. Imóvel situado na Rua das Flores, nº 120, ' +
  'Florianópolis/SC, CEP 88010-000, área total de 360,00 m². Valor da transação R$ 850.000,00.';

async function visitor(browser: Browser): Promise<{ page: Page; assertClean: () => void; close: () => Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const assertClean = watchConsole(page);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  await page.goto('/auth');
  await expect(page.getByText('Experimentar Plataforma')).toBeVisible();
  await expect(page.getByText(/demonstração só sua, já preenchida com dados de exemplo e apagada após 24 horas/)).toBeVisible();
  await page.getByRole('button', { name: 'Entrar como Demo' }).click();
  await expect(page.getByText('Login realizado como usuário demo!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText(/Esta demonstração é só sua, com dados de exemplo/)).toBeVisible();
  await expect(page.getByText(/serão apagados em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)).toBeVisible();
  return { page, assertClean, close: () => context.close() };
}

async function expectSampleData(page: Page) {
  await page.goto('/history');
  for (const title of SAMPLE_TITLES) await expect(page.getByText(title).first()).toBeVisible();
}

test('two demo visitors each get a private sandbox: an upload and a new name stay with the one who made them', async ({ browser }) => {
  test.setTimeout(120_000);
  const one = await visitor(browser);
  const two = await visitor(browser);

  // Both start from the sample data.
  await expectSampleData(one.page);
  await expectSampleData(two.page);

  // Visitor 1 uploads a document and changes the profile name.
  await one.page.goto('/analise');
  await one.page.getByLabel('Selecionar arquivos').setInputFiles([{ name: UPLOAD, mimeType: 'text/plain', buffer: Buffer.from(DEED) }]);
  const filesOne = one.page.getByRole('list', { name: 'Arquivos Enviados' });
  await expect(filesOne.getByRole('listitem').filter({ hasText: UPLOAD }).getByText('Concluído')).toBeVisible({ timeout: 30_000 });
  await one.page.goto('/profile');
  await one.page.getByLabel('Nome Completo').fill('Visitante Um');
  await one.page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(one.page.getByText('Perfil atualizado com sucesso!')).toBeVisible();
  await one.page.goto('/dashboard');
  await expect(one.page.getByRole('heading', { name: 'Olá, Visitante Um!' })).toBeVisible();

  // Visitor 2 sees neither: the sample files without the upload, the demo name unchanged.
  await two.page.goto('/analise');
  const filesTwo = two.page.getByRole('list', { name: 'Arquivos Enviados' });
  await expect(filesTwo.getByText(SAMPLE_FILE)).toBeVisible();
  await expect(filesTwo.getByText(UPLOAD)).toHaveCount(0);
  await two.page.goto('/profile');
  await expect(two.page.getByLabel('Nome Completo')).toHaveValue('Usuário Demo');
  await two.page.goto('/dashboard');
  await expect(two.page.getByRole('heading', { name: 'Olá, Usuário Demo!' })).toBeVisible();
  await expect(two.page.getByText('Visitante Um')).toHaveCount(0);

  // Visitor 1 still has both the sample data and their own upload.
  await one.page.goto('/analise');
  await expect(filesOne.getByText(UPLOAD)).toBeVisible();
  await expect(filesOne.getByText(SAMPLE_FILE)).toBeVisible();

  one.assertClean();
  two.assertClean();
  await one.close();
  await two.close();
});
