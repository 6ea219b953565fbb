import { SUGGESTION_TYPE_LABELS, type Suggestion } from '@viabiliza/contracts/intelligence';
import { AlertTriangle, Bot, Lightbulb, RefreshCw, Target, TrendingUp, type LucideIcon } from 'lucide-react';

import { useAnalysisIntelligence } from '@/features/analysis/api/get-analysis-intelligence';
import { SourceLinks } from '@/features/analysis/components/source-links';
import { QueryError } from '@/components/errors/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';

const ICONS: Record<Suggestion['type'], LucideIcon> = {
  optimization: Target,
  opportunity: TrendingUp,
  warning: AlertTriangle,
  insight: Lightbulb,
};

/** The spec's filter tabs: all, opportunities, optimizations, warnings, insights. */
const FILTERS: { value: 'all' | Suggestion['type']; label: string }[] = [
  { value: 'all', label: 'Todas' },
  { value: 'opportunity', label: 'Oportunidades' },
  { value: 'optimization', label: 'Otimizações' },
  { value: 'warning', label: 'Alertas' },
  { value: 'insight', label: 'Insights' },
];

function SuggestionItem({ s }: { s: Suggestion }) {
  const Icon = ICONS[s.type];
  return (
    <li className="space-y-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-start gap-2">
        <Icon className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        <p className="min-w-48 flex-1 font-medium">{s.title}</p>
        <Badge variant={s.type === 'warning' ? 'warning' : s.type === 'opportunity' ? 'success' : 'secondary'}>{SUGGESTION_TYPE_LABELS[s.type]}</Badge>
        <Badge variant="outline">Confiança {s.confidence}%</Badge>
      </div>
      <p className="text-sm text-muted-foreground">{s.description}</p>
      <SourceLinks links={s.links} />
    </li>
  );
}

/** 'Assistente IA' (spec 02 §2): suggestions from the engine's result, filterable by type, refreshable. */
export function SuggestionsPanel({ analysisId }: { analysisId: string | null }) {
  const query = useAnalysisIntelligence(analysisId);
  const list = query.data?.suggestions ?? [];
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 px-4 sm:px-6">
        <div className="space-y-1.5">
          <CardTitle className="flex items-center gap-2">
            <Bot className="size-5 text-primary" aria-hidden />
            <h2 className="text-lg">Assistente IA</h2>
          </CardTitle>
          <CardDescription>Sugestões geradas dos números e achados desta análise.</CardDescription>
        </div>
        {analysisId && (
          <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
            <RefreshCw aria-hidden className={query.isFetching ? 'animate-spin' : undefined} />
            {query.isFetching ? 'Gerando...' : 'Atualizar sugestões'}
          </Button>
        )}
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {!analysisId ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">Inicie uma análise para receber sugestões.</p>
        ) : query.isPending ? (
          <Skeleton role="status" aria-label="Carregando sugestões" className="h-32 w-full" />
        ) : query.isError ? (
          <QueryError title="Não foi possível gerar as sugestões" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Tabs defaultValue="all" className="gap-3">
            <TabsList className="flex h-auto w-full flex-wrap justify-start gap-1 sm:w-fit" aria-label="Filtrar sugestões">
              {FILTERS.map((f) => (
                <TabsTrigger key={f.value} value={f.value} className="flex-none px-3 py-1.5">
                  {f.label} ({f.value === 'all' ? list.length : list.filter((s) => s.type === f.value).length})
                </TabsTrigger>
              ))}
            </TabsList>
            {FILTERS.map((f) => {
              const shown = f.value === 'all' ? list : list.filter((s) => s.type === f.value);
              return (
                <TabsContent key={f.value} value={f.value}>
                  {shown.length === 0 ? (
                    <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">Nenhuma sugestão deste tipo.</p>
                  ) : (
                    <ul className="space-y-3" data-testid={`suggestions-${f.value}`}>
                      {shown.map((s) => (
                        <SuggestionItem key={s.id} s={s} />
                      ))}
                    </ul>
                  )}
                </TabsContent>
              );
            })}
          </Tabs>
        )}
      </CardContent>
    </Card>
  );
}
