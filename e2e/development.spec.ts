import { expect, test, type Page } from '@playwright/test';
import { signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

async function openSection(page: Page, title: string) {
  const trigger = page.getByRole('button', { name: new RegExp(title) });
  if ((await trigger.getAttribute('aria-expanded')) !== 'true') await trigger.click();
}

const SHOTS = process.env.DEV_SHOTS_DIR;

test('development: the Premissas do empreendimento panel appears for a plot, by keyboard, and the Incorporação card shows the model', async ({ page }) => {
  test.setTimeout(120_000);
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Incorporadora Teste', email: uniqueEmail('incorporacao') });
  await page.goto('/analise');

  // Not a development: no panel.
  await expect(page.getByRole('button', { name: /Premissas do empreendimento/ })).toHaveCount(0);
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByLabel('Estado', { exact: true }).selectOption('SP');
  await page.getByLabel('Tipo de imóvel').selectOption('terreno');
  const trigger = page.getByRole('button', { name: /Premissas do empreendimento/ });
  await expect(trigger).toBeVisible();

  // Keyboard: focus the trigger, open it with Enter, type in the first field.
  await trigger.focus();
  await page.keyboard.press('Enter');
  await expect(trigger).toHaveAttribute('aria-expanded', 'true');
  await page.getByLabel('Número de unidades').fill('40');
  await page.getByLabel('Área privativa por unidade (m²)').fill('70');
  await page.getByLabel('Aquisição do terreno').selectOption('cash');
  // A unit type can be added and removed by keyboard-operable buttons.
  await page.getByRole('button', { name: 'Adicionar tipologia' }).click();
  await expect(page.getByLabel('Tipo 1: unidades')).toBeVisible();
  await page.getByRole('button', { name: 'Remover tipo 1' }).click();
  await expect(page.getByLabel('Tipo 1: unidades')).toHaveCount(0);
  await openSection(page, 'Aspectos Financeiros');
  await page.getByLabel('Valor pretendido (R$)').fill('4.500.000');
  await openSection(page, 'Características Físicas');
  await page.getByLabel('Área total (m²)').fill('1.500');
  if (SHOTS) {
    await page.setViewportSize({ width: 375, height: 900 });
    await trigger.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/panel-375.png`, fullPage: false });
    await page.setViewportSize({ width: 1280, height: 900 });
  }

  // Kept after a reload (the draft keeps the block).
  await page.reload();
  await openSection(page, 'Premissas do empreendimento');
  await expect(page.getByLabel('Número de unidades')).toHaveValue('40');

  await page.getByRole('button', { name: 'Iniciar Análise' }).click();
  await expect(page.getByRole('heading', { name: 'Completa - Relatório', exact: true })).toBeVisible({ timeout: 60_000 });
  const card = page.getByTestId('development-panel');
  await expect(card.getByRole('heading', { name: 'Incorporação' })).toBeVisible();
  await expect(card.getByText('Residual à TIR = TMA')).toBeVisible();
  await expect(card.getByText('Dívida máxima (plano empresário)')).toBeVisible();
  await expect(card.getByRole('cell', { name: 'BDI (administração e lucro da construtora)' })).toBeVisible();
  await expect(card.getByText(/Aprovação/)).toBeVisible();
  if (SHOTS) {
    await card.scrollIntoViewIfNeeded();
    await card.screenshot({ path: `${SHOTS}/card-1280.png` });
    await page.setViewportSize({ width: 375, height: 900 });
    await card.screenshot({ path: `${SHOTS}/card-375.png` });
  }
  assertClean();
});
