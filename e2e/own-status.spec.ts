import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ORIGIN, adminEmail, apiSession, signUpInUi, uniqueEmail, watchConsole } from './helpers.ts';

/**
 * Issue 18 §8 'What each person sees is theirs': a plain user's dashboard shows their own documents
 * (read, in reading, with error, quarantined) and runs (in progress, completed, failed, last run),
 * and nothing of the server (memory, Node version); an admin still sees the server's health.
 */

const HEADERS = { origin: ORIGIN };
const SHOTS = process.env.E2E_SCREENSHOT_DIR ?? 'test-results/own-status';
const MATRICULA = 'REGISTRO DE IMÓVEIS - MATRÍCULA Nº 45.678. Apartamento nº 82 situado na Rua dos Pinheiros, 1000, São Paulo/SP, com área privativa de 80,00 m².';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
}

/** No onboarding dialog over the page: these people have seen the tutorial. */
async function skipOnboarding(page: Page) {
  await page.addInitScript("window.localStorage.setItem('onboarding_skipped', 'true')");
}

async function uploadAndRun(request: APIRequestContext) {
  const up = await request.post('/api/documents', {
    headers: HEADERS,
    multipart: { files: { name: 'matricula.txt', mimeType: 'text/plain', buffer: Buffer.from(MATRICULA) } },
  });
  expect(up.status(), await up.text()).toBe(201);
  const docId = (await up.json()).documents[0].id as string;
  await expect.poll(async () => (await (await request.get(`/api/documents/${docId}`)).json()).status, { timeout: 60_000 }).toBe('completed');
  // A page with a script is quarantined at upload.
  const bad = await request.post('/api/documents', {
    headers: HEADERS,
    multipart: { files: { name: 'pagina.txt', mimeType: 'text/plain', buffer: Buffer.from('<html><script>alert(1)</script> texto do documento </html>') } },
  });
  expect(bad.status(), await bad.text()).toBe(201);
  expect((await bad.json()).documents[0].status).toBe('quarantined');

  const res = await request.post('/api/analyses/runs', {
    headers: HEADERS,
    data: { analysisType: 'complete', questionnaire: { city: 'São Paulo', state: 'SP', usableArea: '80', propertyType: 'apartamento' }, documentIds: [docId] },
  });
  expect(res.status(), await res.text()).toBeLessThan(300);
  const runId = (await res.json()).run.id as string;
  await expect.poll(async () => (await (await request.get(`/api/analyses/runs/${runId}`)).json()).run.status, { timeout: 60_000 }).toBe('completed');
}

const SERVER_TEXT = /Node v\d|Memória do servidor|Status do Sistema|Heap|PGlite|GB livres/;

test('a plain user sees their own documents and runs, and nothing of the server', async ({ page }) => {
  test.setTimeout(120_000);
  const assertClean = watchConsole(page);
  await skipOnboarding(page);
  await signUpInUi(page, { fullName: 'Paula Nunes', email: uniqueEmail('proprio') });
  await uploadAndRun(page.request);

  // The server does not even send its figures to this person.
  const stats = await (await page.request.get('/api/dashboard/stats')).json();
  expect(stats).not.toHaveProperty('system');
  expect(await (await page.request.get('/api/dashboard/metrics')).json()).not.toHaveProperty('memory');

  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Visão Geral' }).click();
  const own = page.getByTestId('own-status');
  await expect(own.getByRole('heading', { name: 'Seu Status' })).toBeVisible();
  await expect(own.getByTestId('own-lidos')).toContainText('1');
  await expect(own.getByTestId('own-em-leitura')).toContainText('0');
  await expect(own.getByTestId('own-com-erro')).toContainText('0');
  await expect(own.getByTestId('own-em-quarentena')).toContainText('1');
  await expect(own.getByTestId('own-documents-footer')).toHaveText('2 no total');
  await expect(own.getByTestId('own-em-andamento')).toContainText('0');
  await expect(own.getByTestId('own-concluidas')).toContainText('1');
  await expect(own.getByTestId('own-com-falha')).toContainText('0');
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  await expect(own.getByTestId('own-runs-footer')).toContainText(`Última análise: ${today}`);
  await expect(own.getByTestId('own-runs-footer')).toContainText('(concluída)');
  await expect(page.getByTestId('server-status')).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(SERVER_TEXT);
  await shoot(page, 'usuario-visao-geral');

  await page.getByRole('tab', { name: 'Atividade' }).click();
  await page.getByRole('tab', { name: 'Desempenho' }).click();
  await expect(page.getByTestId('cache-bar')).toBeVisible();
  await expect(page.getByTestId('memory-bar')).toHaveCount(0);
  await expect(page.getByText('Serviços', { exact: true })).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(SERVER_TEXT);
  await shoot(page, 'usuario-performance');
  assertClean();
});

test('an admin still sees the server health and memory on the dashboard', async ({ page }) => {
  test.setTimeout(90_000);
  const assertClean = watchConsole(page);
  await skipOnboarding(page);
  const email = adminEmail('own-status');
  // page.request shares the browser's cookies: this signs the page in too.
  await apiSession(page.request, email, 'Admin Status');
  await page.goto('/dashboard');

  await page.getByRole('tab', { name: 'Visão Geral' }).click();
  await expect(page.getByTestId('own-status')).toBeVisible();
  const server = page.getByTestId('server-status');
  await expect(server.getByText('Status do Sistema')).toBeVisible();
  await expect(server.getByTestId('system-api')).toContainText(/Node v\d+/);
  await expect(server.getByTestId('system-database')).toContainText('Operacional');
  await shoot(page, 'admin-visao-geral');

  await page.getByRole('tab', { name: 'Atividade' }).click();
  await page.getByRole('tab', { name: 'Desempenho' }).click();
  await expect(page.getByTestId('memory-bar')).toContainText('Memória do servidor');
  await expect(page.getByText('Serviços', { exact: true })).toBeVisible();
  await shoot(page, 'admin-performance');
  assertClean();
});
