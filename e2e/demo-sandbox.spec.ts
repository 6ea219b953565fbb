import { expect, test, type Browser, type Page } from '@playwright/test';
import { watchConsole } from './helpers.ts';

/**
 * Issue 18, item 4: each 'Entrar como Demo' opens a private sandbox cloned from the sample data.
 * Two visitors in two browser contexts (two cookie jars, as two people on two machines): what the
 * first uploads and renames never shows for the second, and both start from the same sample data.
 */
const SAMPLE_TITLES = ['Apartamento em Pinheiros (reforma e revenda)', 'Terreno para incorporação em Florianópolis'];
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

/** The sample property's id (each property shows only its own files on /analise?imovel=). */
async function samplePropertyId(page: Page, title: string): Promise<string> {
  const { properties } = await (await page.request.get('/api/properties')).json();
  return (properties as { id: string; title: string }[]).find((p) => p.title === title)!.id;
}

/**
 * The sample data: both properties analysed, one deal that closes and one that does not, counts that
 * agree on the dashboard, and 'Simular cenário' opening on each sample analysis.
 */
async function expectSampleData(page: Page) {
  await page.goto('/history');
  for (const title of SAMPLE_TITLES) await expect(page.getByText(title).first()).toBeVisible();
  const { items } = await (await page.request.get('/api/analyses')).json();
  expect((items as { scoreBand: string }[]).map((i) => i.scoreBand).sort()).toEqual(['alta', 'baixa']);
  const stats = await (await page.request.get('/api/dashboard/stats')).json();
  expect([stats.totalAnalyses, stats.own.runs.completed]).toEqual([2, 2]);
  await page.goto('/dashboard');
  await expect(page.getByText('Nenhuma análise executada ainda')).toHaveCount(0);
  for (const item of items as { id: string }[]) {
    await page.goto(`/dashboard/analysis/${item.id}`);
    await page.getByRole('tab', { name: 'Simular cenário' }).click();
    await expect(page.getByTestId('what-if')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('Erro interno do servidor')).toHaveCount(0);
    await expect(page.getByTestId('scenario-value-targetValue')).toBeVisible();
  }
}

test('two demo visitors each get a private sandbox: an upload and a new name stay with the one who made them', async ({ browser }) => {
  test.setTimeout(180_000);
  const one = await visitor(browser);
  const two = await visitor(browser);

  // Both start from the sample data.
  await expectSampleData(one.page);
  await expectSampleData(two.page);

  // Visitor 1 uploads a document ('Novo imóvel': it becomes a property of its own) and changes the profile name.
  await one.page.goto('/analise');
  await one.page.getByLabel('Selecionar arquivos').setInputFiles([{ name: UPLOAD, mimeType: 'text/plain', buffer: Buffer.from(DEED) }]);
  const filesOne = one.page.getByRole('list', { name: 'Arquivos Enviados' });
  await expect(filesOne.getByRole('listitem').filter({ hasText: UPLOAD }).getByText('Concluído')).toBeVisible({ timeout: 30_000 });
  await expect(one.page).toHaveURL(/\/analise\?imovel=[0-9a-f-]{36}$/);
  const uploadWorkspace = one.page.url();
  await expect(filesOne.getByText(SAMPLE_FILE)).toHaveCount(0);
  await one.page.goto('/profile');
  await one.page.getByLabel('Nome Completo').fill('Visitante Um');
  await one.page.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expect(one.page.getByText('Perfil atualizado com sucesso!')).toBeVisible();
  await one.page.goto('/dashboard');
  await expect(one.page.getByRole('heading', { name: 'Olá, Visitante Um!' })).toBeVisible();

  // Visitor 2 sees neither: the sample property's files without the upload, the demo name unchanged.
  await two.page.goto('/analise');
  await expect(two.page.getByText('Nenhum arquivo enviado ainda.')).toBeVisible();
  await two.page.goto(`/analise?imovel=${await samplePropertyId(two.page, SAMPLE_TITLES[0]!)}`);
  const filesTwo = two.page.getByRole('list', { name: 'Arquivos Enviados' });
  await expect(filesTwo.getByText(SAMPLE_FILE)).toBeVisible();
  await expect(filesTwo.getByText(UPLOAD)).toHaveCount(0);
  await two.page.goto('/profile');
  await expect(two.page.getByLabel('Nome Completo')).toHaveValue('Usuário Demo');
  await two.page.goto('/dashboard');
  await expect(two.page.getByRole('heading', { name: 'Olá, Usuário Demo!' })).toBeVisible();
  await expect(two.page.getByText('Visitante Um')).toHaveCount(0);

  // Visitor 1 still has both the sample data and their own upload, each on its own property.
  await one.page.goto(uploadWorkspace);
  await expect(filesOne.getByText(UPLOAD)).toBeVisible();
  await one.page.goto(`/analise?imovel=${await samplePropertyId(one.page, SAMPLE_TITLES[0]!)}`);
  await expect(filesOne.getByText(SAMPLE_FILE)).toBeVisible();
  await expect(filesOne.getByText(UPLOAD)).toHaveCount(0);

  one.assertClean();
  two.assertClean();
  await one.close();
  await two.close();
});
