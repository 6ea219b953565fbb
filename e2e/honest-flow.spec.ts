import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { generateCorpus } from '../packages/extract/bench/corpus.ts';
import { signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

/**
 * Issue 18 item 3, the honest flow of /analise: 'Iniciar Análise' waits while a document is being
 * read and says why and for how many, then opens when the reading ends; the questionnaire's counter
 * counts the form's real fields and never passes its total.
 */
const SCAN = 'MATRICULA ATUALIZADA AP.pdf';

/** Screenshots for a person to look at, when E2E_SHOTS names a folder. */
async function shot(page: Page, name: string) {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: join(process.env.E2E_SHOTS, `${name}.png`) });
}

const counter = (page: Page) => page.getByText(/^\d+ de \d+ campos preenchidos$/);

async function counted(page: Page): Promise<{ filled: number; total: number }> {
  const [, filled, total] = /^(\d+) de (\d+) campos preenchidos$/.exec((await counter(page).textContent()) ?? '')!;
  return { filled: Number(filled), total: Number(total) };
}

test("'Iniciar Análise' waits for a scan being read, with the reason and the count, then opens", async ({ page }) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'viabiliza-e2e-honest-'));
  try {
    // A scanned matrícula (300 dpi images, OCR page by page): it takes a while to read.
    const [entry] = await generateCorpus({ dir, sales: 1, only: (p) => p.file.endsWith(`/${SCAN}`) });
    expect(entry).toBeDefined();
    const assertClean = watchConsole(page);
    await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
    await signUpInUi(page, { fullName: 'Renata Lins', email: uniqueEmail('honesto') });
    await page.goto('/analise');
    const start = page.getByRole('button', { name: 'Iniciar Análise' });
    await expect(start).toBeDisabled();

    await page.getByLabel('Selecionar arquivos').setInputFiles([{ name: basename(entry!.path), mimeType: 'application/pdf', buffer: readFileSync(entry!.path) }]);
    const files = page.getByRole('list', { name: 'Arquivos Enviados' });
    await expect(files.getByText(SCAN)).toBeVisible();

    // While it is read: disabled, with the reason and the count beside the button.
    const reason = page.getByText('Aguarde: 1 documento em leitura');
    await expect(reason).toBeVisible({ timeout: 30_000 });
    await expect(start).toBeDisabled();
    await expect(start).toHaveAccessibleDescription('Aguarde: 1 documento em leitura');
    await reason.scrollIntoViewIfNeeded();
    await shot(page, 'honest-flow-waiting-1280');
    await page.setViewportSize({ width: 375, height: 800 });
    await reason.scrollIntoViewIfNeeded();
    await shot(page, 'honest-flow-waiting-375');
    await page.setViewportSize({ width: 1280, height: 720 });

    // Once read: the reason goes away and the button opens (the document is the analysis' data).
    await expect(files.getByText('Concluído')).toBeVisible({ timeout: 200_000 });
    await expect(reason).toBeHidden();
    await expect(start).toBeEnabled();
    assertClean();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the questionnaire counter counts the real fields: never more than the total, 100 % only when all are filled', async ({ page }) => {
  test.setTimeout(90_000);
  const assertClean = watchConsole(page);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  await signUpInUi(page, { fullName: 'Otávio Reis', email: uniqueEmail('contador') });
  await page.goto('/analise');
  const first = await counted(page);
  expect(first.filled).toBe(0);
  // Every counted field has an input in the five sections: the total is what the form shows.
  expect(first.total).toBe(27);

  await page.getByLabel('Cidade', { exact: true }).fill('São Paulo');
  await expect(counter(page)).toHaveText(`1 de ${first.total} campos preenchidos`);

  // A draft with every field, and what used to overflow the count (licenses, premissas): at most the total.
  const full: Record<string, unknown> = {
    address: 'Rua das Flores, 123', zipCode: '01310-100', city: 'São Paulo', state: 'SP', neighborhood: 'Pinheiros',
    propertyType: 'apartamento', purpose: ['residencial'], totalArea: '95', builtArea: '90', usableArea: '80',
    bedrooms: '2', bathrooms: '2', parkingSpaces: '1', features: ['elevador'], condition: 'bom',
    targetValue: '800.000,00', pricePerSqm: '10.000,00', annualTax: '2.400,00', condominiumFee: '850,00',
    monthlyRent: '3.200,00', acceptsFinancing: true, minimumDownPayment: '160.000,00', availableDocuments: ['matricula'],
    legalStatus: 'regular', mainObjective: 'investimento', timeframe: '6meses', additionalNotes: 'Imóvel alugado.',
    licenses: ['alvará'],
  };
  const session = await (await page.request.get('/api/auth/session')).json();
  const key = `viabiliza:questionnaire:${session.user.id}`;
  const { timeframe: _left, ...allButOne } = full;
  await page.evaluate(`window.localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(JSON.stringify(allButOne))})`);
  await page.reload();
  await expect(counter(page)).toHaveText(`26 de ${first.total} campos preenchidos`);
  await expect(page.getByLabel(/% preenchido$/)).not.toHaveText('100%');

  await page.evaluate(`window.localStorage.setItem(${JSON.stringify(key)}, ${JSON.stringify(JSON.stringify(full))})`);
  await page.reload();
  await expect(counter(page)).toHaveText(`${first.total} de ${first.total} campos preenchidos`);
  await expect(page.getByLabel('100% preenchido')).toBeVisible();
  const last = await counted(page);
  expect(last.filled).toBeLessThanOrEqual(last.total);
  await page.setViewportSize({ width: 375, height: 800 });
  await counter(page).scrollIntoViewIfNeeded();
  await shot(page, 'counter-full-375');
  assertClean();
});
