import { ShieldAlert } from 'lucide-react';
import type * as React from 'react';

import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';

export const PERMISSION_DENIED_MESSAGE = 'Você não tem permissão para acessar esta área.';

/**
 * Spec 02 §5: renders its children for admins only. The server checks the role again on every admin
 * call; this guard only spares non-admins a screen they cannot use.
 */
export function PermissionGuard({
  children,
  fallback,
}: {
  children: React.ReactNode;
  fallback?: React.ReactNode;
}) {
  const { isLoading, isAdmin } = useSession();

  if (isLoading) {
    return (
      <div className="flex min-h-[40vh] items-center justify-center gap-2 text-muted-foreground" role="status">
        <Spinner />
        <span>Verificando permissões...</span>
      </div>
    );
  }

  if (!isAdmin) {
    return (
      fallback ?? (
        <div className="flex min-h-[40vh] flex-col items-center justify-center gap-3 text-center">
          <ShieldAlert className="size-10 text-muted-foreground" aria-hidden />
          <p className="text-muted-foreground">{PERMISSION_DENIED_MESSAGE}</p>
        </div>
      )
    );
  }

  return <>{children}</>;
}
