import { defineConfig } from 'vitest/config';
import { projects } from './vitest.config.ts';
import { SMOKE_FILES } from './test-setup/projects.ts';

/**
 * `npm run test:smoke`: the smoke subset of test-setup/projects.ts on the embedded database, what
 * CI runs on the next Node LTS instead of the whole suite a second time.
 */
export default defineConfig({
  test: {
    projects: projects({ only: SMOKE_FILES, postgres: false }),
    pool: 'forks',
    maxWorkers: 2,
  },
});
