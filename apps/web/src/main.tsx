import './index.css';
import '@viabiliza/contracts/zod-locale';

import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { RouterProvider } from 'react-router/dom';

import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { installLogging } from '@/lib/logger';
import { queryClient } from '@/lib/query-client';
import { registerServiceWorker } from '@/lib/service-worker';
import { SESSION_QUERY_KEY } from '@/lib/session';

/**
 * A prerendered page (scripts/prerender.ts) arrives with its HTML inside #root. Hydrating it needs
 * the matched route modules already loaded, or the first client render (a loader) would not match
 * the server's HTML.
 */
async function resolveLazyMatches(list: RouteObject[]): Promise<void> {
  const matches = matchRoutes(list, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
}

/**
 * zod compiles object schemas with `new Function` when eval is allowed and probes for it first; the
 * server's CSP (script-src 'self') forbids eval, so the probe is reported as a CSP violation on every
 * page. zod reads this shared config object when it loads (lazily, after this runs).
 */
const zodConfig = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
Object.assign((zodConfig.__zod_globalConfig ??= {}), { jitless: true });

async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('Elemento #root não encontrado');
  const prerendered = container.firstElementChild !== null;
  if (prerendered) await resolveLazyMatches(routes);

  installLogging(queryClient);
  const router = createBrowserRouter(routes);
  // A 401 from any call outside /api/auth/* means the session is gone: forget it and go sign in.
  setUnauthorizedHandler(() => {
    queryClient.setQueryData(SESSION_QUERY_KEY, { user: null });
    const { pathname } = router.state.location;
    if (pathname !== '/auth' && pathname !== '/registro') void router.navigate('/auth');
  });

  const app = (
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page, so the prerendered page answers input while it hydrates.
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);

  // Its observers read buffered entries, so starting when the browser is idle loses nothing and keeps
  // the work out of hydration.
  const startVitals = () => void import('@/lib/web-vitals').then((m) => m.startWebVitals());
  if ('requestIdleCallback' in window) window.requestIdleCallback(startVitals, { timeout: 5000 });
  else setTimeout(startVitals, 0);
  if (import.meta.env.PROD) registerServiceWorker();
}

void start();
