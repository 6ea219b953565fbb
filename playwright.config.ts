import { defineConfig } from '@playwright/test';
import { ADMIN_SPECS, OLDER_ANALYSIS_EMAIL, PASSWORD, adminEmail } from './e2e/helpers.ts';

/** E2E_PORT lets two checkouts run their browser tests side by side. */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const ORIGIN = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: ORIGIN,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // A fresh embedded database for every run, holding one analysis saved by an older version
    // (apps/server/scripts/seed-older-analysis.ts); the app is built by `npm run test:e2e`.
    command: `rm -rf .e2e-data-${PORT} && npx tsx apps/server/scripts/seed-older-analysis.ts '${OLDER_ANALYSIS_EMAIL}' '${PASSWORD}' && node apps/server/dist/main.js`,
    // Every browser test signs up from 127.0.0.1, so the per-person account-creation budget is raised.
    env: { PORT: String(PORT), DATA_DIR: `.e2e-data-${PORT}`, ADMIN_EMAILS: ADMIN_SPECS.map(adminEmail).join(','), LOG_LEVEL: 'warn', SGS_BASE_URL: 'off', ACCOUNT_CREATION_LIMITS: '10000,10000,10000,10000' },
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
