import { SYSTEM_STATUS_LABELS, type SystemCheck } from '@viabiliza/contracts/dashboard';
import { CircleAlert, CircleCheck, CircleX } from 'lucide-react';

import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';

const STATUS_STYLE = {
  operational: { variant: 'success', icon: CircleCheck, iconClass: 'text-success' },
  degraded: { variant: 'warning', icon: CircleAlert, iconClass: 'text-warning' },
  down: { variant: 'destructive', icon: CircleX, iconClass: 'text-destructive' },
} as const;

/** The server's checks as it ran them for this request: never fixed badges. */
export function SystemStatusList({ checks }: { checks: SystemCheck[] | undefined }) {
  if (!checks) {
    return (
      <div className="space-y-2" aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-11" />
        ))}
      </div>
    );
  }
  return (
    <ul className="divide-y rounded-lg border" aria-label="Estado do sistema">
      {checks.map((check) => {
        const style = STATUS_STYLE[check.status];
        return (
          <li key={check.id} className="flex items-center gap-3 px-3 py-2.5" data-testid={`system-${check.id}`}>
            <style.icon className={`size-4 shrink-0 ${style.iconClass}`} aria-hidden />
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">{check.label}</p>
              <p className="truncate text-xs text-muted-foreground" title={check.detail}>
                {check.detail}
              </p>
            </div>
            <Badge variant={style.variant}>{SYSTEM_STATUS_LABELS[check.status]}</Badge>
          </li>
        );
      })}
    </ul>
  );
}
