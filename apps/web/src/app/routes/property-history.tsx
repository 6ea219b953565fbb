import type { PropertyHistoryResponse } from '@viabiliza/contracts/history';
import { HISTORY_MESSAGES } from '@viabiliza/contracts/history';
import { PROPERTY_MESSAGES } from '@viabiliza/contracts/properties';
import { ArrowLeft, GitCompareArrows, History, LineChart, MapPin, Plus } from 'lucide-react';
import { Suspense, lazy, useEffect, useRef } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';

import { PropertyDossier } from '@/features/analysis/components/property-dossier';
import { PropertyDocumentsCard } from '@/features/documents/components/property-documents-card';
import { usePropertyHistory } from '@/features/history/api/get-property-history';
import { AnalysisComparison, ComparisonPicker } from '@/features/history/components/analysis-comparison';
import { AnalysisNotFound, DetailPage } from '@/features/history/components/analysis-detail';
import { DetailBreadcrumb } from '@/features/history/components/detail-breadcrumb';
import { PropertyAnalysesList } from '@/features/history/components/property-analyses-list';
import { defaultPair } from '@/features/history/utils/compare';
import { isMissing } from '@/features/history/utils/errors';
import { PropertyTitleEditor } from '@/features/properties/components/property-title-editor';
import { newPropertyAnalysisPath } from '@/lib/property-workspace';
import { AccessRestricted } from '@/components/errors/access-restricted';
import { QueryError } from '@/components/errors/query-error';
import { PageLoader } from '@/components/layout/page-loader';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useBreadcrumbLabel } from '@/lib/breadcrumb-labels';
import { formatDate, formatNumber } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import { toast } from '@/lib/toast';

const ScoreTrendChart = lazy(() => import('@/features/history/components/score-trend-chart'));

const STATUS_LABELS: Record<string, string> = { analyzed: 'Analisado', pending: 'Pendente' };

/**
 * /dashboard/property/:propertyId/history (spec 01 §2 route table): one property's analyses over
 * time, its viability score as a line, and two analyses compared side by side.
 */
export default function PropertyHistoryRoute() {
  const { propertyId = '' } = useParams();
  const { user, isLoading } = useSession();
  const history = usePropertyHistory(user ? propertyId : null);
  usePageMeta({ title: history.data ? `Histórico de Análises · ${history.data.property.title}` : 'Histórico de Análises', noindex: true });

  const failed = history.isError && !isMissing(history.error);
  const announced = useRef<unknown>(null);
  useEffect(() => {
    if (!failed || announced.current === history.error) return;
    announced.current = history.error;
    toast.error(HISTORY_MESSAGES.loadError);
  }, [failed, history.error]);

  if (isLoading) return <PageLoader label="Carregando..." />;
  if (!user) return <AccessRestricted message="Faça login para acessar o histórico de análises" />;
  if (history.isError && !failed) {
    return (
      <AnalysisNotFound
        title={HISTORY_MESSAGES.propertyNotFound}
        message="O imóvel não existe ou você não tem permissão para visualizá-lo."
        action={
          <Button asChild>
            <Link to="/history">
              <History aria-hidden />
              Voltar ao histórico
            </Link>
          </Button>
        }
      />
    );
  }
  return (
    <DetailPage>
      {failed ? (
        <QueryError
          title={HISTORY_MESSAGES.loadError}
          error={history.error}
          onRetry={() => void history.refetch()}
          isRetrying={history.isFetching}
        />
      ) : history.data ? (
        <PropertyHistory data={history.data} />
      ) : (
        <PropertyHistorySkeleton />
      )}
    </DetailPage>
  );
}

function PropertyHistory({ data }: { data: PropertyHistoryResponse }) {
  const { property, analyses } = data;
  useBreadcrumbLabel(`/dashboard/property/${property.id}/history`, property.title);
  const [params, setParams] = useSearchParams();
  const fallback = defaultPair(analyses);
  const ids = new Set(analyses.map((a) => a.id));
  const pick = (key: 'a' | 'b', dflt: string | null) => {
    const v = params.get(key);
    return v && ids.has(v) ? v : dflt;
  };
  const beforeId = pick('a', fallback.beforeId);
  const afterId = pick('b', fallback.afterId);
  const before = analyses.find((x) => x.id === beforeId);
  const after = analyses.find((x) => x.id === afterId);
  const canCompare = analyses.length >= 2 && before && after && before.id !== after.id;
  const place = [property.city, property.state].filter(Boolean).join(' - ');
  const oldest = analyses.at(-1);

  return (
    <>
      <header className="space-y-4">
        <DetailBreadcrumb
          items={[{ label: 'Dashboard', to: '/dashboard' }, { label: 'Histórico', to: '/history' }, { label: property.title }]}
        />
        <div className="space-y-2">
          <p className="text-sm font-medium text-primary">{HISTORY_MESSAGES.title}</p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <PropertyTitleEditor propertyId={property.id} title={property.title} />
            <Badge variant={property.status === 'analyzed' ? 'success' : 'secondary'}>{STATUS_LABELS[property.status] ?? property.status}</Badge>
          </div>
          {(property.address || place) && (
            <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span>{[property.address, place].filter(Boolean).join(' · ')}</span>
            </p>
          )}
          <p className="text-sm text-muted-foreground">
            {analyses.length === 1 ? '1 análise' : `${formatNumber(analyses.length)} análises`}
            {oldest && ` desde ${formatDate(oldest.createdAt)}`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to="/history">
              <ArrowLeft aria-hidden />
              Voltar
            </Link>
          </Button>
          <Button asChild>
            <Link to={newPropertyAnalysisPath(property.id)}>
              <Plus aria-hidden />
              {PROPERTY_MESSAGES.newAnalysis}
            </Link>
          </Button>
        </div>
      </header>

      <PropertyDocumentsCard propertyId={property.id} />

      <PropertyDossier propertyId={property.id} />

      {analyses.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-6 text-center">
            <p className="font-medium">Nenhuma análise encontrada</p>
            <Button asChild>
              <Link to={newPropertyAnalysisPath(property.id)}>{HISTORY_MESSAGES.firstAnalysis}</Link>
            </Button>
          </CardContent>
        </Card>
      ) : (
        <>
          <Card className="gap-3 py-4 sm:py-6">
            <CardHeader className="px-4 sm:px-6">
              <CardTitle>
                <h2 className="flex items-center gap-2 text-lg">
                  <LineChart className="size-5 text-primary" aria-hidden />
                  Evolução da viabilidade
                </h2>
              </CardTitle>
              <CardDescription>Pontuação de 0 a 10 de cada análise, da mais antiga à mais recente.</CardDescription>
            </CardHeader>
            <CardContent className="px-2 sm:px-6">
              <Suspense fallback={<Skeleton className="h-56 w-full sm:h-64" />}>
                <ScoreTrendChart analyses={analyses} />
              </Suspense>
            </CardContent>
          </Card>

          <Card className="gap-4 py-4 sm:py-6">
            <CardHeader className="px-4 sm:px-6">
              <CardTitle>
                <h2 className="flex items-center gap-2 text-lg">
                  <GitCompareArrows className="size-5 text-primary" aria-hidden />
                  Comparar análises
                </h2>
              </CardTitle>
              <CardDescription>Escolha duas análises: a variação mostra o que mudou de A para B (verde quando melhorou).</CardDescription>
            </CardHeader>
            <CardContent className="space-y-4 px-4 sm:px-6">
              {canCompare ? (
                <>
                  <ComparisonPicker
                    analyses={analyses}
                    beforeId={before.id}
                    afterId={after.id}
                    onChange={(pair) =>
                      setParams(
                        (current) => {
                          const next = new URLSearchParams(current);
                          next.set('a', pair.beforeId);
                          next.set('b', pair.afterId);
                          return next;
                        },
                        { replace: true },
                      )
                    }
                  />
                  <AnalysisComparison a={before} b={after} />
                  <Button asChild variant="outline" size="sm">
                    <Link to={`/comparar?ids=${analyses.slice(0, 4).map((x) => x.id).join(',')}`}>
                      <GitCompareArrows aria-hidden />
                      Comparar
                      <span className="sr-only"> até 4 análises lado a lado</span>
                    </Link>
                  </Button>
                </>
              ) : (
                <p className="text-sm text-muted-foreground">
                  Este imóvel tem uma única análise. Faça outra análise dele para comparar os resultados ao longo do tempo.
                </p>
              )}
            </CardContent>
          </Card>

          <Card className="gap-0 py-0">
            <CardHeader className="border-b px-4 py-4 sm:px-6 [.border-b]:pb-4">
              <CardTitle>
                <h2 className="text-lg">Análises ({formatNumber(analyses.length)})</h2>
              </CardTitle>
            </CardHeader>
            <PropertyAnalysesList
              analyses={analyses}
              marks={Object.fromEntries(canCompare ? [[before.id, 'A'], [after.id, 'B']] : [])}
            />
          </Card>
        </>
      )}
    </>
  );
}

function PropertyHistorySkeleton() {
  return (
    <div className="space-y-6" role="status" aria-label="Carregando histórico do imóvel">
      <Skeleton className="h-4 w-64" />
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-1/2" />
      <Skeleton className="h-72 w-full rounded-xl" />
      <Skeleton className="h-64 w-full rounded-xl" />
    </div>
  );
}
