import { join } from 'node:path';
import { build } from 'esbuild';
import { engineSourceHash } from '../src/lib/engine-build.ts';

/**
 * The server as `npm start` runs it: our workspace packages inlined, npm packages left external,
 * with its worker threads beside it. Used by scripts/build.ts (dist/) and by main.test.ts, which
 * starts the real entry point as a process without compiling every file through tsx.
 * `outdir` must sit inside the repository, so the bundle's npm imports resolve to node_modules.
 */
export async function bundleServer(root: string, outdir: string): Promise<void> {
  await build({
    entryPoints: {
      server: join(root, 'src/main.ts'),
      // Extraction runs in worker threads, which load this file by path.
      'extract-worker': join(root, '../../packages/extract/src/worker.ts'),
      // Pasted texts are read and analysed on a thread of their own (modules/ai/text-reader-pool.ts).
      'text-reader-worker': join(root, 'src/modules/ai/text-reader.worker.ts'),
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    // The analysis cache key's engine build (src/lib/engine-build.ts): the source does not ship with the bundle.
    define: { __ENGINE_SOURCE_HASH__: JSON.stringify(engineSourceHash(join(root, '../../packages/engine/src')).slice(0, 16)) },
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
}
