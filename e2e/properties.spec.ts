import { expect, test, type APIRequestContext } from '@playwright/test';
import { ORIGIN, signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

/**
 * Issue 18 item 1: a property is named by its address, its title is edited in place (by keyboard),
 * its page lists its documents, and 'Nova análise deste imóvel' opens the workspace on it — its
 * documents and last questionnaire loaded, a document sent there attached to it — and the run is
 * saved against it.
 */

const HEADERS = { origin: ORIGIN };
const ADDRESS = 'Rua Haddock Lobo, 595';
const QUESTIONNAIRE = {
  address: ADDRESS,
  city: 'São Paulo',
  state: 'SP',
  propertyType: 'apartamento',
  usableArea: '72',
  targetValue: '690.000',
  monthlyRent: '3.900',
  condition: 'bom',
  mainObjective: 'investimento',
};
const MATRICULA =
  'REGISTRO DE IMÓVEIS - MATRÍCULA Nº 98.765. Apartamento nº 41 situado na Rua Haddock Lobo, 595, São Paulo/SP, com área privativa de 72,00 m². R.1 - COMPRA E VENDA: valor da transação R$ 690.000,00.';
const LAUDO = 'LAUDO DE VISTORIA. Apartamento em bom estado de conservação, pintura recente, instalações elétricas e hidráulicas revisadas em 2025, sem infiltrações aparentes.';

async function uploadText(request: APIRequestContext, name: string, text: string): Promise<string> {
  const res = await request.post('/api/documents', { multipart: { files: { name, mimeType: 'text/plain', buffer: Buffer.from(text) } }, headers: HEADERS });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).documents[0].id as string;
  await expect.poll(async () => (await (await request.get(`/api/documents/${id}`)).json()).status, { timeout: 30_000 }).toBe('completed');
  return id;
}

async function runAnalysis(request: APIRequestContext, body: Record<string, unknown>): Promise<{ analysisId: string; propertyId: string }> {
  const res = await request.post('/api/analyses/runs', { data: body, headers: HEADERS });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const runId = (await res.json()).run.id as string;
  let run: { status: string; analysisId: string; propertyId: string; error: string | null } | undefined;
  await expect
    .poll(
      async () => {
        run = (await (await request.get(`/api/analyses/runs/${runId}`)).json()).run;
        return run?.status;
      },
      { timeout: 30_000 },
    )
    .toMatch(/completed|failed/);
  expect(run!.error).toBeNull();
  return { analysisId: run!.analysisId, propertyId: run!.propertyId };
}

test('a property: titled by its address, renamed in place, and a new analysis of it with its documents and questionnaire', async ({ page }) => {
  test.setTimeout(150_000);
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Marina Costa', email: uniqueEmail('imovel') });

  // The first analysis reads a matrícula: both end up on the property it creates.
  const docId = await uploadText(page.request, 'matricula.txt', MATRICULA);
  const first = await runAnalysis(page.request, { analysisType: 'complete', questionnaire: QUESTIONNAIRE, documentIds: [docId] });

  await page.goto(`/dashboard/property/${first.propertyId}/history`);
  const title = page.getByTestId('property-title');
  await expect(title).toHaveText(ADDRESS);
  // The global trail names the property, never its id.
  await expect(page.getByTestId('breadcrumb-current')).toHaveText(ADDRESS);
  await expect(page.getByRole('navigation', { name: 'Trilha de navegação' })).not.toContainText(first.propertyId.slice(0, 8));
  const documents = page.getByTestId('property-documents');
  await expect(documents.getByRole('heading', { name: 'Documentos do imóvel (1)' })).toBeVisible();
  await expect(documents.getByTestId('property-document')).toContainText('matricula.txt');

  // The title, edited by keyboard: Enter opens the field, an empty title is refused in Portuguese,
  // Esc cancels, Enter saves; focus comes back to the edit button.
  const edit = page.getByRole('button', { name: 'Editar título do imóvel' });
  await edit.focus();
  await page.keyboard.press('Enter');
  const field = page.getByLabel('Título do imóvel');
  await expect(field).toBeFocused();
  await expect(field).toHaveValue(ADDRESS);
  await page.keyboard.press('Control+a');
  await page.keyboard.press('Delete');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert').filter({ hasText: 'Informe o título do imóvel' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(title).toHaveText(ADDRESS);
  await expect(edit).toBeFocused();
  await page.keyboard.press('Enter');
  await field.fill('Apartamento Haddock Lobo');
  await page.keyboard.press('Enter');
  await expect(title).toHaveText('Apartamento Haddock Lobo');
  await expect(page.getByText('Título do imóvel atualizado')).toBeVisible();
  await expect(edit).toBeFocused();
  await expect(page.getByTestId('breadcrumb-current')).toHaveText('Apartamento Haddock Lobo');
  await page.reload();
  await expect(title).toHaveText('Apartamento Haddock Lobo');

  // The history shows the new title and offers a new analysis of the property.
  await page.goto('/history');
  const item = page.getByTestId('history-item');
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('heading')).toHaveText('Apartamento Haddock Lobo');
  await expect(item.getByRole('link', { name: /Nova análise deste imóvel/ })).toHaveAttribute('href', `/analise?imovel=${first.propertyId}`);

  // 'Nova análise deste imóvel' from the property's page: the workspace on that property.
  await page.goto(`/dashboard/property/${first.propertyId}/history`);
  await page.getByRole('link', { name: 'Nova análise deste imóvel' }).click();
  await expect(page).toHaveURL(`/analise?imovel=${first.propertyId}`);
  await expect(page.getByTestId('property-workspace-banner')).toContainText('Apartamento Haddock Lobo');
  // Its last questionnaire…
  await expect(page.getByLabel('Endereço')).toHaveValue(ADDRESS);
  await expect(page.getByLabel('Cidade')).toHaveValue('São Paulo');
  // …and its documents, to which a file sent here is attached.
  const files = page.getByTestId('document-item');
  await expect(files).toHaveCount(1);
  await expect(files.first()).toContainText('matricula.txt');
  await page.getByLabel('Selecionar arquivos').setInputFiles([{ name: 'laudo.txt', mimeType: 'text/plain', buffer: Buffer.from(LAUDO) }]);
  await expect(files).toHaveCount(2);
  await expect(files.getByText('Concluído')).toHaveCount(2, { timeout: 30_000 });
  const attached = await (await page.request.get(`/api/documents?propertyId=${first.propertyId}`)).json();
  expect(attached.documents.map((d: { fileName: string }) => d.fileName).sort()).toEqual(['laudo.txt', 'matricula.txt']);

  // The run (with the new document): saved against the same property, no other one created.
  await page.getByRole('button', { name: 'Iniciar Análise' }).click();
  await expect(page.getByRole('heading', { name: 'Completa - Relatório', exact: true })).toBeVisible({ timeout: 60_000 });
  const history = await (await page.request.get(`/api/properties/${first.propertyId}/analyses`)).json();
  expect(history.analyses).toHaveLength(2);
  expect(history.analyses.at(-1).id).toBe(first.analysisId);
  const props = await (await page.request.get('/api/dashboard/stats')).json();
  expect(props.totalProperties).toBe(1);

  // The property's page: two analyses over time, both documents, the renamed title kept.
  await page.goto(`/dashboard/property/${first.propertyId}/history`);
  await expect(page.getByTestId('property-title')).toHaveText('Apartamento Haddock Lobo');
  await expect(page.getByRole('heading', { name: 'Análises (2)' })).toBeVisible();
  await expect(page.getByTestId('property-analysis')).toHaveCount(2);
  await expect(page.getByTestId('property-documents').getByRole('heading', { name: 'Documentos do imóvel (2)' })).toBeVisible();
  assertClean();
});
