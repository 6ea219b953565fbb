import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { expect, test } from '@playwright/test';
import { generateCorpus } from '../packages/extract/bench/corpus.ts';
import type { DocumentTruth } from '../packages/extract/bench/truth.ts';
import { signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

/**
 * A scanned matrícula as notaries send it (300 dpi CCITT G4 images, a text layer holding only the
 * stamps and the footer, 'EM BRANCO' pages, a registrar's stamp over the acts), generated from the
 * benchmark corpus with its truth: every page is read, the pages that are images by OCR, and the
 * property's facts come out with the page they were read on.
 */
const FILE = 'MATRICULA ATUALIZADA AP.pdf';

test('a scanned matrícula: every page read, its facts with their pages, cancelled and active liens told apart', async ({ page }) => {
  test.setTimeout(180_000);
  const dir = mkdtempSync(join(tmpdir(), 'viabiliza-e2e-matricula-'));
  try {
    const [entry] = await generateCorpus({ dir, sales: 1, only: (p) => p.file.endsWith(`/${FILE}`) });
    expect(entry, 'the corpus has the scanned matrícula').toBeDefined();
    const truth: DocumentTruth = entry!.truth;
    const assertClean = watchConsole(page);
    await signUpInUi(page, { fullName: 'Helena Prado', email: uniqueEmail('matricula') });
    await page.goto('/analise');
    await page.getByLabel('Selecionar arquivos').setInputFiles([{ name: basename(entry!.path), mimeType: 'application/pdf', buffer: readFileSync(entry!.path) }]);

    const files = page.getByRole('list', { name: 'Arquivos Enviados' });
    await expect(files.getByText(FILE)).toBeVisible();
    await expect(files.getByText('Concluído')).toBeVisible({ timeout: 150_000 });

    await page.getByRole('tab', { name: /Extração IA/ }).click();
    const card = page.getByTestId('extraction-card').filter({ hasText: FILE });
    await expect(card.getByText('Matrícula (certidão do registro de imóveis)')).toBeVisible();
    await expect(card.getByText(`${truth.pages.length} página(s)`)).toBeVisible();

    // The facts of the certificate, each on the page it was printed on.
    const table = card.getByRole('table', { name: `Dados extraídos de ${FILE}` });
    const matricula = truth.fields.find((f) => f.key === 'matricula_numero')!;
    const row = table.getByRole('row').filter({ hasText: 'Número da matrícula' });
    await expect(row).toContainText(Number(matricula.value).toLocaleString('pt-BR'));
    await expect(row).toContainText(`p. ${matricula.page}`);
    const address = truth.fields.find((f) => f.key === 'endereco')!;
    const street = String(address.value).split(',')[0]!.split(' ').slice(1).join(' ');
    await expect(table.getByRole('row').filter({ hasText: 'Endereço do imóvel' })).toContainText(street);

    // Liens: each act's lien with its status; a cancelled one says by which act.
    for (const lien of truth.liens) {
      const text = lien.active ? `(${lien.act})` : `(${lien.act}, cancelada pela ${lien.cancelledBy})`;
      await expect(table.getByRole('row').filter({ hasText: 'Ônus / restrição' }).filter({ hasText: text })).toHaveCount(1);
    }

    // Every page is there; the scanned ones were read by OCR and hold their text.
    await card.getByRole('button', { name: /Ver texto/ }).click();
    const dialog = page.getByRole('dialog');
    for (const p of truth.pages) {
      const section = dialog.getByRole('region', { name: `Página ${p.number}` });
      await expect(section).toBeVisible();
      if (p.needsOcr) await expect(section.getByText(/^OCR/)).toBeVisible();
    }
    const first = dialog.getByRole('region', { name: 'Página 1' });
    await expect(first).toContainText(/R-1\/|R\.1|R\.01/);
    assertClean();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
