/**
 * Last build step (see package.json "build"): writes a brotli (.br) and a gzip (.gz) copy beside
 * every text file of dist/ that the server sends as a static file (scripts, styles, the shell, the
 * service worker, SVG and JSON). The server's static plugin (@fastify/static with `preCompressed`)
 * sends the best copy the browser accepts, with Content-Encoding and Vary: Accept-Encoding, so no
 * request pays for compression at run time. dist/prerendered/ is left out: the server rewrites those
 * files at start (PUBLIC_URL) and compresses them in memory. Source maps are left out too.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
/** Below this, the headers outweigh what compression saves. */
const MIN_BYTES = 1024;

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (relative(dist, path) !== 'prerendered') yield* walk(path);
    } else yield path;
  }
}

export function compressDist(root = dist): { files: number; bytes: number; brotli: number; gzip: number } {
  const totals = { files: 0, bytes: 0, brotli: 0, gzip: 0 };
  for (const path of walk(root)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const body = readFileSync(path);
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: 9 });
    // A copy that is not smaller is not worth sending; the server then falls back to the plain file.
    if (br.length < body.length) writeFileSync(`${path}.br`, br);
    if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
    totals.files++;
    totals.bytes += body.length;
    totals.brotli += Math.min(br.length, body.length);
    totals.gzip += Math.min(gz.length, body.length);
  }
  return totals;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const t = compressDist();
  const kb = (n: number) => `${(n / 1000).toFixed(0)} kB`;
  console.log(`compressed ${t.files} files: ${kb(t.bytes)} → brotli ${kb(t.brotli)}, gzip ${kb(t.gzip)}`);
}
