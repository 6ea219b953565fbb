import { analysisTypeLabel } from '@viabiliza/contracts/analysis';
import { HISTORY_MESSAGES, type PropertyAnalysisItem } from '@viabiliza/contracts/history';
import { Eye } from 'lucide-react';
import { Link } from 'react-router';

import { ScoreBadge } from '@/features/history/components/score-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatPercent } from '@/lib/format';

/** Every analysis of the property, newest first, each opening its detail (variant B). */
export function PropertyAnalysesList({ analyses, marks }: { analyses: PropertyAnalysisItem[]; marks: Record<string, 'A' | 'B'> }) {
  return (
    <ul className="divide-y" aria-label="Análises do imóvel">
      {analyses.map((a) => (
        <li key={a.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 sm:px-6" data-testid="property-analysis">
          <div className="min-w-0 flex-1 space-y-1">
            <div className="flex flex-wrap items-center gap-2">
              <time dateTime={a.createdAt} className="font-medium tabular-nums">
                {formatDateTime(a.createdAt)}
              </time>
              <Badge variant="outline">{analysisTypeLabel(a.analysisType)}</Badge>
              {marks[a.id] && (
                <Badge variant="default" aria-label={`Selecionada como análise ${marks[a.id]}`}>
                  {marks[a.id]}
                </Badge>
              )}
            </div>
            <p className="text-sm text-muted-foreground">
              {a.providerName ?? HISTORY_MESSAGES.noProvider}
              {a.completeness !== null && <> · Completude {formatPercent(a.completeness)}</>}
            </p>
          </div>
          <ScoreBadge score={a.viabilityScore} band={a.scoreBand} />
          <Button asChild size="sm" variant="outline">
            <Link to={`/analysis/${a.id}`}>
              <Eye aria-hidden />
              Ver<span className="sr-only"> análise de {formatDateTime(a.createdAt)}</span>
            </Link>
          </Button>
        </li>
      ))}
    </ul>
  );
}
