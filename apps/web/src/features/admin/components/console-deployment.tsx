import { CheckCircle2, Rocket, XCircle } from 'lucide-react';
import type { DeployCheck, DeployOverview } from '@viabiliza/contracts/admin-console';

import { useDeploy } from '@/features/admin/api/get-deploy';
import { useSetChecklistItem } from '@/features/admin/api/set-checklist-item';
import { useTriggerDeploy } from '@/features/admin/api/trigger-deploy';
import { QueryError } from '@/components/errors/query-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';

const STATUS_LABELS: Record<string, string> = {
  ready: 'Pronto',
  deploying: 'Em deploy',
  deployed: 'Implantado',
  failed: 'Falhou',
  rollback: 'Revertido',
};

function Mark({ ok, label }: { ok: boolean; label: string }) {
  return ok ? (
    <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-label={`${label}: ok`} />
  ) : (
    <XCircle className="mt-0.5 size-4 shrink-0 text-red-600" aria-label={`${label}: pendente`} />
  );
}

function CheckList({ checks }: { checks: DeployCheck[] }) {
  return (
    <ul className="space-y-2">
      {checks.map((c) => (
        <li key={c.id} className="flex items-start gap-2 text-sm">
          <Mark ok={c.ok} label={c.label} />
          <span>
            <span className="font-medium">{c.label}</span>
            <span className="block text-xs break-words text-muted-foreground">{c.detail}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

function Environments({ data }: { data: DeployOverview }) {
  const deploy = useTriggerDeploy();
  const anyConfigured = data.environments.some((e) => e.configured);
  const start = (name: string) => {
    if (name === 'production' && !data.productionReady) {
      toast.error('Deploy Bloqueado', { description: 'Pré-requisitos não atendidos para produção' });
      return;
    }
    deploy.mutate(name, {
      onSuccess: (record) => {
        if (record.status === 'deployed') toast.success(`Deploy para ${name} disparado`, { description: `Versão ${record.version}` });
        else toast.error(name === 'production' ? 'Deploy para Produção Falhou ❌' : 'Deploy Falhou ❌', { description: record.error ?? `Erro durante o deploy para ${name}` });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) toast.error('Deploy Bloqueado', { description: 'Pré-requisitos não atendidos para produção' });
        else toast.error(name === 'production' ? 'Deploy para Produção Falhou ❌' : 'Deploy Falhou ❌', { description: errorMessage(error) });
      },
    });
  };
  return (
    <div className="space-y-4">
      {!anyConfigured && (
        <Alert>
          <Rocket aria-hidden />
          <AlertTitle>Nenhum hook de deploy configurado</AlertTitle>
          <AlertDescription>
            Defina a variável DEPLOY_ENVIRONMENTS no servidor, por exemplo staging=https://…,production=https://…, com a URL de deploy hook da sua plataforma de
            hospedagem, e reinicie o servidor.
          </AlertDescription>
        </Alert>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        {data.environments.map((env) => (
          <Card key={env.name} data-testid={`env-${env.name}`}>
            <CardHeader className="flex flex-row items-start justify-between gap-2">
              <div className="space-y-1">
                <CardTitle className="capitalize">{env.name}</CardTitle>
                <CardDescription>{env.configured ? `Hook: ${env.hookHost}` : 'Sem hook configurado'}</CardDescription>
              </div>
              <Badge variant={env.last?.status === 'failed' ? 'destructive' : 'secondary'}>{env.last ? STATUS_LABELS[env.last.status] : 'Nunca implantado'}</Badge>
            </CardHeader>
            <CardContent className="space-y-3 text-sm">
              {env.last && (
                <p className="text-muted-foreground">
                  Versão {env.last.version} · {formatDateTime(env.last.createdAt)}
                  {env.last.error ? ` · ${env.last.error}` : ''}
                </p>
              )}
              {env.configured ? (
                <Button onClick={() => start(env.name)} disabled={deploy.isPending} variant={env.name === 'production' ? 'default' : 'outline'}>
                  {deploy.isPending && deploy.variables === env.name ? <Spinner /> : <Rocket aria-hidden />}
                  Deploy para {env.name}
                </Button>
              ) : (
                <p className="text-xs text-muted-foreground">Para habilitar, adicione {env.name}=URL-do-hook em DEPLOY_ENVIRONMENTS.</p>
              )}
            </CardContent>
          </Card>
        ))}
      </div>
    </div>
  );
}

/** Deployment tab (spec 02 §2): Visão Geral, Checklist, Ambientes, Monitoramento — every figure computed by the server. */
export function ConsoleDeployment() {
  const deploy = useDeploy();
  const toggle = useSetChecklistItem();
  if (deploy.isPending) return <Skeleton className="h-64" />;
  if (deploy.isError) return <QueryError title="Erro ao carregar o deploy" error={deploy.error} onRetry={() => deploy.refetch()} />;
  const data = deploy.data;
  const staging = data.environments.find((e) => e.name === 'staging');
  const production = data.environments.find((e) => e.name === 'production');

  return (
    <Tabs defaultValue="overview" className="space-y-4">
      <TabsList className="flex h-auto flex-wrap">
        <TabsTrigger value="overview">Visão Geral</TabsTrigger>
        <TabsTrigger value="checklist">Checklist</TabsTrigger>
        <TabsTrigger value="environments">Ambientes</TabsTrigger>
        <TabsTrigger value="monitoring">Monitoramento</TabsTrigger>
      </TabsList>

      <TabsContent value="overview" className="space-y-4">
        <div className="grid gap-4 md:grid-cols-3">
          {[staging, production].map(
            (env) =>
              env && (
                <Card key={env.name}>
                  <CardHeader>
                    <CardTitle className="capitalize">{env.name}</CardTitle>
                    <CardDescription>{env.last ? `Versão ${env.last.version}` : 'Nenhum deploy registrado'}</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <Badge variant="secondary">{env.last ? STATUS_LABELS[env.last.status] : '—'}</Badge>
                  </CardContent>
                </Card>
              ),
          )}
          <Card>
            <CardHeader>
              <CardTitle>Go-live</CardTitle>
              <CardDescription>
                Build {data.version}
                {data.commit ? ` · ${data.commit.slice(0, 7)}` : ''}
              </CardDescription>
            </CardHeader>
            <CardContent>
              <Badge className={data.productionReady ? 'bg-emerald-100 text-emerald-800' : 'bg-red-100 text-red-800'} data-testid="go-live-status">
                {data.productionReady ? 'Pronto para produção' : 'Pré-requisitos pendentes'}
              </Badge>
            </CardContent>
          </Card>
        </div>
        {data.history.length > 0 && (
          <Card>
            <CardHeader>
              <CardTitle>Deploys recentes</CardTitle>
            </CardHeader>
            <CardContent>
              <ul className="divide-y text-sm">
                {data.history.map((d) => (
                  <li key={d.id} className="flex flex-wrap justify-between gap-2 py-2">
                    <span>
                      <span className="font-medium capitalize">{d.environment}</span> · {d.version} · {d.triggeredBy ?? 'usuário removido'}
                    </span>
                    <span className="text-muted-foreground">
                      {STATUS_LABELS[d.status]} · {formatDateTime(d.createdAt)}
                    </span>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        )}
      </TabsContent>

      <TabsContent value="checklist">
        <Card>
          <CardHeader>
            <CardTitle>Checklist pré-deploy</CardTitle>
            <CardDescription>Itens calculados pelo servidor; rollback e comunicação à equipe são confirmados por uma pessoa.</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="space-y-3">
              {data.checklist.map((item) => (
                <li key={item.id} className="flex items-start gap-3 text-sm">
                  {item.manual ? (
                    <Checkbox
                      id={`check-${item.id}`}
                      checked={item.checked}
                      disabled={toggle.isPending}
                      onCheckedChange={(v) => toggle.mutate({ item: item.id, checked: v === true })}
                      className="mt-0.5"
                    />
                  ) : (
                    <Mark ok={item.checked} label={item.label} />
                  )}
                  <label htmlFor={item.manual ? `check-${item.id}` : undefined}>
                    <span className="font-medium">{item.label}</span>
                    <span className="block text-xs text-muted-foreground">{item.manual ? 'Confirmação manual' : item.detail}</span>
                  </label>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </TabsContent>

      <TabsContent value="environments" className="space-y-4">
        <Card>
          <CardHeader>
            <CardTitle>Verificações</CardTitle>
            <CardDescription>Calculadas agora nesta instalação.</CardDescription>
          </CardHeader>
          <CardContent>
            <CheckList checks={data.checks} />
          </CardContent>
        </Card>
        <Environments data={data} />
      </TabsContent>

      <TabsContent value="monitoring">
        <Card>
          <CardHeader>
            <CardTitle>Monitoramento</CardTitle>
            <CardDescription>Os números ao vivo estão na aba Monitoramento do painel e em /system-monitor.</CardDescription>
          </CardHeader>
          <CardContent>
            <CheckList checks={data.checks.filter((c) => c.id === 'performance' || c.id === 'monitoring')} />
          </CardContent>
        </Card>
      </TabsContent>
    </Tabs>
  );
}
