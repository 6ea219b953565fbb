import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app (apps/web/dist):
 * - the public pages prerendered at build (`prerendered/manifest.json`), each at its own path, and
 *   sitemap.xml / robots.txt, with the build's origin placeholder replaced by PUBLIC_URL, so the
 *   canonical host comes from configuration and one build serves any host;
 * - hashed assets and other files as static files (the raw `prerendered/` folder is not exposed),
 *   as the brotli or gzip copy written at build (apps/web/scripts/compress.ts) when the browser
 *   accepts one; hashed assets are cached for a year, the rest revalidated or kept an hour;
 * - index.html (the empty shell) for every other page path: the SPA decides, including its 404.
 */
export const ORIGIN_PLACEHOLDER = 'https://public-url.viabiliza.invalid';

/** Pages and files kept in memory in each encoding a browser may ask for (compressed once, at start). */
interface Encoded {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

function encodeAll(text: string): Encoded {
  const identity = Buffer.from(text, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none (q=0 refuses one). */
export function pickEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Map<string, number>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return 'identity';
}

function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: Encoded, type: string, cacheControl: string) {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.header('cache-control', cacheControl).header('vary', 'accept-encoding').type(type);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(body[encoding]);
}

interface PrerenderManifest {
  pages: { path: string; file: string }[];
  files: { path: string; file: string; type: string }[];
}

export async function registerWebApp(app: FastifyInstance, webDist: string | undefined, publicUrl: string) {
  const hasWeb = Boolean(webDist && existsSync(join(webDist, 'index.html')));
  if (webDist && hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      preCompressed: true,
      allowedPath: (pathName) => !pathName.startsWith('/prerendered/'),
      setHeaders: (res, sentPath) => {
        // With preCompressed the path is the copy sent (`.br`/`.gz`): decide by the file it stands for.
        const path = sentPath.replace(/\.(br|gz)$/, '');
        // The worker script and the shell must be revalidated, or a new build is never noticed.
        if (path.endsWith('sw.js') || path.endsWith('index.html') || path.endsWith('.webmanifest')) res.header('cache-control', 'no-cache');
        else if (path.includes('/assets/')) res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    const manifestFile = join(webDist, 'prerendered', 'manifest.json');
    if (existsSync(manifestFile)) {
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest;
      const read = (file: string) => encodeAll(readFileSync(join(webDist, 'prerendered', file), 'utf8').replaceAll(ORIGIN_PLACEHOLDER, publicUrl));
      for (const page of manifest.pages) {
        const html = read(page.file);
        app.get(page.path, { schema: { hide: true } }, (req, reply) => sendEncoded(req, reply, html, 'text/html; charset=utf-8', 'no-cache'));
      }
      for (const file of manifest.files) {
        const body = read(file.file);
        app.get(file.path, { schema: { hide: true } }, (req, reply) => sendEncoded(req, reply, body, file.type, 'public, max-age=3600'));
      }
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !request.url.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(request.url.split('?')[0] ?? '');
    if (hasWeb && isPage) {
      // The single-page app decides what every other path shows (including its own 404 page).
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ error: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' } });
  });
}
