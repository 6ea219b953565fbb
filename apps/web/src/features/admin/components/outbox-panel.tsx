import { MAIL_KIND_LABELS, type OutboxMessage } from '@viabiliza/contracts/account-mail';
import { RefreshCw } from 'lucide-react';

import { useOutbox } from '@/features/admin/api/get-outbox';
import { QueryError } from '@/components/errors/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';

const STATUS_LABELS: Record<OutboxMessage['status'], string> = {
  queued: 'Na caixa de saída',
  sent: 'Enviado',
  failed: 'Falhou',
};

/**
 * Caixa de saída: the account e-mails the server sent (reset, confirmation, e-mail change). Without
 * SMTP_URL this list is how they reach people: the admin opens or passes on the link.
 */
export function OutboxPanel() {
  const outbox = useOutbox();
  const data = outbox.data;
  return (
    <Card data-testid="outbox">
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          <CardTitle>
            <h2>Caixa de saída</h2>
          </CardTitle>
          <CardDescription>
            {data?.delivery === 'smtp'
              ? 'E-mails da conta enviados pelo servidor de e-mail (SMTP_URL). Os links não ficam guardados.'
              : 'Sem SMTP_URL configurado, os e-mails da conta ficam aqui: abra o link ou repasse-o à pessoa. Cada link vale 30 minutos e uma só vez.'}
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={() => outbox.refetch()} aria-busy={outbox.isFetching}>
          <RefreshCw className={outbox.isFetching ? 'animate-spin' : undefined} aria-hidden /> Atualizar
        </Button>
      </CardHeader>
      <CardContent>
        {outbox.isPending ? (
          <Skeleton className="h-24" />
        ) : outbox.isError ? (
          <QueryError title="Erro ao carregar a caixa de saída" error={outbox.error} onRetry={() => outbox.refetch()} />
        ) : data && data.items.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum e-mail enviado ainda.</p>
        ) : (
          <ul className="divide-y">
            {data?.items.map((m) => (
              <li key={m.id} data-testid="outbox-message" className="grid gap-1 py-3 text-sm sm:grid-cols-[1fr_auto] sm:items-center sm:gap-4">
                <div className="min-w-0 space-y-0.5">
                  <p className="font-medium">{m.subject}</p>
                  <p className="text-muted-foreground">
                    Para {m.recipient} · {MAIL_KIND_LABELS[m.kind]} · {formatDateTime(m.createdAt)}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={m.status === 'failed' ? 'destructive' : 'outline'}>{STATUS_LABELS[m.status]}</Badge>
                  {m.link && (
                    <a
                      href={m.link}
                      className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4"
                      aria-label={`Abrir link: ${m.subject} para ${m.recipient}`}
                    >
                      Abrir link
                    </a>
                  )}
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
