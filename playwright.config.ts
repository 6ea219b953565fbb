import { defineConfig } from '@playwright/test';

const PORT = 3100;
export const ADMIN_EMAIL = 'admin@e2e.viabiliza.test';

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
    baseURL: `http://localhost:${PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    // A fresh embedded database for every run; the app is built by `npm run test:e2e`.
    command: `rm -rf .e2e-data && node apps/server/dist/main.js`,
    env: { PORT: String(PORT), DATA_DIR: '.e2e-data', ADMIN_EMAILS: ADMIN_EMAIL, LOG_LEVEL: 'warn' },
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
