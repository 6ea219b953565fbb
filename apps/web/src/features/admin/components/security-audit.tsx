import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Activity, CircleAlert, RefreshCw, ShieldAlert, UserX } from 'lucide-react';
import {
  ANOMALY_THRESHOLDS,
  AUDIT_COUNTER_LABELS,
  AUDIT_FEED_LIMIT,
  AUDIT_MESSAGES,
  auditEvent,
  isSuspiciousAction,
  type Anomaly,
  type AuditEvent,
  type AuditOverview,
  type RiskLevel,
} from '@viabiliza/contracts/audit';
import { browserFromUserAgent } from '@viabiliza/contracts/security';

import { AUDIT_QUERY_KEY, useAuditOverview } from '@/features/admin/api/get-audit';
import { QueryError } from '@/components/errors/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { ScrollArea } from '@/components/ui/scroll-area';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { formatDateTime, formatNumber } from '@/lib/format';
import { subscribeRealtime } from '@/lib/realtime';
import { toast } from '@/lib/toast';

const ACTION_LABELS: Record<string, string> = {
  login: 'Login',
  demo_login: 'Demonstração aberta',
  signup: 'Cadastro',
  logout: 'Saída',
  role_grant: 'Papel de administrador concedido',
  role_revoke: 'Papel de administrador removido',
  session_revoke: 'Sessão finalizada',
  upload: 'Envio de documento',
  document_delete: 'Exclusão de documento',
  analysis_run: 'Análise iniciada',
  report_export: 'Relatório exportado',
  backup_create: 'Backup criado',
  backup_restore: 'Backup restaurado',
  backup_download: 'Backup baixado',
  backup_key_reveal: 'Chave de backup exibida',
  backup_delete: 'Backup excluído',
  SUSPICIOUS_AUTH_RATE_LIMIT: 'Tentativas de acesso acima do limite',
  SUSPICIOUS_ADMIN_ACCESS: 'Acesso administrativo negado',
};

const RISK_BADGE: Record<RiskLevel, 'destructive' | 'warning' | 'secondary'> = { HIGH: 'destructive', MEDIUM: 'warning', LOW: 'secondary' };

const COUNTERS = [
  { key: 'totalEvents', icon: Activity, className: 'text-primary' },
  { key: 'failedEvents', icon: CircleAlert, className: 'text-red-600' },
  { key: 'suspiciousEvents', icon: ShieldAlert, className: 'text-amber-600' },
  { key: 'highRiskUsers', icon: UserX, className: 'text-red-600' },
] as const;

function RiskBadge({ level }: { level: RiskLevel }) {
  return <Badge variant={RISK_BADGE[level]}>{level}</Badge>;
}

function subjectOf(a: Pick<Anomaly, 'userEmail' | 'userId' | 'ipAddress'>): string {
  return a.userEmail ?? (a.userId ? a.userId : `Anônimo (IP ${a.ipAddress ?? 'desconhecido'})`);
}

function EventRow({ event }: { event: AuditEvent }) {
  const label = ACTION_LABELS[event.action] ?? event.action;
  return (
    <li className="space-y-1 py-3" data-testid="audit-event">
      <div className="flex flex-wrap items-center gap-2">
        <RiskBadge level={event.riskLevel} />
        <Badge variant={event.success ? 'success' : 'destructive'}>{event.success ? 'Sucesso' : 'Falha'}</Badge>
        <span className="font-medium">{label}</span>
        <code className="text-xs text-muted-foreground">{event.action}</code>
      </div>
      <p className="text-sm break-words text-muted-foreground">
        {event.userEmail ?? (typeof event.details?.email === 'string' ? `${event.details.email} (sem conta)` : 'Anônimo')} · {event.resource} · IP{' '}
        {event.ipAddress ?? 'desconhecido'} · {browserFromUserAgent(event.userAgent)}
      </p>
      <p className="text-xs text-muted-foreground">{formatDateTime(event.createdAt)}</p>
    </li>
  );
}

/** Adds a live event to the cached overview: prepended, de-duplicated, capped at 50 (spec 02 §4). */
function withLiveEvent(overview: AuditOverview | undefined, event: AuditEvent): AuditOverview | undefined {
  if (!overview || overview.events.some((e) => e.id === event.id)) return overview;
  const c = overview.counters;
  return {
    ...overview,
    counters: {
      ...c,
      totalEvents: c.totalEvents + 1,
      failedEvents: c.failedEvents + (event.success ? 0 : 1),
      suspiciousEvents: c.suspiciousEvents + (isSuspiciousAction(event.action) ? 1 : 0),
    },
    events: [event, ...overview.events].slice(0, AUDIT_FEED_LIMIT),
  };
}

export function SecurityAudit() {
  const [autoRefresh, setAutoRefresh] = useState(true);
  const overview = useAuditOverview(autoRefresh);
  const queryClient = useQueryClient();
  const seen = useRef<Set<string> | null>(null);

  // Spec 02 §4: a failed event whose action contains SUSPICIOUS raises a destructive toast, once,
  // whether it arrived live or with a poll. Events present at the first load are history, not news.
  const notice = (events: AuditEvent[]) => {
    if (!seen.current) {
      seen.current = new Set(events.map((e) => e.id));
      return;
    }
    for (const e of events) {
      if (seen.current.has(e.id)) continue;
      seen.current.add(e.id);
      if (!e.success && isSuspiciousAction(e.action)) {
        toast.error(`Atividade suspeita: ${e.action}`, { description: `Recurso: ${e.resource}${e.userEmail ? ` · ${e.userEmail}` : ''}` });
      }
    }
  };
  const noticeRef = useRef(notice);
  noticeRef.current = notice;

  useEffect(() => {
    if (overview.data) noticeRef.current(overview.data.events);
  }, [overview.data]);

  useEffect(() => {
    if (overview.isError) toast.error(AUDIT_MESSAGES.loadFailedTitle, { description: AUDIT_MESSAGES.loadFailed, id: 'audit-load-failed' });
  }, [overview.isError, overview.errorUpdatedAt]);

  useEffect(() => {
    const offAudit = subscribeRealtime('audit', (data) => {
      const parsed = auditEvent.safeParse(data);
      if (!parsed.success) return;
      queryClient.setQueryData<AuditOverview>(AUDIT_QUERY_KEY, (current) => withLiveEvent(current, parsed.data));
    });
    // After a reconnection, fetch what may have been missed meanwhile.
    const offReady = subscribeRealtime('ready', () => void queryClient.invalidateQueries({ queryKey: AUDIT_QUERY_KEY }));
    return () => {
      offAudit();
      offReady();
    };
  }, [queryClient]);

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {overview.data ? `Atualizado em ${formatDateTime(overview.data.generatedAt)}` : 'Carregando…'}
          <span className="ml-2 inline-flex items-center gap-1 text-xs">
            <span className="size-2 rounded-full bg-emerald-500" aria-hidden /> eventos ao vivo
          </span>
        </p>
        <div className="flex items-center gap-4">
          <div className="flex items-center gap-2">
            <Switch id="audit-auto-refresh" checked={autoRefresh} onCheckedChange={setAutoRefresh} />
            <Label htmlFor="audit-auto-refresh">Atualização automática: {autoRefresh ? 'ON' : 'OFF'}</Label>
          </div>
          <Button variant="outline" onClick={() => void overview.refetch()} disabled={overview.isFetching}>
            <RefreshCw className={overview.isFetching ? 'animate-spin' : undefined} aria-hidden />
            Atualizar
          </Button>
        </div>
      </div>

      {overview.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" role="status" aria-label="Carregando auditoria">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : overview.isError ? (
        <QueryError title={AUDIT_MESSAGES.loadFailed} error={overview.error} onRetry={() => void overview.refetch()} isRetrying={overview.isFetching} />
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {COUNTERS.map(({ key, icon: Icon, className }) => (
              <Card key={key} className="gap-2">
                <CardHeader className="flex flex-row items-center justify-between">
                  <CardTitle className="text-sm font-medium text-muted-foreground">{AUDIT_COUNTER_LABELS[key]}</CardTitle>
                  <Icon className={`size-4 ${className}`} aria-hidden />
                </CardHeader>
                <CardContent>
                  <span className="text-2xl font-bold tabular-nums" data-testid={`audit-count-${key}`}>
                    {formatNumber(overview.data.counters[key])}
                  </span>
                  <p className="text-xs text-muted-foreground">{key === 'highRiskUsers' ? 'na última hora' : 'nas últimas 24 horas'}</p>
                </CardContent>
              </Card>
            ))}
          </div>

          <div className="grid gap-6 lg:grid-cols-5">
            <Card className="lg:col-span-2">
              <CardHeader>
                <CardTitle className="text-base">Usuários com atividade anômala</CardTitle>
                <CardDescription>
                  Eventos da última hora por usuário (tentativas anônimas por IP). HIGH: {ANOMALY_THRESHOLDS.HIGH.failures} ou mais falhas ou{' '}
                  {ANOMALY_THRESHOLDS.HIGH.actions} ou mais ações; MEDIUM: {ANOMALY_THRESHOLDS.MEDIUM.failures} falhas ou {ANOMALY_THRESHOLDS.MEDIUM.actions} ações;
                  LOW: {ANOMALY_THRESHOLDS.LOW.failures} falhas ou {ANOMALY_THRESHOLDS.LOW.actions} ações.
                </CardDescription>
              </CardHeader>
              <CardContent>
                {overview.data.anomalies.length === 0 ? (
                  <p className="text-sm text-muted-foreground">Nenhuma atividade anômala na última hora.</p>
                ) : (
                  <ul className="divide-y" data-testid="audit-anomalies">
                    {overview.data.anomalies.map((a) => (
                      <li key={`${a.userId ?? ''}:${a.ipAddress ?? ''}`} className="space-y-1 py-3">
                        <div className="flex flex-wrap items-center gap-2">
                          <RiskBadge level={a.riskLevel} />
                          <span className="min-w-0 truncate font-medium">{subjectOf(a)}</span>
                        </div>
                        <p className="text-sm text-muted-foreground">
                          {formatNumber(a.actionCount)} ações · {formatNumber(a.failureCount)} falhas · última: {ACTION_LABELS[a.lastAction] ?? a.lastAction} em{' '}
                          {formatDateTime(a.lastActionAt)}
                        </p>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>

            <Card className="lg:col-span-3">
              <CardHeader>
                <CardTitle className="text-base">Eventos recentes</CardTitle>
                <CardDescription>Os {AUDIT_FEED_LIMIT} eventos mais recentes; novos eventos chegam em tempo real.</CardDescription>
              </CardHeader>
              <CardContent>
                {overview.data.events.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{AUDIT_MESSAGES.empty}</p>
                ) : (
                  <ScrollArea className="h-[32rem] pr-3">
                    <ul className="divide-y" aria-label="Eventos de auditoria">
                      {overview.data.events.map((e) => (
                        <EventRow key={e.id} event={e} />
                      ))}
                    </ul>
                  </ScrollArea>
                )}
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </div>
  );
}
