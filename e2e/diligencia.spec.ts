import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { generateSaleFolder, readDossierTruth } from '../packages/extract/bench/corpus.ts';
import type { DossierTruth, DossierTruthMatricula } from '../packages/extract/bench/truth.ts';
import { signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

/**
 * Issue 16 as a buyer meets it: a sale's folder (born-digital files from the benchmark's generator,
 * with their truth) is uploaded, read, and analysed with an empty questionnaire; the 'Diligência'
 * tab names the current owners and tells an active lien from a cancelled one, a citation opens its
 * page with the cited phrase highlighted; the saved analysis and the property's page show it too.
 */

const MIME: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

/** The first sale of the default seed whose main matrícula has both an active and a cancelled lien. */
async function folderWithBothLiens(dir: string): Promise<{ files: string[]; truth: DossierTruth; main: DossierTruthMatricula }> {
  for (let index = 0; index < 16; index++) {
    const saleDir = join(dir, `venda-${index}`);
    const entries = await generateSaleFolder({ dir: saleDir, index, textOnly: true });
    const truth = await readDossierTruth(saleDir);
    const main = truth.matriculas[0];
    if (main && main.liens.some((l) => l.status === 'ativo') && main.liens.some((l) => l.status === 'cancelado') && entries.length <= 20) {
      return { files: entries.map((e) => e.path), truth, main };
    }
    rmSync(saleDir, { recursive: true, force: true });
  }
  throw new Error('no generated sale has both an active and a cancelled lien');
}

/** Optional screenshots for a person to look at (E2E_SCREENSHOT_DIR); the test asserts without them. */
async function screenshot(target: Page | Locator, name: string) {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await target.screenshot({ path: join(dir, name) });
}

test('a sale folder: read, analysed with an empty questionnaire, its due diligence shown and cited', async ({ page }) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'viabiliza-e2e-diligencia-'));
  try {
    const { files, main } = await folderWithBothLiens(dir);
    const assertClean = watchConsole(page);
    await signUpInUi(page, { fullName: 'Rita Campos', email: uniqueEmail('diligencia') });
    await page.goto('/analise');
    await page.getByLabel('Selecionar arquivos').setInputFiles(
      files.map((path) => ({ name: basename(path), mimeType: MIME[path.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream', buffer: readFileSync(path) })),
    );

    // Every file read before the analysis starts.
    const list = page.getByRole('list', { name: 'Arquivos Enviados' });
    await expect(list.getByText('Concluído')).toHaveCount(files.length, { timeout: 180_000 });

    // The questionnaire stays empty: the documents alone are the analysis.
    await page.getByRole('button', { name: 'Iniciar Análise' }).click();
    await expect(page.getByTestId('report-card')).toBeVisible({ timeout: 60_000 });

    await page.getByRole('tab', { name: 'Diligência' }).click();
    const panel = page.getByTestId('dossier-panel');
    await expect(panel).toBeVisible();

    // The current owners of the main matrícula.
    const owners = panel.getByRole('table', { name: 'Proprietários atuais' }).first();
    for (const o of main.owners) await expect(owners.getByRole('row').filter({ hasText: o.name })).toHaveCount(1);

    // Liens: the active one says 'Ativo', the cancelled one by which act.
    const liens = panel.getByRole('table', { name: 'Ônus e gravames' }).first();
    const active = main.liens.find((l) => l.status === 'ativo')!;
    const cancelled = main.liens.find((l) => l.status === 'cancelado')!;
    await expect(liens.getByRole('row').filter({ hasText: active.act }).filter({ hasText: 'Ativo' })).toHaveCount(1);
    await expect(liens.getByRole('row').filter({ hasText: cancelled.act }).filter({ hasText: `Cancelado pela ${cancelled.cancelledBy}` })).toHaveCount(1);
    await screenshot(panel, 'diligencia-1280.png');

    // A citation opens its page with the cited phrase highlighted.
    const source = owners.getByRole('row').filter({ hasText: main.owners[0]!.name }).getByTestId('dossier-citation');
    const label = (await source.textContent())!.trim();
    expect(label).toMatch(/^.+, p\. \d+$/);
    await source.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('heading', { name: label })).toBeVisible();
    const mark = dialog.getByTestId('source-page-text').locator('mark');
    await expect(mark).toHaveCount(1);
    await expect(mark).toBeInViewport();
    expect((await mark.textContent())!.length).toBeGreaterThan(0);
    await expect(dialog.getByText('O trecho citado não foi localizado')).toHaveCount(0);
    await screenshot(page, 'diligencia-citacao-1280.png');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // On a phone the tables become stacked cards: nothing is cut off or scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(liens.getByRole('row').filter({ hasText: active.act }).filter({ hasText: 'Ativo' })).toBeVisible();
    const overflow = await panel.evaluate((el: { scrollWidth: number; clientWidth: number }) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(panel, 'diligencia-375.png');

    // The saved analysis shows the same tab, and the property's page the dossier of its documents (still on a phone).
    const history = (await (await page.request.get('/api/analyses')).json()) as { items: { id: string; propertyId: string }[] };
    const saved = history.items[0]!;
    await page.goto(`/analysis/${saved.id}`);
    await page.getByRole('tab', { name: 'Diligência' }).click();
    const detailOwners = page.getByTestId('dossier-panel').getByRole('table', { name: 'Proprietários atuais' }).first();
    for (const o of main.owners) await expect(detailOwners.getByRole('row').filter({ hasText: o.name })).toHaveCount(1);
    await screenshot(page, 'diligencia-detalhe-375.png');
    await page.getByRole('link', { name: 'Histórico de Análises' }).click();
    await expect(page).toHaveURL(`/dashboard/property/${saved.propertyId}/history`);
    const propertyLiens = page.getByTestId('dossier-panel').getByRole('table', { name: 'Ônus e gravames' }).first();
    await expect(propertyLiens.getByRole('row').filter({ hasText: active.act }).filter({ hasText: 'Ativo' })).toHaveCount(1);
    await expect(propertyLiens.getByRole('row').filter({ hasText: `Cancelado pela ${cancelled.cancelledBy}` })).toHaveCount(1);
    await screenshot(page, 'diligencia-imovel-375.png');

    // The complete report carries the same section, citations as text.
    const report = await page.request.get(`/api/analyses/${saved.id}/report.html?template=complete`);
    expect(report.status()).toBe(200);
    const html = (await report.text()).replace(/<[^<>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(html).toContain('Diligência');
    // The registry prints names in capitals; the truth keeps them as written.
    for (const o of main.owners) expect(html.toLowerCase()).toContain(o.name.toLowerCase());
    expect(html).toContain(`Cancelado pela ${cancelled.cancelledBy}`);
    expect(html).toMatch(/\.pdf, p\. \d+/);
    if (process.env.E2E_SCREENSHOT_DIR) {
      const pdf = await page.request.get(`/api/analyses/${saved.id}/report.pdf?template=complete`);
      writeFileSync(join(process.env.E2E_SCREENSHOT_DIR, 'relatorio.pdf'), await pdf.body());
    }
    assertClean();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
