import { expect, test, type Page } from '@playwright/test';
import { signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

async function openSection(page: Page, title: string) {
  const trigger = page.getByRole('button', { name: new RegExp(title) });
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
}

const SHOTS = process.env.VERDICT_SHOTS_DIR;

/** Types one comparable in the row `n` (1-based) of the comparables editor. */
async function typeComparable(page: Page, n: number, c: { address: string; area: string; price: string; date: string; source?: string }) {
  const row = page.getByTestId('comparable-row').nth(n - 1);
  await row.getByLabel('Endereço').fill(c.address);
  await row.getByLabel('Área (m²)').fill(c.area);
  await row.getByLabel('Preço (R$)').fill(c.price);
  await row.getByLabel('Data').fill(c.date);
  if (c.source) await row.getByLabel('Fonte (opcional)').fill(c.source);
}

test('warehouse: comparables typed by keyboard become the market reference with their statistics and sources', async ({ page }) => {
  test.setTimeout(120_000);
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Investidora Galpão', email: uniqueEmail('galpao') });
  await page.goto('/analise');
  await page.getByLabel('Cidade').fill('Jundiaí');
  await page.getByLabel('Estado', { exact: true }).selectOption('SP');
  await page.getByLabel('Tipo de imóvel').selectOption('galpao');
  await openSection(page, 'Aspectos Financeiros');
  await page.getByLabel('Valor pretendido (R$)').fill('9.000.000');
  await openSection(page, 'Características Físicas');
  await page.getByLabel('Área total (m²)').fill('3.000');

  // Keyboard: open the editor with Enter, add rows with the button, remove one.
  const trigger = page.getByRole('button', { name: /Comparáveis de mercado/ });
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  const add = page.getByRole('button', { name: 'Adicionar comparável' });
  for (let i = 0; i < 4; i++) {
    await add.focus();
    await page.keyboard.press('Enter');
  }
  await expect(page.getByTestId('comparable-row')).toHaveCount(4);
  // The new row's address gets the focus.
  await expect(page.getByTestId('comparable-row').nth(3).getByLabel('Endereço')).toBeFocused();
  await page.getByRole('button', { name: 'Remover comparável 4' }).click();
  await expect(page.getByTestId('comparable-row')).toHaveCount(3);

  // R$/m²: 2.800, 3.000, 2.600 → median 2.800.
  await typeComparable(page, 1, { address: 'Av. Antônio Frederico Ozanam, 1000', area: '2.500', price: '7.000.000', date: '2026-09-15', source: 'Anúncio (portal)' });
  await typeComparable(page, 2, { address: 'Rua do Retiro, 200', area: '3.200', price: '9.600.000', date: '2026-08-01', source: 'Corretor local' });
  await typeComparable(page, 3, { address: 'Distrito Industrial, lote 12', area: '4.000', price: '10.400.000', date: '2026-10-01' });
  await expect(trigger).toContainText('3 válido(s)');
  if (SHOTS) {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.getByTestId('comparable-row').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/editor-375.png` });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: `${SHOTS}/editor-1280.png` });
  }

  await page.getByRole('button', { name: 'Iniciar Análise' }).click();
  await expect(page.getByRole('heading', { name: 'Completa - Relatório', exact: true })).toBeVisible({ timeout: 60_000 });
  // No rent typed for a warehouse: no residential rent is assumed, so the verdict is withheld.
  await expect(page.getByTestId('score-cap')).toContainText('Sem conclusão');
  if (SHOTS) {
    await page.getByTestId('score-cap').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/score-1280.png` });
  }
  await page.getByRole('tab', { name: 'Avaliação' }).click();
  const stats = page.getByTestId('comparables-stats-venda');
  await expect(stats).toContainText('Mediana');
  await expect(stats).toContainText('R$ 2.800,00');
  const table = page.getByTestId('market-comparables');
  await expect(table.getByRole('cell', { name: 'Corretor local' })).toBeVisible();
  await expect(page.getByTestId('no-market-reference')).toHaveCount(0);
  if (SHOTS) {
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/market-1280.png` });
    await page.setViewportSize({ width: 375, height: 900 });
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/market-375.png` });
  }
  assertClean();
});
