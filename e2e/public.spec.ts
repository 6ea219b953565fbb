import { expect, test, type Page } from '@playwright/test';
import { ORIGIN, watchConsole } from './helpers.ts';

/** The public pages and their h1 (apps/web/src/app/public-pages.ts). */
const PUBLIC_PAGES = [
  { path: '/', heading: 'Decida com segurança se o seu imóvel é viável' },
  { path: '/analise-imoveis', heading: 'Análise de Imóveis' },
  { path: '/sobre', heading: 'Sobre o Viabiliza' },
  { path: '/faq', heading: 'Perguntas Frequentes' },
  { path: '/termos', heading: 'Termos de Uso' },
  { path: '/privacidade', heading: 'Política de Privacidade' },
  { path: '/documentacao', heading: 'Documentação' },
];

const FIRST_QUESTION = 'O que o Viabiliza analisa?';

async function headMeta(page: Page, selector: string): Promise<string | null> {
  return page.locator(`head ${selector}`).first().getAttribute('content');
}

test('every public page renders its heading', async ({ page }) => {
  const assertClean = watchConsole(page);
  for (const { path, heading } of PUBLIC_PAGES) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible();
    expect(await headMeta(page, 'meta[name="robots"]'), path).toBe('index, follow');
  }
  assertClean();
});

test('without JavaScript, / and /faq arrive prerendered with content, metadata and structured data', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  try {
    for (const { path, title, content } of [
      { path: '/', title: 'Análise de viabilidade imobiliária | Viabiliza', content: 'Três passos, do documento ao relatório.' },
      { path: '/faq', title: 'Perguntas Frequentes | Viabiliza', content: FIRST_QUESTION },
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(content, { exact: true }).first()).toBeVisible();
      await expect(page).toHaveTitle(title);
      expect((await headMeta(page, 'meta[name="description"]'))?.length, path).toBeGreaterThan(50);
      expect(await page.locator('head link[rel="canonical"]').getAttribute('href'), path).toBe(`${ORIGIN}${path}`);
      expect(await headMeta(page, 'meta[property="og:title"]'), path).toBe(title);
      expect(await headMeta(page, 'meta[property="og:url"]'), path).toBe(`${ORIGIN}${path}`);
      expect(await headMeta(page, 'meta[property="og:image"]'), path).toBe(`${ORIGIN}/og-image.png`);
      expect(await headMeta(page, 'meta[property="og:description"]'), path).toBeTruthy();

      const jsonLd = JSON.parse((await page.locator('head script[type="application/ld+json"]').textContent()) ?? '{}') as {
        '@graph': { '@type': string; isAccessibleForFree?: boolean; offers?: { price: string; priceCurrency: string } }[];
      };
      const app = jsonLd['@graph'].find((node) => node['@type'] === 'WebApplication');
      expect(app?.offers, path).toEqual({ '@type': 'Offer', price: '0', priceCurrency: 'BRL' });
      expect(app?.isAccessibleForFree, path).toBe(true);
      if (path === '/faq') expect(jsonLd['@graph'].some((node) => node['@type'] === 'FAQPage')).toBe(true);
    }

    // The FAQ answers open without any script (native disclosure widgets).
    const first = page.locator('details').filter({ hasText: FIRST_QUESTION });
    await first.locator('summary').click();
    await expect(first).toHaveAttribute('open', '');
    await expect(first.locator('p')).toBeVisible();
  } finally {
    await context.close();
  }
});

test('sitemap.xml lists the public pages and robots.txt points to it', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.ok()).toBe(true);
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  for (const { path } of PUBLIC_PAGES) expect(xml).toContain(`<loc>${ORIGIN}${path}</loc>`);
  expect(xml).not.toContain('/dashboard');

  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  expect(robots).toContain('Disallow: /dashboard');
});

test('FAQ questions open and close from the keyboard, with a visible focus', async ({ page }) => {
  const assertClean = watchConsole(page);
  await page.goto('/faq');
  // Start sequential navigation at the page title, then reach the first question with Tab.
  await page.getByRole('heading', { level: 1, name: 'Perguntas Frequentes' }).click();
  const item = page.locator('details').filter({ hasText: FIRST_QUESTION });
  const summary = item.locator('summary');
  for (let i = 0; i < 10 && !(await summary.evaluate((el) => el.matches(':focus'))); i++) await page.keyboard.press('Tab');
  await expect(summary).toBeFocused();
  expect(await summary.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
  // The focus ring is a box-shadow (focus-visible:ring-[3px]).
  await expect(summary).toHaveCSS('box-shadow', /0px 0px 0px 3px/);

  const answer = item.locator('p');
  await expect(answer).toBeHidden();
  for (const key of ['Enter', 'Space']) {
    await page.keyboard.press(key);
    await expect(answer, key).toBeVisible();
    await page.keyboard.press(key);
    await expect(answer, key).toBeHidden();
  }
  assertClean();
});

test('at 375 px the mobile menu opens and its links navigate', async ({ page }) => {
  const assertClean = watchConsole(page);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeHidden();
  const menuButton = page.getByRole('button', { name: 'Abrir menu' });
  const mobileNav = page.getByRole('navigation', { name: 'Menu móvel' });
  await expect(mobileNav).toBeHidden();
  // The prerendered button is there before the script: retry until the hydrated app answers it.
  await expect(async () => {
    if ((await page.locator('[aria-controls="menu-movel"]').getAttribute('aria-expanded')) !== 'true') await menuButton.click();
    await expect(mobileNav).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expect(page.getByRole('button', { name: 'Fechar menu' })).toBeVisible();

  await mobileNav.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Perguntas Frequentes' })).toBeVisible();
  await expect(mobileNav).toBeHidden();

  await page.getByRole('button', { name: 'Abrir menu' }).click();
  await mobileNav.getByRole('link', { name: 'Documentação' }).click();
  await expect(page).toHaveURL(/\/documentacao$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Documentação' })).toBeVisible();
  assertClean();
});

test('a private page is marked noindex', async ({ page }) => {
  await page.goto('/dashboard');
  await expect(page.getByText('Acesso Restrito')).toBeVisible();
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  await expect(page).toHaveTitle('Dashboard | Viabiliza');
});

test('the toaster loads after the page and shows the offline and back-online toasts', async ({ page, context }) => {
  const assertClean = watchConsole(page);
  await page.goto('/faq');
  // sonner is not in the first chunk: the toaster mounts by itself once the browser is idle.
  await expect(page.locator('section[aria-label^="Avisos"]')).toBeAttached();
  await context.setOffline(true);
  await expect(page.getByText('Modo offline')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Conectado!')).toBeVisible();
  assertClean();
});
