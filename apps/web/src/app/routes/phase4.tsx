import { analysisTypeLabel } from '@viabiliza/contracts/analysis';
import { INTELLIGENCE_MESSAGES } from '@viabiliza/contracts/intelligence';
import { Brain, Calculator, LineChart, Lightbulb, Scale, Smile, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';

import { useAnalysisIntelligence } from '@/features/analysis/api/get-analysis-intelligence';
import { InsightCardsList } from '@/features/analysis/components/insight-cards';
import { ValuationSteps } from '@/features/analysis/components/valuation-explanation';
import { useAnalysisHistory } from '@/features/history/api/get-analysis-history';
import { AccessRestricted } from '@/components/errors/access-restricted';
import { QueryError } from '@/components/errors/query-error';
import { PageLoader } from '@/components/layout/page-loader';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatCurrency, formatDateTime } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';

const FEATURES = [
  { icon: Lightbulb, title: 'Motor de Insights', text: 'Oportunidades e riscos da análise com impacto, confiança e o documento ou número por trás.' },
  { icon: Scale, title: 'Avaliação Automatizada', text: 'Faixa de valor pela referência FipeZAP da cidade, área e estado de conservação, passo a passo.' },
  { icon: Smile, title: 'Análise de Sentimento', text: 'Localização, preço, estado e potencial de 0 a 100, com os termos lidos nos documentos.' },
  { icon: LineChart, title: 'Análise Preditiva', text: 'Cenários de preço pelo IPCA mais uma taxa real escolhida e recomendação por regras explícitas.' },
] as const;

/**
 * /phase4, 'IA Avançada' (spec 02 §2 'Advanced AI showcase'): the feature cards and the two tabs,
 * insights engine and automated valuation, fed with the person's own analysis (the latest by
 * default) instead of demo data.
 */
export default function Phase4Route() {
  usePageMeta({ title: 'IA Avançada', noindex: true });
  const { user, isLoading } = useSession();
  if (isLoading) return <PageLoader label="Carregando..." />;
  if (!user) return <AccessRestricted message="Faça login para usar a IA avançada" />;
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <div className="space-y-1">
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight sm:text-3xl">
          <Brain className="size-7 text-primary" aria-hidden />
          IA Avançada
        </h1>
        <p className="text-sm text-muted-foreground">
          O motor do Viabiliza aplicado às suas análises: cada número vem do questionário, dos documentos ou da base de referência datada.
        </p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        {FEATURES.map((f) => (
          <li key={f.title}>
            <Card className="h-full">
              <CardHeader className="px-4">
                <CardTitle className="flex items-center gap-2 text-base">
                  <f.icon className="size-5 text-primary" aria-hidden />
                  {f.title}
                </CardTitle>
                <CardDescription>{f.text}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
      <Showcase />
    </div>
  );
}

function Showcase() {
  const history = useAnalysisHistory({ q: undefined, type: undefined, provider: undefined, page: 1, pageSize: 50 });
  const items = history.data?.items ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const analysisId = chosen && items.some((i) => i.id === chosen) ? chosen : (items[0]?.id ?? null);

  if (history.isPending) return <Skeleton role="status" aria-label="Carregando análises" className="h-48 w-full" />;
  if (history.isError) return <QueryError title="Erro ao carregar suas análises" error={history.error} onRetry={() => void history.refetch()} />;
  if (items.length === 0 || !analysisId) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center gap-4 p-8 text-center">
          <Sparkles className="size-10 text-muted-foreground" aria-hidden />
          <p className="text-sm text-muted-foreground">{INTELLIGENCE_MESSAGES.noAnalyses}</p>
          <Button asChild>
            <Link to="/analise">Fazer Primeira Análise</Link>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <div className="space-y-4">
      <div className="max-w-xl space-y-1">
        <Label htmlFor="phase4-analysis">Análise</Label>
        <NativeSelect id="phase4-analysis" value={analysisId} onChange={(e) => setChosen(e.target.value)}>
          {items.map((i) => (
            <option key={i.id} value={i.id}>
              {i.property.title} · {analysisTypeLabel(i.analysisType)} · {formatDateTime(i.createdAt)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Tabs defaultValue="insights" className="gap-4">
        <TabsList className="flex h-auto w-full flex-wrap justify-start gap-1 sm:w-fit">
          <TabsTrigger value="insights" className="px-4 py-1.5">
            <Lightbulb aria-hidden />
            Motor de Insights
          </TabsTrigger>
          <TabsTrigger value="valuation" className="px-4 py-1.5">
            <Calculator aria-hidden />
            Avaliação Automatizada
          </TabsTrigger>
        </TabsList>
        <TabsContent value="insights">
          <InsightsEngine key={analysisId} analysisId={analysisId} />
        </TabsContent>
        <TabsContent value="valuation">
          <AutomatedValuation key={analysisId} analysisId={analysisId} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

/** A generate button that runs the engine's derivation on the server and toasts when it is done. */
function useGenerated(analysisId: string, message: string) {
  const [generated, setGenerated] = useState(false);
  const [running, setRunning] = useState(false);
  const query = useAnalysisIntelligence(analysisId, { enabled: generated });
  const run = async () => {
    setRunning(true);
    const outcome = await query.refetch();
    setRunning(false);
    if (outcome.data) {
      setGenerated(true);
      toast.success(message);
    }
  };
  return { query, generated: generated && !!query.data, running, run };
}

function InsightsEngine({ analysisId }: { analysisId: string }) {
  const { query, generated, running, run } = useGenerated(analysisId, INTELLIGENCE_MESSAGES.insightsDone);
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="text-lg">Motor de Insights</h2>
        </CardTitle>
        <CardDescription>Oportunidades e riscos desta análise, do maior impacto ao menor.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 px-4 sm:px-6">
        <Button onClick={() => void run()} disabled={running}>
          {running ? <Spinner className="size-4" /> : <Sparkles aria-hidden />}
          {running ? 'Gerando insights...' : generated ? 'Gerar novamente' : 'Gerar Insights'}
        </Button>
        {query.isError && <QueryError title="Não foi possível gerar os insights" error={query.error} onRetry={() => void run()} />}
        {generated && query.data && <InsightCardsList cards={query.data.insights} />}
      </CardContent>
    </Card>
  );
}

function AutomatedValuation({ analysisId }: { analysisId: string }) {
  const { query, generated, running, run } = useGenerated(analysisId, INTELLIGENCE_MESSAGES.valuationDone);
  const v = query.data?.valuation;
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="text-lg">Avaliação Automatizada</h2>
        </CardTitle>
        <CardDescription>Faixa de valor estimada pela referência de mercado da cidade, com cada passo do cálculo.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 px-4 sm:px-6">
        <Button onClick={() => void run()} disabled={running}>
          {running ? <Spinner className="size-4" /> : <Calculator aria-hidden />}
          {running ? 'Avaliando...' : generated ? 'Avaliar novamente' : 'Executar Avaliação'}
        </Button>
        {query.isError && <QueryError title="Não foi possível executar a avaliação" error={query.error} onRetry={() => void run()} />}
        {generated && v && (
          <div className="space-y-4">
            {v.available && v.mid !== null && v.low !== null && v.high !== null && (
              <div className="grid gap-3 sm:grid-cols-3" data-testid="automated-valuation">
                <div className="rounded-lg border p-3">
                  <p className="text-xs text-muted-foreground">Valor mínimo</p>
                  <p className="text-lg font-semibold tabular-nums">{formatCurrency(v.low)}</p>
                </div>
                <div className="rounded-lg border border-primary/40 bg-primary/5 p-3">
                  <p className="text-xs text-muted-foreground">Valor provável</p>
                  <p className="text-lg font-bold tabular-nums">{formatCurrency(v.mid)}</p>
                </div>
                <div className="rounded-lg border p-3">
                  <p className="text-xs text-muted-foreground">Valor máximo</p>
                  <p className="text-lg font-semibold tabular-nums">{formatCurrency(v.high)}</p>
                </div>
              </div>
            )}
            <ValuationSteps valuation={v} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
