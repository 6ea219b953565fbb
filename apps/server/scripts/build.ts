/**
 * Bundles the server (our workspace packages inlined, npm packages left external) and prepares a
 * pre-initialised embedded database so the first `npm start` skips PGlite's slow initdb.
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { createPgliteSeed } from './pglite-seed.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const migrations = join(root, '../../packages/db/migrations');
const t0 = performance.now();

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

await build({
  entryPoints: {
    main: join(root, 'src/main.ts'),
    // Extraction runs in worker threads, which load this file by path.
    'extract-worker': join(root, '../../packages/extract/src/worker.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@viabiliza/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync(migrations, join(dist, 'migrations'), { recursive: true });

writeFileSync(join(dist, 'pglite-seed.tar.gz'), await createPgliteSeed(migrations));

console.log(`server built in ${Math.round(performance.now() - t0)} ms → ${dist}`);
