import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';

import { DeferredToaster } from '@/components/layout/deferred-toaster';
import { queryClient } from '@/lib/query-client';
import { TOAST_DURATIONS, toast } from '@/lib/toast';

/** Spec 01 §4 'Online/offline': a warning toast when the connection drops, a success toast when it returns. */
function NetworkStatusToasts() {
  useEffect(() => {
    const onOffline = () =>
      toast.warning('Modo offline', {
        id: 'network-status',
        description: 'Você está sem conexão com a internet. Algumas funções podem não funcionar.',
        duration: TOAST_DURATIONS.offline,
      });
    const onOnline = () =>
      toast.success('Conectado!', { id: 'network-status', description: 'Sua conexão foi restabelecida.' });
    window.addEventListener('offline', onOffline);
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('offline', onOffline);
      window.removeEventListener('online', onOnline);
    };
  }, []);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <NetworkStatusToasts />
      <DeferredToaster />
    </QueryClientProvider>
  );
}
