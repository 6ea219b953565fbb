import type { SessionUser } from '@viabiliza/contracts/auth';
import { RefreshCw } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { displayName } from '@/lib/session';

/** Greeting by full name, else e-mail, and the 'Atualizar' button (spec 01 §2 'Dashboard'). */
export function DashboardHeader({
  user,
  onRefresh,
  isRefreshing,
}: {
  user: SessionUser;
  onRefresh: () => void;
  isRefreshing: boolean;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <h1 className="truncate text-2xl font-bold tracking-tight sm:text-3xl">Olá, {displayName(user)}!</h1>
        <p className="text-sm text-muted-foreground">
          {user.isDemo
            ? 'Você está usando a conta de demonstração, com dados de exemplo.'
            : 'Acompanhe aqui suas propriedades e análises de viabilidade.'}
        </p>
      </div>
      <Button variant="outline" onClick={onRefresh} disabled={isRefreshing} className="self-start sm:self-auto">
        <RefreshCw className={isRefreshing ? 'animate-spin' : undefined} aria-hidden />
        Atualizar
      </Button>
    </div>
  );
}
