/**
 * Build-time entry (vite build --ssr): renders a public route to HTML with the same route table,
 * providers and layout as the browser, so main.tsx can hydrate it. Used only by scripts/prerender.ts.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';

import { AppProvider } from '@/app/provider';
import { PRIVATE_PATHS, PUBLIC_PAGE_LIST } from '@/app/public-pages';
import { routes } from '@/app/router';
import { buildPageHead, renderPageHead } from '@/lib/page-meta';
import { buildRobots, buildSitemap } from '@/lib/sitemap';

export { PUBLIC_PAGE_LIST };

export async function renderPage(path: string, origin: string): Promise<{ html: string; head: string }> {
  const page = PUBLIC_PAGE_LIST.find((p) => p.path === path);
  if (!page) throw new Error(`Not a public page: ${path}`);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`Unexpected redirect while prerendering ${path}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <AppProvider>
        {/* hydrate={false}: no inline hydration script (the CSP allows none); the client has no loaders to hydrate. */}
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
  return { html, head: renderPageHead(buildPageHead(page.meta, origin, path)) };
}

export function renderSitemap(origin: string, lastmod: string): string {
  return buildSitemap(origin, PUBLIC_PAGE_LIST.map((p) => ({ path: p.path, lastmod, priority: p.priority })));
}

export function renderRobots(origin: string): string {
  return buildRobots(origin, PRIVATE_PATHS, PUBLIC_PAGE_LIST.map((p) => p.path));
}
