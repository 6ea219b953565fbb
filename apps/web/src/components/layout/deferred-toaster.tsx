import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';

import { toasterHost } from '@/lib/toast';

const MountedToaster = lazy(() =>
  import('@/components/ui/sonner').then(({ Toaster }) => ({
    default: function MountedToaster() {
      // Runs after the Toaster's own effects (children first), so it already listens to sonner.
      useEffect(() => toasterHost.mounted(), []);
      return <Toaster />;
    },
  })),
);

/**
 * The app's toaster, loaded off the first paint: mounted when the browser is idle after load (so
 * toasts work offline later too) or as soon as a toast is asked for (lib/toast.ts).
 */
export function DeferredToaster() {
  const wanted = useSyncExternalStore(toasterHost.subscribe, toasterHost.isWanted, () => false);
  useEffect(() => {
    const idle = () =>
      'requestIdleCallback' in window ? window.requestIdleCallback(() => toasterHost.want(), { timeout: 4000 }) : setTimeout(() => toasterHost.want(), 2000);
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
    return () => window.removeEventListener('load', idle);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <MountedToaster />
    </Suspense>
  );
}
