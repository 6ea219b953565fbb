import type { Insight, Severity } from '@viabiliza/contracts/analysis-result';
import type { InsightCard } from '@viabiliza/contracts/intelligence';
import { Lightbulb, ShieldAlert, TrendingUp, type LucideIcon } from 'lucide-react';

import { useAnalysisIntelligence } from '@/features/analysis/api/get-analysis-intelligence';
import { InsightScores } from '@/features/analysis/components/insight-cards';
import { SourceLinks } from '@/features/analysis/components/source-links';
import { SEVERITY_LABELS, sourceLabel } from '@/features/analysis/utils/figures';
import type { ShownAnalysis } from '@/features/analysis/utils/result';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

const SEVERITY_VARIANT: Record<Severity, 'destructive' | 'warning' | 'secondary'> = {
  alta: 'destructive',
  media: 'warning',
  baixa: 'secondary',
};

function InsightItem({ insight, kind, card }: { insight: Insight; kind: 'risk' | 'opportunity' | 'recommendation'; card?: InsightCard }) {
  const severity = SEVERITY_LABELS[insight.severity] ?? insight.severity;
  const variant = kind === 'risk' ? (SEVERITY_VARIANT[insight.severity] ?? 'secondary') : kind === 'opportunity' ? 'success' : 'secondary';
  const prefix = kind === 'risk' ? 'Severidade' : kind === 'opportunity' ? 'Relevância' : 'Prioridade';
  return (
    <li className="space-y-2 rounded-lg border p-4">
      <div className="flex flex-wrap items-start gap-2">
        <p className="min-w-48 flex-1 font-medium">{insight.title}</p>
        <Badge variant={variant}>
          {prefix}: {severity}
        </Badge>
        {card && <InsightScores card={card} />}
      </div>
      <p className="text-sm text-muted-foreground">{insight.detail}</p>
      {card ? (
        <SourceLinks links={card.links} />
      ) : insight.sources.length > 0 && (
        <div className="text-xs text-muted-foreground">
          <span className="font-medium text-foreground">Fontes: </span>
          <ul className="mt-1 list-disc space-y-0.5 pl-4">
            {insight.sources.map((source, i) => (
              <li key={i}>{sourceLabel(source)}</li>
            ))}
          </ul>
        </div>
      )}
    </li>
  );
}

function InsightSection({
  title,
  icon: Icon,
  items,
  kind,
  empty,
  cards,
}: {
  title: string;
  icon: LucideIcon;
  items: Insight[];
  kind: 'risk' | 'opportunity' | 'recommendation';
  empty: string;
  cards?: Map<string, InsightCard>;
}) {
  const id = `insights-${kind}`;
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h3 id={id} className="flex items-center gap-2 font-semibold">
        <Icon className="size-4" aria-hidden />
        {title}
        <span className="text-sm font-normal text-muted-foreground tabular-nums">({items.length})</span>
      </h3>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="space-y-3">
          {items.map((insight) => (
            <InsightItem key={insight.id} insight={insight} kind={kind} card={cards?.get(insight.id)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** 'Insights IA': the engine's risks, opportunities and recommendations, each with its sources. */
export function InsightsPanel({ analysis }: { analysis: ShownAnalysis }) {
  const result = analysis.result;
  // A saved analysis also gets each insight's impact, confidence and links to its document pages (server).
  const intelligence = useAnalysisIntelligence(analysis.kind === 'saved' ? analysis.id : null);
  const cards = intelligence.data ? new Map(intelligence.data.insights.map((c) => [c.id, c])) : undefined;
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex items-center gap-2">
          <Lightbulb className="size-5 text-primary" aria-hidden />
          <h2 className="text-lg">Insights IA</h2>
        </CardTitle>
        <CardDescription>Riscos, oportunidades e recomendações apontados pela análise, com a origem de cada um.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6 space-y-6">
        {!result ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            Esta análise não tem resultado estruturado.
          </p>
        ) : (
          <>
            <InsightSection title="Riscos" icon={ShieldAlert} items={result.risks} kind="risk" empty="Nenhum risco identificado." cards={cards} />
            <InsightSection
              title="Oportunidades"
              icon={TrendingUp}
              items={result.opportunities}
              kind="opportunity"
              empty="Nenhuma oportunidade identificada."
              cards={cards}
            />
            <InsightSection
              title="Recomendações"
              icon={Lightbulb}
              items={result.recommendations}
              kind="recommendation"
              empty="Nenhuma recomendação."
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
