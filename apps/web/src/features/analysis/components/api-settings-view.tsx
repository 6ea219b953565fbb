import { ArrowLeft, Server, ShieldCheck } from 'lucide-react';
import { useEffect, useRef } from 'react';

import { useAiProviders } from '@/features/analysis/api/get-ai-providers';
import { QueryError } from '@/components/errors/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/**
 * The API-settings view opened by 'Ver Detalhes' (spec 01 §2): analyses run through a secure server,
 * no key is needed here, and which providers the server has configured.
 */
export function ApiSettingsView({ onBack }: { onBack: () => void }) {
  const providers = useAiProviders();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The view replaces the page content: move focus to it so keyboard and screen-reader users follow.
  useEffect(() => headingRef.current?.focus(), []);
  const list = [...(providers.data?.providers ?? [])].sort((a, b) => a.priority - b.priority);

  return (
    <div className="space-y-4">
      <Button variant="ghost" className="-ml-2" onClick={onBack}>
        <ArrowLeft aria-hidden />
        Voltar
      </Button>
      <Card>
        <CardHeader className="px-4 sm:px-6">
          <CardTitle>
            <h2 ref={headingRef} tabIndex={-1} className="text-lg outline-none">
              Configurações de API
            </h2>
          </CardTitle>
          <CardDescription>Como as análises são processadas.</CardDescription>
        </CardHeader>
        <CardContent className="px-4 sm:px-6 space-y-5">
          <div className="flex gap-3 rounded-lg border border-success/30 bg-success/10 p-4">
            <ShieldCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
            <div className="space-y-1 text-sm">
              <p className="font-medium">Análises executadas por um servidor seguro</p>
              <p className="text-muted-foreground">
                Nenhuma chave de API é necessária localmente. O Motor Viabiliza calcula todos os números da análise no
                servidor; quando um provedor de IA está configurado lá, ele escreve a narrativa em volta desses números.
              </p>
            </div>
          </div>

          <section aria-labelledby="providers-title" className="space-y-2">
            <h3 id="providers-title" className="font-semibold">
              Provedores
            </h3>
            {providers.isPending ? (
              <div role="status" aria-label="Carregando provedores" className="space-y-2">
                <Skeleton className="h-12 w-full" />
                <Skeleton className="h-12 w-full" />
              </div>
            ) : providers.isError ? (
              <QueryError
                title="Erro ao carregar provedores"
                error={providers.error}
                onRetry={() => void providers.refetch()}
                isRetrying={providers.isFetching}
              />
            ) : (
              <ul aria-labelledby="providers-title" className="divide-y rounded-lg border">
                {list.map((p) => (
                  <li key={p.id} className="flex items-center gap-3 px-4 py-3">
                    <Server className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <div className="min-w-0 flex-1">
                      <p className="font-medium break-words">{p.name}</p>
                      <p className="text-xs text-muted-foreground tabular-nums">Prioridade {p.priority}</p>
                    </div>
                    {p.configured ? (
                      <Badge variant="success">Configurado</Badge>
                    ) : (
                      <Badge variant="outline">Não configurado</Badge>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </CardContent>
      </Card>
    </div>
  );
}
