import { toast } from '@/lib/toast';

/** How often an open tab asks the server whether a new build was deployed. */
const UPDATE_CHECK_MS = 30 * 60_000;

/**
 * Registers /sw.js (written by scripts/prerender.ts at build). When a new build's worker is
 * installed and waiting, the spec's toast 'Atualização disponível' offers 'Atualizar': the waiting
 * worker takes over and the page reloads once it controls the tab.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloading = false;

  navigator.serviceWorker.addEventListener('controllerchange', () => {
    // The first install claims the page too; only a replacement needs a reload.
    if (!hadController || reloading) return;
    reloading = true;
    window.location.reload();
  });

  const offerUpdate = (worker: ServiceWorker) => {
    toast.info('Atualização disponível', {
      id: 'app-update',
      description: 'Uma nova versão do Viabiliza está pronta.',
      duration: Infinity,
      action: { label: 'Atualizar', onClick: () => worker.postMessage({ type: 'SKIP_WAITING' }) },
    });
  };

  const register = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
        registration.addEventListener('updatefound', () => {
          const installing = registration.installing;
          installing?.addEventListener('statechange', () => {
            if (installing.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(installing);
          });
        });
        setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      })
      .catch(() => undefined);
  };
  // Registering after 'load' keeps the worker's downloads out of the page's own first load.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
