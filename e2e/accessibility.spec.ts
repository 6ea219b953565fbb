import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { adminEmail, signUpInUi, watchConsole } from './helpers.ts';

/**
 * axe-core over the main pages, signed out, in a demo and as an admin, at a phone's width and at a
 * desktop's: no serious or critical violation of WCAG 2.1 A/AA.
 */
const WIDTHS = [375, 1280] as const;

async function seriousViolations(page: Page, path: string) {
  // The page has settled: its main landmark is there and no skeleton is left.
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0, { timeout: 15_000 });
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path} @${page.viewportSize()?.width}px: ${v.id} (${v.impact}) — ${v.help}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

async function sweep(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of paths) {
      await page.goto(path);
      found.push(...(await seriousViolations(page, path)));
    }
  }
  return found;
}

test('signed out: home, sign-in, sign-up, account recovery, public pages and the 404', async ({ page }) => {
  test.setTimeout(180_000);
  const assertClean = watchConsole(page);
  const found = await sweep(page, ['/', '/auth', '/registro', '/esqueci-senha', '/redefinir-senha', '/sobre', '/faq', '/analise-imoveis', '/dashboard', '/pagina-que-nao-existe']);
  expect(found, found.join('\n')).toEqual([]);
  assertClean();
});

test('signed in (demo): dashboard, analysis, history, an analysis and its property, profile', async ({ page }) => {
  test.setTimeout(240_000);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  const assertClean = watchConsole(page);
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Entrar como Demo' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const analyses = (await (await page.request.get('/api/analyses')).json()) as { items: { id: string }[] };
  const first = analyses.items[0];
  expect(first).toBeDefined();
  const found = await sweep(page, ['/dashboard', '/analise', '/history', `/dashboard/analysis/${first!.id}`, '/profile']);
  expect(found, found.join('\n')).toEqual([]);

  // A citation is a 44 px target on a phone, and Escape from its page dialog gives it focus back.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/dashboard/analysis/${first!.id}`);
  await page.getByRole('tab', { name: 'Diligência' }).click();
  const citation = page.getByTestId('dossier-citation').first();
  expect((await citation.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await citation.click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(citation).toBeFocused();
  assertClean();
});

test('admin: administration with its outbox, and the security audit', async ({ page }) => {
  test.setTimeout(180_000);
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
  const assertClean = watchConsole(page);
  await signUpInUi(page, { fullName: 'Admin Acessibilidade', email: adminEmail('accessibility') });
  const found = await sweep(page, ['/admin', '/security-audit']);
  expect(found, found.join('\n')).toEqual([]);
  assertClean();
});
