/**
 * Runs after `vite build` and `vite build --ssr src/prerender.tsx` (see package.json "build"):
 * - renders every public page (src/app/public-pages.ts) to dist/prerendered/pages/*.html with its
 *   title, meta, canonical and JSON-LD in <head> and its content in #root;
 * - writes dist/prerendered/sitemap.xml and robots.txt and a manifest the server reads;
 * - writes dist/sw.js (the service worker) with this build's version and precache list.
 * URLs carry ORIGIN_PLACEHOLDER: the server replaces it with PUBLIC_URL when it loads the files, so
 * the canonical host comes from configuration and one build serves any host.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ORIGIN_PLACEHOLDER = 'https://public-url.viabiliza.invalid';
const webDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webDir, 'dist');
const ssrDir = join(webDir, 'dist-ssr');
const outDir = join(dist, 'prerendered');

interface SsrModule {
  PUBLIC_PAGE_LIST: { path: string }[];
  renderPage(path: string, origin: string): Promise<{ html: string; head: string }>;
  renderSitemap(origin: string, lastmod: string): string;
  renderRobots(origin: string): string;
}

/** Puts a rendered page into the built index.html: its head replaces the generic title and description. */
export function injectPage(template: string, head: string, html: string): string {
  const withHead = template
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta\s+name="description"[\s\S]*?\/>\s*/, '')
    .replace('</head>', `  ${head}\n  </head>`);
  if (!withHead.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
  return withHead.replace('<div id="root"></div>', `<div id="root">${html}</div>`);
}

const slug = (path: string) => (path === '/' ? 'inicio' : path.slice(1).replace(/\//g, '-'));

async function main() {
  const ssr = (await import(pathToFileURL(join(ssrDir, 'prerender.js')).href)) as SsrModule;
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'pages'), { recursive: true });

  const pages: { path: string; file: string }[] = [];
  for (const { path } of ssr.PUBLIC_PAGE_LIST) {
    const { html, head } = await ssr.renderPage(path, ORIGIN_PLACEHOLDER);
    const file = `pages/${slug(path)}.html`;
    writeFileSync(join(outDir, file), injectPage(template, head, html));
    pages.push({ path, file });
  }
  const lastmod = new Date().toISOString().slice(0, 10);
  writeFileSync(join(outDir, 'sitemap.xml'), ssr.renderSitemap(ORIGIN_PLACEHOLDER, lastmod));
  writeFileSync(join(outDir, 'robots.txt'), ssr.renderRobots(ORIGIN_PLACEHOLDER));
  const files = [
    { path: '/sitemap.xml', file: 'sitemap.xml', type: 'application/xml; charset=utf-8' },
    { path: '/robots.txt', file: 'robots.txt', type: 'text/plain; charset=utf-8' },
  ];
  writeFileSync(join(outDir, 'manifest.json'), JSON.stringify({ pages, files }, null, 2));

  // The shell: index.html and what it loads before any route module (scripts, preloads, styles).
  const shellAssets = [...template.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
  const precache = ['/index.html', ...new Set(shellAssets), '/favicon.svg', ...pages.map((p) => p.path)];
  const version = createHash('sha256')
    .update(template)
    .update(pages.map((p) => readFileSync(join(outDir, p.file))).join(''))
    .digest('hex')
    .slice(0, 12);
  const sw = readFileSync(join(webDir, 'scripts', 'service-worker.js'), 'utf8')
    .replace("'__SW_VERSION__'", JSON.stringify(version))
    .replace('__SW_PRECACHE__', JSON.stringify(precache).replace(/'/g, "\\'"));
  writeFileSync(join(dist, 'sw.js'), sw);
  rmSync(ssrDir, { recursive: true, force: true });
  console.log(`prerendered ${pages.length} pages, sitemap.xml, robots.txt; sw.js ${version} (${precache.length} precached)`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Exit explicitly: the rendered app modules leave timers behind (query cache, toasts) that would
  // keep the build waiting forever.
  main().then(
    () => process.exit(0),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
