import { expect, type APIRequestContext, type Page } from '@playwright/test';

// Sign-up turns down guessable passwords (zxcvbn score under 3): this one rates 4.
export const PASSWORD = 'Pitanga#Azul7';
/**
 * One admin account per spec file, so specs stay independent of each other's sessions and audit
 * rows. playwright.config.ts lists them all in ADMIN_EMAILS.
 */
/** The account that playwright.config.ts seeds, before the server starts, with an analysis saved by an older version. */
export const OLDER_ANALYSIS_EMAIL = 'analise-antiga@e2e.viabiliza.test';
export const ADMIN_SPECS = ['shell', 'notifications', 'admin-monitor', 'admin-console', 'security-audit', 'backup-analytics', 'reference-data', 'own-status', 'account-recovery', 'collaboration', 'accessibility'] as const;
export const adminEmail = (spec: (typeof ADMIN_SPECS)[number]) => `admin-${spec}@e2e.viabiliza.test`;
/** The server's origin, for the Origin header that state-changing API calls need. */
export const ORIGIN = `http://localhost:${process.env.E2E_PORT ?? 3100}`;

let n = 0;
export const uniqueEmail = (prefix = 'pessoa') => `${prefix}.${Date.now().toString(36)}${n++}@e2e.viabiliza.test`;

/**
 * Fails the test on any console error or uncaught page error. The browser's own line for an HTTP
 * error status (e.g. the 401 of a wrong password the test provokes) is not an app error.
 */
export function watchConsole(page: Page): () => void {
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) errors.push(msg.text());
  });
  return () => expect(errors, 'console errors').toEqual([]);
}

export async function signUpInUi(page: Page, input: { fullName: string; email: string; password?: string; company?: string }) {
  await page.goto('/registro');
  await page.getByLabel('Nome Completo').fill(input.fullName);
  await page.getByLabel('Email').fill(input.email);
  await page.getByLabel('Senha', { exact: true }).fill(input.password ?? PASSWORD);
  if (input.company) await page.getByLabel('Empresa (opcional)').fill(input.company);
  await page.getByRole('button', { name: 'Criar Conta', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function signInInUi(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar', exact: true }).last().click();
}

/** An API session for set-up steps that are not under test (e.g. an admin acting elsewhere). */
export async function apiSession(request: APIRequestContext, email: string, fullName = 'Pessoa E2E') {
  const headers = { origin: ORIGIN };
  const up = await request.post('/api/auth/sign-up', { data: { fullName, email, password: PASSWORD }, headers });
  if (up.status() === 409) {
    const res = await request.post('/api/auth/sign-in', { data: { email, password: PASSWORD }, headers });
    expect(res.ok()).toBeTruthy();
  } else {
    expect(up.status()).toBe(201);
  }
  return { headers };
}

/**
 * The link of the latest account e-mail to `email` whose subject contains `subject`, as an admin
 * reads it in the outbox (no SMTP_URL in the browser tests). `admin` is an API context signed in as
 * one of ADMIN_SPECS.
 */
export async function outboxLink(admin: APIRequestContext, email: string, subject: string): Promise<string> {
  const masked = `${email.slice(0, 2)}***${email.slice(email.lastIndexOf('@'))}`;
  let link: string | null = null;
  await expect(async () => {
    const res = await admin.get('/api/admin/outbox');
    expect(res.ok()).toBeTruthy();
    const { items } = (await res.json()) as { items: { recipient: string; subject: string; link: string | null }[] };
    link = items.find((m) => m.recipient === masked && m.subject.includes(subject))?.link ?? null;
    expect(link).toBeTruthy();
  }).toPass({ timeout: 10_000 });
  return new URL(link!).pathname + new URL(link!).search;
}
