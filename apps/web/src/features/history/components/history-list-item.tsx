import { analysisTypeLabel } from '@viabiliza/contracts/analysis';
import { HISTORY_MESSAGES, type AnalysisListItem } from '@viabiliza/contracts/history';
import { PROPERTY_MESSAGES } from '@viabiliza/contracts/properties';
import { Cpu, Download, Eye, MapPin, Plus } from 'lucide-react';
import { Link } from 'react-router';

import { ScoreBadge } from '@/features/history/components/score-badge';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatDateTime, relativeTime } from '@/lib/format';
import { newPropertyAnalysisPath } from '@/lib/property-workspace';

export function placeOf(property: { city: string | null; state: string | null }): string {
  return [property.city, property.state].filter(Boolean).join('/');
}

/**
 * One analysis of the history: property (its title links to the property's page), place, type,
 * provider, date, score, 'Ver', 'Exportar' and 'Nova análise deste imóvel'.
 */
export function HistoryListItem({
  item,
  onExport,
  exporting,
}: {
  item: AnalysisListItem;
  onExport: (item: AnalysisListItem) => void;
  exporting: boolean;
}) {
  const place = placeOf(item.property);
  return (
    <li className="grid gap-3 px-4 py-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start sm:px-6" data-testid="history-item">
      <div className="min-w-0 space-y-1.5">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h3 className="min-w-0 font-semibold break-words">
            <Link
              to={`/dashboard/property/${item.propertyId}/history`}
              className="rounded-sm hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              {item.property.title}
            </Link>
          </h3>
          <Badge variant="outline">{analysisTypeLabel(item.analysisType)}</Badge>
        </div>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          {place && (
            <span className="inline-flex items-center gap-1">
              <MapPin className="size-3.5" aria-hidden />
              {place}
            </span>
          )}
          <span className="inline-flex items-center gap-1">
            <Cpu className="size-3.5" aria-hidden />
            {item.providerName ?? HISTORY_MESSAGES.noProvider}
          </span>
          <time dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
            {relativeTime(item.createdAt)}
          </time>
        </p>
        {item.preview && <p className="line-clamp-2 text-sm text-muted-foreground/90">{item.preview}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2 sm:flex-col sm:items-end">
        <ScoreBadge score={item.viabilityScore} band={item.scoreBand} />
        <div className="ml-auto flex flex-wrap justify-end gap-2 sm:ml-0">
          <Button asChild size="sm">
            <Link to={`/dashboard/analysis/${item.id}`}>
              <Eye aria-hidden />
              Ver<span className="sr-only"> análise de {item.property.title}</span>
            </Link>
          </Button>
          <Button variant="outline" size="sm" onClick={() => onExport(item)} disabled={exporting}>
            {exporting ? <Spinner className="size-4" /> : <Download aria-hidden />}
            Exportar<span className="sr-only"> análise de {item.property.title}</span>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={newPropertyAnalysisPath(item.propertyId)} aria-label={`${PROPERTY_MESSAGES.newAnalysis}: ${item.property.title}`}>
              <Plus aria-hidden />
              {PROPERTY_MESSAGES.newAnalysis}
            </Link>
          </Button>
        </div>
      </div>
    </li>
  );
}
