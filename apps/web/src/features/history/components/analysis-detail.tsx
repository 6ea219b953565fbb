import { analysisTypeLabel, type AnalysisDetail } from '@viabiliza/contracts/analysis';
import { HISTORY_MESSAGES, confidenceBand } from '@viabiliza/contracts/history';
import { FileQuestion, LineChart, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { DetailBreadcrumb, type Crumb } from '@/features/history/components/detail-breadcrumb';
import { ScoreBadge } from '@/features/history/components/score-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatNumber, formatPercent } from '@/lib/format';

/** 'Análise #' and the first 8 characters of the id (spec 01 §2, §9 'id shown as first 8 characters'). */
export function shortAnalysisLabel(id: string): string {
  return `Análise #${id.slice(0, 8)}`;
}

/** Address, city and state on one line: 'Rua X, 10 · São Paulo - SP'. */
export function addressLine(property: AnalysisDetail['property']): string {
  const place = [property.city, property.state].filter(Boolean).join(' - ');
  return [property.address, place].filter(Boolean).join(' · ');
}

/**
 * The top of both detail pages: trail, property title with the analysis-type badge, its address,
 * and the page's buttons (given by the route, which knows the variant).
 */
export function AnalysisDetailHeader({
  analysis,
  breadcrumb,
  actions,
}: {
  analysis: AnalysisDetail;
  breadcrumb: Crumb[];
  actions: ReactNode;
}) {
  const address = addressLine(analysis.property);
  return (
    <header className="space-y-4">
      <DetailBreadcrumb items={breadcrumb} />
      <div className="space-y-2">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="min-w-0 text-2xl font-bold tracking-tight break-words sm:text-3xl">{analysis.property.title}</h1>
          <Badge variant="secondary" className="text-sm" data-testid="analysis-type-badge">
            {analysisTypeLabel(analysis.analysisType)}
          </Badge>
        </div>
        {address && (
          <p className="flex items-start gap-1.5 text-sm text-muted-foreground">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>{address}</span>
          </p>
        )}
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Ações da análise">
        {actions}
      </div>
    </header>
  );
}

/** Two columns of label-over-value on a phone (the report starts sooner); label and value on one line beside the report. */
function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 py-2 lg:flex-row lg:flex-wrap lg:items-center lg:justify-between lg:gap-x-3 lg:py-2.5">
      <dt className="text-xs text-muted-foreground lg:text-sm">{label}</dt>
      <dd className="text-sm font-medium">{children}</dd>
    </div>
  );
}

/** 'Detalhes': date dd/MM/yyyy HH:mm, provider or 'Não especificado', confidence band, tokens; then the scores. */
export function AnalysisDetailsCard({ analysis, propertyHistoryLink = true }: { analysis: AnalysisDetail; propertyHistoryLink?: boolean }) {
  const band = analysis.confidenceScore !== null ? confidenceBand(analysis.confidenceScore) : null;
  const scoreBand = typeof analysis.result?.score === 'object' && analysis.result.score !== null ? (analysis.result.score as { band?: unknown }).band : null;
  return (
    <Card className="gap-2 py-4" data-testid="analysis-details">
      <CardHeader className="px-4">
        <CardTitle>
          <h2 className="text-base">Detalhes</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        <dl className="grid grid-cols-2 gap-x-4 sm:grid-cols-3 lg:grid-cols-1 lg:divide-y">
          <Detail label="Data">
            <time dateTime={analysis.createdAt}>{formatDateTime(analysis.createdAt)}</time>
          </Detail>
          <Detail label="Provedor">{analysis.providerName ?? HISTORY_MESSAGES.noProvider}</Detail>
          <Detail label="Confiança">
            {band && analysis.confidenceScore !== null ? (
              <span className="inline-flex items-center gap-2">
                <Badge variant={band.tone}>{band.label}</Badge>
                <span className="tabular-nums">{formatPercent(analysis.confidenceScore)}</span>
              </span>
            ) : (
              '—'
            )}
          </Detail>
          {/* Only a report an AI model wrote used tokens; the engine's own reports have none to show. */}
          {analysis.tokensUsed ? (
            <Detail label="Tokens">
              <span className="tabular-nums">{formatNumber(analysis.tokensUsed)}</span>
            </Detail>
          ) : null}
          <Detail label="Viabilidade">
            <ScoreBadge score={analysis.viabilityScore} band={typeof scoreBand === 'string' ? scoreBand : null} />
          </Detail>
          <Detail label="Completude dos dados">
            <span className="tabular-nums">{analysis.completeness !== null ? formatPercent(analysis.completeness) : '—'}</span>
          </Detail>
        </dl>
        {propertyHistoryLink && (
          <Button asChild variant="link" className="mt-2 h-auto p-0 has-[>svg]:px-0">
            <Link to={`/dashboard/property/${analysis.propertyId}/history`}>
              <LineChart aria-hidden />
              Evolução deste imóvel
            </Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

/** The report's card; the route puts the rendered Markdown inside. */
export function AnalysisReportSection({ analysis, children }: { analysis: AnalysisDetail; children: ReactNode }) {
  return (
    <Card className="min-w-0 py-4 sm:py-6" aria-labelledby="report-title">
      {/* The report opens with its own title ('{type} - {property}'): a visible second one would repeat it. */}
      <h2 id="report-title" className="sr-only">
        {analysisTypeLabel(analysis.analysisType)} - Relatório
      </h2>
      <CardContent className="min-w-0 px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}

/** Report beside the details on wide screens; details first on a phone, where they are short. */
export function AnalysisDetailLayout({ report, details }: { report: ReactNode; details: ReactNode }) {
  return (
    // The details sit beside the report only from 1536 px: up to there the report takes the whole
    // width, so its widest tables (sensitivity, 6 columns of R$/m²) fit at 1280 px without scrolling.
    <div className="grid min-w-0 gap-6 2xl:grid-cols-[minmax(0,1fr)_18rem] 2xl:items-start">
      <div className="order-2 min-w-0 2xl:order-1">{report}</div>
      <aside className="order-1 2xl:sticky 2xl:top-20 2xl:order-2" aria-label="Detalhes da análise">
        {details}
      </aside>
    </div>
  );
}

/** 'Análise não encontrada' (or variant B's longer message) with the way back. */
export function AnalysisNotFound({ title, message, action }: { title: string; message?: string; action: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-1 items-center px-4 py-12">
      <Card className="w-full text-center" data-testid="analysis-not-found">
        <CardHeader className="justify-items-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <FileQuestion className="size-6" aria-hidden />
          </div>
          <CardTitle>
            <h1 className="text-xl">{title}</h1>
          </CardTitle>
          {message && <p className="text-sm text-muted-foreground">{message}</p>}
        </CardHeader>
        <CardContent>{action}</CardContent>
      </Card>
    </div>
  );
}

/** The detail pages' column. */
export function DetailPage({ children }: { children: ReactNode }) {
  // Up to 1280 px wide from 1024 px: the report's tables fit without sideways scrolling beside the details.
  return <div className="mx-auto w-full max-w-6xl min-w-0 space-y-6 px-4 py-6 sm:px-6 sm:py-8 lg:max-w-7xl lg:px-8">{children}</div>;
}

export function AnalysisDetailSkeleton() {
  return (
    <div className="space-y-6" role="status" aria-label="Carregando análise">
      <Skeleton className="h-4 w-64" />
      <div className="space-y-2">
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
      <div className="flex flex-wrap gap-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-9 w-36" />
        ))}
      </div>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="space-y-3 rounded-xl border p-6">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-4" style={{ width: `${90 - (i % 3) * 15}%` }} />
          ))}
        </div>
        <div className="order-first space-y-3 rounded-xl border p-4 lg:order-none">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} className="h-5 w-full" />
          ))}
        </div>
      </div>
    </div>
  );
}
