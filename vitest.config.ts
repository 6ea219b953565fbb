import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The web app's '@/…' imports, so its components can be rendered in a test (react-dom/server).
  resolve: { alias: { '@': new URL('./apps/web/src', import.meta.url).pathname } },
  test: {
    include: ['packages/**/*.test.ts', 'apps/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**'],
    environment: 'node',
    globalSetup: ['apps/server/test/global-setup.ts'],
    setupFiles: ['test-setup/fail-on-console-error.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
