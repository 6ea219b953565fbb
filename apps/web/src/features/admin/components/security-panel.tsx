import { CircleAlert, CircleCheck, RefreshCw, ShieldAlert, TriangleAlert } from 'lucide-react';
import type { SecurityCheck } from '@viabiliza/contracts/security';

import { useActiveSessions, useSecurityReport } from '@/features/admin/api/get-security';
import { useRevokeSession } from '@/features/admin/api/revoke-session';
import { QueryError } from '@/components/errors/query-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatNumber } from '@/lib/format';

const STATUS = {
  pass: { label: 'OK', icon: CircleCheck, className: 'text-emerald-600' },
  warn: { label: 'Atenção', icon: TriangleAlert, className: 'text-amber-600' },
  fail: { label: 'Crítico', icon: CircleAlert, className: 'text-red-600' },
} as const;

const SEVERITY = { low: 'Baixa', medium: 'Média', high: 'Alta' } as const;

function CheckRow({ check }: { check: SecurityCheck }) {
  const s = STATUS[check.status];
  return (
    <li className="flex gap-3 py-3">
      <s.icon className={`mt-0.5 size-5 shrink-0 ${s.className}`} aria-hidden />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="font-medium">{check.name}</p>
          <Badge variant="outline">{s.label}</Badge>
          <span className="text-xs text-muted-foreground">Severidade {SEVERITY[check.severity]}</span>
        </div>
        <p className="text-sm break-words text-muted-foreground">{check.message}</p>
      </div>
    </li>
  );
}

function Checks() {
  const report = useSecurityReport();
  if (report.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-3" role="status" aria-label="Carregando verificações">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  }
  if (report.isError) {
    return <QueryError title="Falha ao carregar dados de segurança" error={report.error} onRetry={() => void report.refetch()} isRetrying={report.isFetching} />;
  }
  const { counts, checks, checkedAt } = report.data;
  const attention = checks.filter((c) => c.status !== 'pass');
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">Última análise em {formatDateTime(checkedAt)}</p>
        <Button onClick={() => void report.refetch()} disabled={report.isFetching}>
          <RefreshCw className={report.isFetching ? 'animate-spin' : undefined} aria-hidden />
          Executar Análise
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {([['pass', 'Verificações aprovadas'], ['warn', 'Avisos'], ['fail', 'Problemas críticos']] as const).map(([key, label]) => {
          const s = STATUS[key];
          return (
            <Card key={key} className="gap-2">
              <CardHeader className="flex flex-row items-center justify-between">
                <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
                <s.icon className={`size-4 ${s.className}`} aria-hidden />
              </CardHeader>
              <CardContent>
                <span className="text-2xl font-bold tabular-nums" data-testid={`security-count-${key}`}>
                  {formatNumber(counts[key])}
                </span>
              </CardContent>
            </Card>
          );
        })}
      </div>
      {attention.length > 0 && (
        <Alert>
          <ShieldAlert aria-hidden />
          <AlertTitle>Recomendações</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {attention.map((c) => (
                <li key={c.id}>
                  {c.name}: {c.message}
                </li>
              ))}
            </ul>
          </AlertDescription>
        </Alert>
      )}
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Verificações</CardTitle>
          <CardDescription>Calculadas a partir da configuração e das respostas desta instalação.</CardDescription>
        </CardHeader>
        <CardContent>
          <ul className="divide-y">
            {checks.map((c) => (
              <CheckRow key={c.id} check={c} />
            ))}
          </ul>
        </CardContent>
      </Card>
    </div>
  );
}

function Sessions() {
  const sessions = useActiveSessions();
  const revoke = useRevokeSession();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Sessões ativas</CardTitle>
        <CardDescription>Sessões não expiradas de todos os usuários, da atividade mais recente para a mais antiga.</CardDescription>
      </CardHeader>
      <CardContent>
        {sessions.isPending ? (
          <div className="space-y-2" role="status" aria-label="Carregando sessões">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : sessions.isError ? (
          <QueryError title="Falha ao carregar dados de segurança" error={sessions.error} onRetry={() => void sessions.refetch()} isRetrying={sessions.isFetching} />
        ) : sessions.data.sessions.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma sessão ativa encontrada</p>
        ) : (
          <ul className="divide-y">
            {sessions.data.sessions.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="truncate font-medium">
                    {s.userName} <span className="font-normal text-muted-foreground">· {s.userEmail}</span>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {s.browser} · IP {s.ipAddress || 'desconhecido'} · última atividade {formatDateTime(s.lastActivity)}
                  </p>
                </div>
                {s.current ? (
                  <Badge variant="secondary">Sessão atual</Badge>
                ) : (
                  <Button
                    variant="destructive"
                    size="sm"
                    onClick={() => revoke.mutate(s.id)}
                    disabled={revoke.isPending && revoke.variables === s.id}
                    aria-label={`Finalizar sessão de ${s.userEmail} (${s.browser})`}
                  >
                    Finalizar
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function SecurityPanel() {
  return (
    <div className="space-y-6">
      <Checks />
      <Sessions />
    </div>
  );
}
