import { Database, FileText, Play, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { TestReport } from '@viabiliza/contracts/admin-console';

import { useTestReports } from '@/features/admin/api/get-test-reports';
import { useTestScenarios } from '@/features/admin/api/get-test-scenarios';
import { useRunTests } from '@/features/admin/api/run-tests';
import { TestHistory, TestReportView } from '@/features/admin/components/test-report-view';
import { QueryError } from '@/components/errors/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

const ERROR = { errorTitle: 'Erro nos Testes', errorDescription: 'Falha na execução da suite de testes' };

function latestOf(reports: TestReport[], suite: TestReport['suite']) {
  return reports.find((r) => r.suite === suite) ?? null;
}

/** E2E tab: the three groups of spec 02 run as real flows through the API with a throwaway account. */
function E2eTab({ latest }: { latest: TestReport | null }) {
  const run = useRunTests(ERROR);
  const [hidden, setHidden] = useState<string | null>(null);
  const shown = latest && latest.id !== hidden ? latest : null;
  return (
    <Card>
      <CardHeader className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="space-y-1">
          <CardTitle>Testes E2E</CardTitle>
          <CardDescription>
            Autenticação, Dashboard e Análise de Propriedades, pela API, com uma conta temporária criada e excluída a cada execução.
          </CardDescription>
        </div>
        <div className="flex gap-2">
          <Button onClick={() => run.mutate({ suite: 'e2e' })} disabled={run.isPending}>
            {run.isPending ? <Spinner /> : <Play aria-hidden />} Executar Testes
          </Button>
          <Button variant="outline" onClick={() => setHidden(latest?.id ?? null)} disabled={run.isPending || !shown}>
            <RotateCcw aria-hidden /> Resetar
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        {run.isPending && (
          <p className="mb-4 flex items-center gap-2 text-sm text-muted-foreground" role="status">
            <Spinner /> Executando: cadastro, login, dashboard, upload, extração e análise…
          </p>
        )}
        {shown ? <TestReportView report={shown} /> : !run.isPending && <p className="text-sm text-muted-foreground">Nenhum resultado exibido.</p>}
      </CardContent>
    </Card>
  );
}

/** Real-data tab: shipped sample documents through extraction and the engine, checked against the facts they state. */
function ScenariosTab({ reports }: { reports: TestReport[] }) {
  const scenarios = useTestScenarios();
  const run = useRunTests(ERROR);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">Cada cenário envia documentos de exemplo à extração e ao motor e confere os fatos que eles registram.</p>
        <Button onClick={() => run.mutate({ suite: 'scenarios' })} disabled={run.isPending}>
          {run.isPending ? <Spinner /> : <Play aria-hidden />} Executar Todos
        </Button>
      </div>
      {scenarios.isPending ? (
        <Skeleton className="h-48" />
      ) : scenarios.isError ? (
        <QueryError title="Erro ao carregar os cenários" error={scenarios.error} onRetry={() => scenarios.refetch()} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-3">
          {scenarios.data.scenarios.map((s) => {
            const result = reports.filter((r) => r.suite === 'scenarios').flatMap((r) => r.results).find((r) => r.id === s.id);
            const runningThis = run.isPending && run.variables.scenario === s.id;
            return (
              <Card key={s.id} data-testid={s.id}>
                <CardHeader>
                  <div className="flex items-start justify-between gap-2">
                    <CardTitle className="text-base">{s.name}</CardTitle>
                    <Badge variant="outline">{s.difficulty}</Badge>
                  </div>
                  {result && (
                    <Badge variant={result.status === 'passed' ? 'secondary' : 'destructive'} className="w-fit">
                      {result.status === 'passed' ? 'Passou' : result.status === 'failed' ? 'Falhou' : 'Ignorado'}
                    </Badge>
                  )}
                </CardHeader>
                <CardContent className="space-y-3 text-sm">
                  <div>
                    <p className="mb-1 flex items-center gap-1 font-medium">
                      <FileText className="size-4" aria-hidden /> Arquivos
                    </p>
                    <ul className="list-disc pl-5 text-xs break-all text-muted-foreground">
                      {s.files.map((f) => (
                        <li key={f}>{f}</li>
                      ))}
                    </ul>
                  </div>
                  <div>
                    <p className="mb-1 flex items-center gap-1 font-medium">
                      <Database className="size-4" aria-hidden /> Resultados esperados
                    </p>
                    <ul className="list-disc pl-5 text-xs text-muted-foreground">
                      {s.expected.map((e) => (
                        <li key={e}>{e}</li>
                      ))}
                    </ul>
                  </div>
                  {result?.error && <p className="text-xs break-words text-red-700 dark:text-red-300">{result.error}</p>}
                  <Button size="sm" variant="outline" onClick={() => run.mutate({ suite: 'scenarios', scenario: s.id })} disabled={run.isPending}>
                    {runningThis ? <Spinner /> : <Play aria-hidden />} Executar cenário
                  </Button>
                </CardContent>
              </Card>
            );
          })}
        </div>
      )}
    </div>
  );
}

/** /testing (spec 02 §2 'Test center'): E2E and real-data tabs, reports stored on the server. */
export function TestCenter() {
  const reports = useTestReports('center');
  const all = reports.data ? [reports.data.latest, ...reports.data.history].filter((r): r is TestReport => r !== null) : [];
  return (
    <div className="space-y-6">
      {reports.isError && <QueryError title="Erro ao carregar relatórios de teste" error={reports.error} onRetry={() => reports.refetch()} />}
      <Tabs defaultValue="e2e" className="space-y-4">
        <TabsList>
          <TabsTrigger value="e2e">E2E</TabsTrigger>
          <TabsTrigger value="real">Dados reais</TabsTrigger>
        </TabsList>
        <TabsContent value="e2e">
          <E2eTab latest={latestOf(all, 'e2e')} />
        </TabsContent>
        <TabsContent value="real">
          <ScenariosTab reports={all} />
        </TabsContent>
      </Tabs>
      <Card>
        <CardHeader>
          <CardTitle>Histórico</CardTitle>
          <CardDescription>Execuções anteriores do centro de testes.</CardDescription>
        </CardHeader>
        <CardContent>{reports.data ? <TestHistory reports={reports.data.history} /> : <Skeleton className="h-20" />}</CardContent>
      </Card>
    </div>
  );
}
