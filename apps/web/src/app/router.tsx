import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';

import { RootLayout } from '@/app/routes/root-layout';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { PageLoader } from '@/components/layout/page-loader';

/** Route modules load on demand, so the first chunk holds only the shell (header, footer, providers). */
function lazyRoute(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/**
 * The one route table (spec 01 §2). Routes built by later issues (/analise, /history, /sobre, …) are
 * added here with them; until then they fall through to the 404 page.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    hydrateFallbackElement: <PageLoader className="min-h-dvh" />,
    children: [
      {
        errorElement: <RouteErrorBoundary />,
        children: [
          { index: true, lazy: lazyRoute(() => import('@/app/routes/home')) },
          { path: 'auth', lazy: lazyRoute(() => import('@/app/routes/auth')) },
          { path: 'registro', lazy: lazyRoute(() => import('@/app/routes/register')) },
          { path: 'dashboard', lazy: lazyRoute(() => import('@/app/routes/dashboard')) },
          { path: 'profile', lazy: lazyRoute(() => import('@/app/routes/profile')) },
          { path: 'admin', lazy: lazyRoute(() => import('@/app/routes/admin')) },
          { path: '*', lazy: lazyRoute(() => import('@/app/routes/not-found')) },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
