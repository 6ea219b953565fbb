import { analysisTypeLabel, providerBadge } from '@viabiliza/contracts/analysis';
import { Cpu, FlaskConical, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

import { ScoreCapNote } from '@/features/analysis/components/market-comparables';
import { MarkdownReport } from '@/features/analysis/components/markdown-report';
import { confidenceBand, scoreTone } from '@/features/analysis/utils/confidence';
import type { ShownAnalysis } from '@/features/analysis/utils/result';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDateTime, formatDecimal, formatNumber, formatPercent } from '@/lib/format';

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1 rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="flex flex-wrap items-center gap-2">{children}</dd>
    </div>
  );
}

/** '{type} - Relatório' (spec 01 §2 'Report card'): badges, scores and the rendered report. */
export function ReportCard({ analysis }: { analysis: ShownAnalysis }) {
  const { result } = analysis;
  const score = analysis.viabilityScore ?? result?.score.value ?? null;
  const completeness = analysis.completeness ?? result?.completeness.percent ?? null;
  const confidence = analysis.confidenceScore;
  const band = confidence !== null ? confidenceBand(confidence) : null;
  const place = [analysis.property.city, analysis.property.state].filter(Boolean).join('/');

  return (
    <Card data-testid="report-card">
      <CardHeader className="px-4 sm:px-6 gap-3">
        <CardTitle className="flex flex-wrap items-center gap-2">
          <h2 className="text-xl">{analysisTypeLabel(analysis.analysisType)} - Relatório</h2>
          <Badge variant="secondary">
            <Cpu aria-hidden />
            {providerBadge(analysis.providerUsed)}
          </Badge>
          {analysis.kind === 'example' && (
            <Badge variant="outline">
              <FlaskConical aria-hidden />
              Exemplo
            </Badge>
          )}
        </CardTitle>
        <CardDescription>
          {analysis.property.title}
          {place && ` · ${place}`}
          {analysis.createdAt && ` · ${formatDateTime(analysis.createdAt)}`}
        </CardDescription>
        <dl className="grid gap-3 sm:grid-cols-3">
          <Stat label="Viabilidade">
            {score !== null ? (
              <>
                <span className="text-2xl font-bold tabular-nums">{formatDecimal(score, 1)}/10</span>
                {result && <Badge variant={scoreTone(result.score.band)}>{result.score.label}</Badge>}
                {result && <ScoreCapNote score={result.score} />}
              </>
            ) : (
              <span className="text-muted-foreground">—</span>
            )}
          </Stat>
          <Stat label="Confiança do texto">
            {band && confidence !== null ? (
              <>
                <Badge variant={band.tone}>{band.label}</Badge>
                <span className="text-sm tabular-nums">{formatPercent(confidence)}</span>
              </>
            ) : (
              <span className="text-muted-foreground">—</span>
            )}
          </Stat>
          <Stat label="Dados">
            <span className="text-sm">
              Completude dos dados <span className="font-semibold tabular-nums">{completeness !== null ? formatPercent(completeness) : '—'}</span>
            </span>
          </Stat>
        </dl>
        {/* Tokens only for a report an AI model wrote: the engine's own reports use none. */}
        {(analysis.model || Boolean(analysis.tokensUsed)) && (
          <p className="text-xs text-muted-foreground">
            {analysis.model && <>Modelo: {analysis.model}</>}
            {analysis.model && Boolean(analysis.tokensUsed) && ' · '}
            {Boolean(analysis.tokensUsed) && <>Tokens: {formatNumber(analysis.tokensUsed ?? 0)}</>}
          </p>
        )}
      </CardHeader>
      <CardContent className="px-4 sm:px-6 space-y-4">
        {result && result.warnings.length > 0 && (
          <Alert className="border-warning/40 bg-warning/10">
            <TriangleAlert aria-hidden className="text-amber-700" />
            <AlertTitle>Avisos</AlertTitle>
            <AlertDescription>
              <ul className="list-disc space-y-1 pl-4 text-foreground">
                {result.warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </AlertDescription>
          </Alert>
        )}
        {result && result.completeness.missing.length > 0 && (
          <details className="rounded-lg border px-4 py-3 text-sm">
            <summary className="cursor-pointer font-medium">
              Informações que melhorariam a análise ({result.completeness.missing.length})
            </summary>
            <ul className="mt-2 list-disc space-y-0.5 pl-5 text-muted-foreground">
              {result.completeness.missing.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </details>
        )}
        <MarkdownReport content={analysis.resultContent} />
      </CardContent>
    </Card>
  );
}
