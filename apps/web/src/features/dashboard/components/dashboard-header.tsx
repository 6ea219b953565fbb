import type { SessionUser } from '@viabiliza/contracts/auth';
import { DASHBOARD_MESSAGES } from '@viabiliza/contracts/dashboard';
import { GraduationCap, RefreshCw } from 'lucide-react';

import { Button } from '@/components/ui/button';
import { formatDateTime } from '@/lib/format';
import { displayName } from '@/lib/session';

/** Greeting by full name, else e-mail, and the 'Atualizar' button (spec 01 §2 'Dashboard'). */
export function DashboardHeader({
  user,
  onRefresh,
  isRefreshing,
  onShowTutorial,
}: {
  user: SessionUser;
  onRefresh: () => void;
  isRefreshing: boolean;
  /** The spec's onboarding reset: clears its stored state and opens it again. */
  onShowTutorial?: () => void;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <h1 className="truncate text-2xl font-bold tracking-tight sm:text-3xl">Olá, {displayName(user)}!</h1>
        <p className="text-sm text-muted-foreground">
          {!user.isDemo
            ? 'Acompanhe aqui suas propriedades e análises de viabilidade.'
            : user.sandboxExpiresAt
              ? `Esta demonstração é só sua, com dados de exemplo: nada do que você fizer aqui aparece para outra pessoa. Ela e os arquivos enviados serão apagados em ${formatDateTime(user.sandboxExpiresAt)}.`
              : 'Você está usando a conta de demonstração, com dados de exemplo.'}
        </p>
      </div>
      <div className="flex gap-2 self-start sm:self-auto">
        {onShowTutorial && (
          <Button variant="ghost" onClick={onShowTutorial}>
            <GraduationCap aria-hidden />
            Ver tutorial
          </Button>
        )}
        <Button variant="outline" onClick={onRefresh} disabled={isRefreshing}>
          <RefreshCw className={isRefreshing ? 'animate-spin' : undefined} aria-hidden />
          {DASHBOARD_MESSAGES.refresh}
        </Button>
      </div>
    </div>
  );
}
