import type { OwnStatus } from '@viabiliza/contracts/dashboard';
import { FileText, LineChart, type LucideIcon } from 'lucide-react';

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatNumber } from '@/lib/format';
import { cn } from '@/lib/utils';

interface Figure {
  id: string;
  label: string;
  value: number;
  /** A count above zero that asks for the person's attention. */
  alert?: boolean;
}

function lastRunLabel(runs: OwnStatus['runs']): string {
  if (!runs.lastRunAt) return 'Nenhuma análise executada ainda';
  const state = runs.lastRunStatus === 'completed' ? 'concluída' : runs.lastRunStatus === 'failed' ? 'com falha' : 'em andamento';
  return `Última análise: ${formatDateTime(runs.lastRunAt)} (${state})`;
}

function FigureGroup({ title, icon: Icon, figures, footer, testId }: { title: string; icon: LucideIcon; figures: Figure[]; footer?: string; testId: string }) {
  const headingId = `${testId}-title`;
  return (
    <section className="space-y-2" aria-labelledby={headingId} data-testid={testId}>
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-medium">
        <Icon className="size-4 text-muted-foreground" aria-hidden />
        {title}
      </h3>
      <dl className={cn('grid gap-2', figures.length === 3 ? 'grid-cols-3' : 'grid-cols-2 sm:grid-cols-4')}>
        {figures.map((f) => (
          <div
            key={f.id}
            className={cn('rounded-lg border px-3 py-2', f.alert && f.value > 0 && 'border-destructive/40 bg-destructive/5')}
            data-testid={`own-${f.id}`}
          >
            <dt className="text-xs text-muted-foreground">{f.label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatNumber(f.value)}</dd>
          </div>
        ))}
      </dl>
      {footer && (
        <p className="text-xs text-muted-foreground" data-testid={`${testId}-footer`}>
          {footer}
        </p>
      )}
    </section>
  );
}

/**
 * The person's own status (issue 18 §8): their documents by reading state and their analysis runs,
 * counted by the server over their rows. The server's health is an admin's and is not shown here.
 */
export function OwnStatusCard({ own }: { own: OwnStatus | undefined }) {
  return (
    <Card data-testid="own-status">
      <CardHeader>
        <CardTitle>
          <h2>Seu Status</h2>
        </CardTitle>
        <CardDescription>Seus documentos e suas análises, contados agora.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {own ? (
          <>
            <FigureGroup
              title="Documentos"
              icon={FileText}
              testId="own-documents"
              figures={[
                { id: 'lidos', label: 'Lidos', value: own.documents.read },
                { id: 'em-leitura', label: 'Em leitura', value: own.documents.reading },
                { id: 'com-erro', label: 'Com erro', value: own.documents.error, alert: true },
                { id: 'em-quarentena', label: 'Em quarentena', value: own.documents.quarantined, alert: true },
              ]}
              footer={own.documents.total ? `${formatNumber(own.documents.total)} no total` : 'Nenhum documento enviado ainda'}
            />
            <FigureGroup
              title="Análises"
              icon={LineChart}
              testId="own-runs"
              figures={[
                { id: 'em-andamento', label: 'Em andamento', value: own.runs.inProgress },
                { id: 'concluidas', label: 'Concluídas', value: own.runs.completed },
                { id: 'com-falha', label: 'Com falha', value: own.runs.failed, alert: true },
              ]}
              footer={lastRunLabel(own.runs)}
            />
          </>
        ) : (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
