import { defineConfig } from 'vitest/config';
import { projects } from './vitest.config.ts';
import { SMOKE_FILES } from './test-setup/projects.ts';

/**
 * `npm run test:smoke`: the smoke subset of test-setup/projects.ts on the embedded database, what
 * CI runs on the machines' Node 20 (the whole suite runs on Node 24, the current LTS).
 */
export default defineConfig({
  test: {
    projects: projects({ only: SMOKE_FILES, postgres: false }),
    pool: 'forks',
    maxWorkers: 2,
  },
});
