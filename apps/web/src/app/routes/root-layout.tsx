import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigate, useNavigation } from 'react-router';

import { useSignOut } from '@/features/auth/api/sign-out';
import { BreadcrumbTrail } from '@/components/layout/breadcrumb-trail';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { PageLoader } from '@/components/layout/page-loader';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';

// Signed-in widgets load on demand: anonymous visitors never download the palette or the panel.
const SearchCommand = lazy(() =>
  import('@/features/search/components/search-command').then((m) => ({ default: m.SearchCommand })),
);
const NotificationBell = lazy(() =>
  import('@/features/notifications/components/notification-bell').then((m) => ({ default: m.NotificationBell })),
);

function WidgetPlaceholder({ className }: { className: string }) {
  return <span aria-hidden className={`animate-pulse rounded-md bg-muted ${className}`} />;
}

/** Spec 01 §2: every path change shows the 'Carregando página...' loader for 300 ms. */
export const PAGE_TRANSITION_MS = 300;

function usePathTransition(pathname: string): boolean {
  const [settledPath, setSettledPath] = useState(pathname);
  useEffect(() => {
    if (settledPath === pathname) return;
    const timer = setTimeout(() => setSettledPath(pathname), PAGE_TRANSITION_MS);
    return () => clearTimeout(timer);
  }, [pathname, settledPath]);
  // Derived during render, so the new page never flashes before the loader.
  return settledPath !== pathname;
}

const AUTH_PATHS = new Set(['/auth', '/registro']);

export function RootLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { user, isAdmin, isLoading } = useSession();
  const transitioning = usePathTransition(pathname);
  const signOut = useSignOut({
    onSuccess: () => {
      toast.success('Logout realizado');
      void navigate('/');
    },
  });

  // Header and footer show on the sign-in pages only for anonymous visitors (spec 01 §2).
  const showChrome = !AUTH_PATHS.has(pathname) || (!isLoading && !user);
  const loading = transitioning || navigation.state === 'loading';

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#conteudo"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Pular para o conteúdo
      </a>
      {showChrome && (
        <>
          <Header
            user={user}
            isAdmin={isAdmin}
            isSessionLoading={isLoading}
            onSignOut={() => signOut.mutate()}
            search={
              <Suspense fallback={<WidgetPlaceholder className="h-9 w-9 sm:w-44 lg:w-52" />}>
                <SearchCommand />
              </Suspense>
            }
            notifications={
              <Suspense fallback={<WidgetPlaceholder className="size-9" />}>
                <NotificationBell />
              </Suspense>
            }
          />
          <BreadcrumbTrail pathname={pathname} />
        </>
      )}
      <main id="conteudo" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {loading ? <PageLoader /> : <Outlet />}
      </main>
      {showChrome && <Footer />}
      <ScrollRestoration />
    </div>
  );
}
