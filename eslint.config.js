import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';

const featuresDir = 'apps/web/src/features';
const features = existsSync(featuresDir)
  ? readdirSync(featuresDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Nothing shown as real may be random (DESIGN.md); ids come from crypto.
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use crypto for ids; never show random figures as real.' }],
    },
  },
  // Every expression may meet user text: no expression may take super-linear time on any input
  // (one such expression froze the server for 104 s on 200 000 letters).
  {
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'certain' }],
      'regexp/no-super-linear-move': ['error', { report: 'certain', ignoreSticky: false, ignorePartial: false }],
      'regexp/no-misleading-capturing-group': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Imports flow one way: app → features → components/lib → contracts (STYLE.md principle 7).
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/features/*', '@/app/*'], message: 'components and lib do not import features or app.' }] }],
    },
  },
  ...features.map((f) => ({
    files: [`${featuresDir}/${f}/**`],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: ['@/app/*'], message: 'features do not import the app layer.' },
          { group: ['@/features/*', `!@/features/${f}`, `!@/features/${f}/*`], message: 'a feature does not import another feature; move shared code to lib or components.' },
        ],
      }],
    },
  })),
  {
    files: ['packages/contracts/**', 'packages/engine/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'fastify', 'drizzle-orm*', '@viabiliza/db*'], message: 'contracts and engine stay free of I/O.' }] }],
    },
  },
);
