import { expect, test } from '@playwright/test';
import { ORIGIN, signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

/**
 * A property owns its documents: 'Novo imóvel' starts with no documents, its first upload makes the
 * property the workspace's, a second 'Novo imóvel' shows none of the first one's files, the analysis
 * of the second never cites a document of the first, and the API refuses a run of the second that
 * names the first's document.
 */

const MATRICULA_A =
  'REGISTRO DE IMÓVEIS - MATRÍCULA Nº 31.313. Apartamento nº 21 situado na Rua Oscar Freire, 900, São Paulo/SP, com área privativa de 64,00 m². R.1 - COMPRA E VENDA a ALICE PRIMEIRA pelo valor de R$ 640.000,00.';
const MATRICULA_B =
  'REGISTRO DE IMÓVEIS - MATRÍCULA Nº 42.424. Casa situada na Rua Barão de Jaguara, 150, Campinas/SP, com área construída de 140,00 m². R.1 - COMPRA E VENDA a BENTO SEGUNDO pelo valor de R$ 780.000,00.';

test('two properties, each with its own uploads; the second one’s analysis never cites the first’s documents', async ({ page }) => {
  test.setTimeout(180_000);
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Helena Prado', email: uniqueEmail('dois-imoveis') });

  const files = page.getByTestId('document-item');
  const analyse = async (address: string) => {
    await page.getByLabel('Endereço').fill(address);
    await page.getByRole('button', { name: 'Iniciar Análise' }).click();
    await expect(page.getByRole('heading', { name: 'Completa - Relatório', exact: true })).toBeVisible({ timeout: 90_000 });
  };
  const propertyOfUrl = () => new URL(page.url()).searchParams.get('imovel');

  // First property: 'Novo imóvel' with no documents; its first upload creates it.
  await page.goto('/analise');
  await expect(page.getByTestId('new-property-banner')).toContainText('Novo imóvel');
  await expect(page.getByText('Nenhum arquivo enviado ainda.')).toBeVisible();
  await page.getByLabel('Selecionar arquivos').setInputFiles([{ name: 'matricula-oscar-freire.txt', mimeType: 'text/plain', buffer: Buffer.from(MATRICULA_A) }]);
  await expect(page).toHaveURL(/\/analise\?imovel=[0-9a-f-]{36}/);
  const propertyA = propertyOfUrl()!;
  await expect(files).toHaveCount(1);
  await expect(files.getByText('Concluído')).toHaveCount(1, { timeout: 30_000 });
  await analyse('Rua Oscar Freire, 900');

  // Second property: 'Novo imóvel' again shows none of the first one's files.
  await page.getByRole('link', { name: 'Novo imóvel' }).click();
  await expect(page).toHaveURL(/\/analise$/);
  await expect(page.getByTestId('new-property-banner')).toBeVisible();
  await expect(files).toHaveCount(0);
  await expect(page.getByText('Nenhum arquivo enviado ainda.')).toBeVisible();
  await page.getByLabel('Selecionar arquivos').setInputFiles([{ name: 'matricula-barao-de-jaguara.txt', mimeType: 'text/plain', buffer: Buffer.from(MATRICULA_B) }]);
  await expect(page).toHaveURL(/\/analise\?imovel=[0-9a-f-]{36}/);
  const propertyB = propertyOfUrl()!;
  expect(propertyB).not.toBe(propertyA);
  await expect(files).toHaveCount(1);
  await expect(files.first()).toContainText('matricula-barao-de-jaguara.txt');
  await expect(files.getByText('Concluído')).toHaveCount(1, { timeout: 30_000 });
  await analyse('Rua Barão de Jaguara, 150');
  await expect(page.getByText('matricula-oscar-freire.txt')).toHaveCount(0);

  // The saved analysis of the second property cites only its own document.
  const docsA = (await (await page.request.get(`/api/documents?propertyId=${propertyA}`)).json()).documents as { id: string }[];
  const docsB = (await (await page.request.get(`/api/documents?propertyId=${propertyB}`)).json()).documents as { id: string }[];
  expect(docsA).toHaveLength(1);
  expect(docsB).toHaveLength(1);
  const history = (await (await page.request.get(`/api/properties/${propertyB}/analyses`)).json()).analyses as { id: string }[];
  expect(history).toHaveLength(1);
  const { analysis } = await (await page.request.get(`/api/analyses/${history[0]!.id}`)).json();
  const cited = JSON.stringify(analysis);
  expect(cited).toContain(docsB[0]!.id);
  expect(cited).not.toContain(docsA[0]!.id);
  expect(cited).not.toContain('matricula-oscar-freire.txt');
  expect(cited).not.toContain('31.313');

  // The API refuses a run of the second property that names the first's document.
  const refused = await page.request.post('/api/analyses/runs', {
    data: { analysisType: 'complete', questionnaire: { address: 'Rua Barão de Jaguara, 150' }, documentIds: [docsB[0]!.id, docsA[0]!.id], propertyId: propertyB },
    headers: { origin: ORIGIN },
  });
  expect(refused.status()).toBe(422);
  expect((await refused.json()).error.message).toMatch(/^O documento "matricula-oscar-freire\.txt" pertence a outro imóvel \("Rua Oscar Freire, 900"\)/);
  assertClean();
});
