import { CheckCircle2, FlaskConical, Play, XCircle, Zap } from 'lucide-react';
import type { TestSuite } from '@viabiliza/contracts/admin-console';

import { useTestReports } from '@/features/admin/api/get-test-reports';
import { useRunTests } from '@/features/admin/api/run-tests';
import { TestHistory, TestReportView } from '@/features/admin/components/test-report-view';
import { QueryError } from '@/components/errors/query-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';

/** Testing tab (spec 02 §2): synthetic checks run on the server; reports stored there; go-live criteria computed. */
export function ConsoleTesting() {
  const reports = useTestReports('admin');
  const all = useRunTests({ errorTitle: 'Erro nos Testes', errorDescription: 'Falha na execução da suite de testes' });
  const smoke = useRunTests({
    errorTitle: 'Erro nos Testes',
    errorDescription: 'Falha na execução da suite de testes',
    onSuccess: (report) => {
      if (report.failed > 0) toast.error('Smoke Tests Falharam', { description: 'Problemas críticos detectados no sistema' });
    },
  });
  const running: TestSuite | null = all.isPending ? 'all' : smoke.isPending ? 'smoke' : null;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1">
            <CardTitle className="flex items-center gap-2">
              <FlaskConical className="size-5" aria-hidden /> Suíte de testes automatizados
            </CardTitle>
            <CardDescription>
              Verificações reais no servidor: banco, autenticação, arquivos, extração, motor, relatório, fila e tempo real.
            </CardDescription>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => all.mutate({ suite: 'all' })} disabled={running !== null}>
              {running === 'all' ? <Spinner /> : <Play aria-hidden />}
              Executar Todos os Testes
            </Button>
            <Button variant="outline" onClick={() => smoke.mutate({ suite: 'smoke' })} disabled={running !== null}>
              {running === 'smoke' ? <Spinner /> : <Zap aria-hidden />}
              Smoke Tests
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          {running && (
            <p className="mb-4 flex items-center gap-2 text-sm text-muted-foreground" role="status">
              <Spinner /> Executando {running === 'all' ? 'todos os testes' : 'os smoke tests'} no servidor…
            </p>
          )}
          {reports.isPending ? (
            <Skeleton className="h-40" />
          ) : reports.isError ? (
            <QueryError title="Erro ao carregar relatórios de teste" error={reports.error} onRetry={() => reports.refetch()} />
          ) : reports.data.latest ? (
            <TestReportView report={reports.data.latest} />
          ) : (
            <p className="text-sm text-muted-foreground">Nenhum teste executado ainda. Use os botões acima.</p>
          )}
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Histórico</CardTitle>
            <CardDescription>Os 5 relatórios anteriores, guardados no servidor.</CardDescription>
          </CardHeader>
          <CardContent>{reports.data && <TestHistory reports={reports.data.history} />}</CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Critérios de go-live</CardTitle>
            <CardDescription>Calculados a partir dos relatórios, das amostras de monitoramento e das verificações de segurança.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="space-y-2" data-testid="go-live">
              {reports.data?.goLive.map((c) => (
                <li key={c.id} className="flex items-start gap-2 text-sm">
                  {c.ok ? (
                    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-label="Atendido" />
                  ) : (
                    <XCircle className="mt-0.5 size-4 shrink-0 text-red-600" aria-label="Não atendido" />
                  )}
                  <span>
                    <span className="font-medium">{c.label}</span>
                    <span className="block text-xs text-muted-foreground">{c.detail}</span>
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
