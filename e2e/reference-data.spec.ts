import { expect, test } from '@playwright/test';
import { adminEmail, apiSession, signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

const ADMIN_EMAIL = adminEmail('reference-data');
const SHOTS = process.env.REFDATA_SHOTS;

// A different price per run, so each run adds its own row.
const csv = (sale: string) =>
  ['cidade;UF;venda R$/m²;aluguel R$/m²;data;fonte;tipo de imóvel', `Porto Alegre;RS;${sale};41,20;09/2026;FipeZAP set/2026 (planilha e2e);`, 'Natal;XX;7.000;;09/2026;FipeZAP;'].join('\n');

test('a non-admin is refused on /dados-de-referencia, in the browser and by the server', async ({ page }) => {
  const assertClean = watchConsole(page);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  await signUpInUi(page, { fullName: 'Pessoa Comum', email: uniqueEmail('comum-ref') });
  await page.goto('/dados-de-referencia');
  await expect(page.getByText('Você não tem permissão para acessar esta área.')).toBeVisible();
  expect((await page.request.get('/api/admin/reference-data')).status()).toBe(403);
  assertClean();
});

for (const width of [375, 1280]) {
  test(`the admin sees dated, sourced rows, previews a CSV with one invalid line flagged, confirms and sees the new row (${width} px)`, async ({ page }) => {
    const assertClean = watchConsole(page);
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
    await apiSession(page.request, ADMIN_EMAIL, 'Admin Referências');
    await page.goto('/dados-de-referencia');
    await expect(page.getByRole('heading', { name: 'Dados de referência', level: 1 })).toBeVisible();

    // Shipped rows with their dates and sources; the refresh is off in e2e (SGS_BASE_URL=off).
    const rows = page.getByTestId('reference-row');
    const sp = rows.filter({ hasText: 'FipeZAP venda São Paulo' }).first();
    await expect(sp).toContainText('nov/2024');
    await expect(sp).toContainText('FipeZAP, preços anunciados');
    await expect(page.getByTestId('sgs-status')).toContainText('desativada');

    // Upload from the keyboard-reachable file input.
    await page.getByLabel('Tipo de tabela').selectOption('fipezap');
    await page.getByLabel('Arquivo').setInputFiles({ name: `fipezap-${width}.csv`, mimeType: 'text/csv', buffer: Buffer.from(csv(width === 375 ? '8.765,40' : '8.801,00'), 'utf8') });
    const preview = page.getByTestId('import-preview');
    await expect(preview).toBeVisible();
    await expect(page.getByText('1 linha(s) válida(s), 1 com erro.')).toBeVisible();
    await expect(preview.locator('tr[data-invalid]')).toHaveCount(1);
    await expect(preview.locator('tr[data-invalid]')).toContainText("UF desconhecida 'XX'");
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/preview-${width}.png`, fullPage: true });

    await page.getByRole('button', { name: 'Confirmar importação (1)' }).click();
    await expect(page.getByText('valor(es) importado(s)')).toBeVisible();
    await page.getByLabel('Cidade ou UF').fill('porto alegre');
    const imported = rows.filter({ hasText: width === 375 ? 'R$ 8.765,40/m²' : 'R$ 8.801,00/m²' });
    await expect(imported).toContainText('set/2026');
    await expect(imported).toContainText('FipeZAP set/2026 (planilha e2e)');
    await expect(imported).toHaveAttribute('data-origin', 'import');
    await expect(imported).toContainText('Importado');
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/rows-${width}.png`, fullPage: true });
    assertClean();
  });
}
