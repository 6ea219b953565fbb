import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

import { RootLayout } from '@/app/routes/root-layout';
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary';
import { PageLoader } from '@/components/layout/page-loader';

/** Route modules load on demand, so the first chunk holds only the shell (header, footer, providers). */
function lazyRoute(load: () => Promise<{ default: ComponentType }>): RouteObject['lazy'] {
  return async () => ({ Component: (await load()).default });
}

/**
 * The one route table (spec 01 §2). The public pages (app/public-pages.ts) are also prerendered to
 * HTML at build (scripts/prerender.ts) and hydrated by main.tsx.
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
          { path: 'analise-imoveis', lazy: lazyRoute(() => import('@/app/routes/methodology')) },
          { path: 'sobre', lazy: lazyRoute(() => import('@/app/routes/about')) },
          { path: 'faq', lazy: lazyRoute(() => import('@/app/routes/faq')) },
          { path: 'termos', lazy: lazyRoute(() => import('@/app/routes/terms')) },
          { path: 'privacidade', lazy: lazyRoute(() => import('@/app/routes/privacy')) },
          { path: 'documentacao', lazy: lazyRoute(() => import('@/app/routes/documentation')) },
          { path: 'auth', lazy: lazyRoute(() => import('@/app/routes/auth')) },
          { path: 'registro', lazy: lazyRoute(() => import('@/app/routes/register')) },
          { path: 'esqueci-senha', lazy: lazyRoute(() => import('@/app/routes/forgot-password')) },
          { path: 'redefinir-senha', lazy: lazyRoute(() => import('@/app/routes/reset-password')) },
          { path: 'verificar-email', lazy: lazyRoute(() => import('@/app/routes/confirm-email')) },
          { path: 'dashboard', lazy: lazyRoute(() => import('@/app/routes/dashboard')) },
          { path: 'profile', lazy: lazyRoute(() => import('@/app/routes/profile')) },
          { path: 'analise', lazy: lazyRoute(() => import('@/app/routes/analysis')) },
          { path: 'analisar-area', lazy: lazyRoute(() => import('@/app/routes/analysis')) },
          { path: 'admin', lazy: lazyRoute(() => import('@/app/routes/admin')) },
          { path: 'security', lazy: lazyRoute(() => import('@/app/routes/security')) },
          { path: 'system-monitor', lazy: lazyRoute(() => import('@/app/routes/system-monitor')) },
          { path: 'testing', lazy: lazyRoute(() => import('@/app/routes/testing')) },
          { path: 'security-audit', lazy: lazyRoute(() => import('@/app/routes/security-audit')) },
          { path: 'phase4', lazy: lazyRoute(() => import('@/app/routes/phase4')) },
          { path: 'backup', lazy: lazyRoute(() => import('@/app/routes/backup')) },
          { path: 'dados-de-referencia', lazy: lazyRoute(() => import('@/app/routes/reference-data')) },
          { path: 'analytics', lazy: lazyRoute(() => import('@/app/routes/analytics')) },
          { path: 'history', lazy: lazyRoute(() => import('@/app/routes/history')) },
          { path: 'dashboard/analysis/:id', lazy: lazyRoute(() => import('@/app/routes/analysis-detail')) },
          {
            path: 'analysis/:id',
            lazy: lazyRoute(() => import('@/app/routes/analysis-detail').then((m) => ({ default: m.PropertyAnalysisDetailRoute }))),
          },
          { path: 'dashboard/property/:propertyId/history', lazy: lazyRoute(() => import('@/app/routes/property-history')) },
          { path: 'comparar', lazy: lazyRoute(() => import('@/app/routes/compare')) },
          { path: '*', lazy: lazyRoute(() => import('@/app/routes/not-found')) },
        ],
      },
    ],
  },
];

