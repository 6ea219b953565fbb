import { analysisTypeLabel } from '@viabiliza/contracts/analysis';
import { HISTORY_MESSAGES } from '@viabiliza/contracts/history';
import { Building2, History, MapPin, X } from 'lucide-react';
import { Link } from 'react-router';

import { useFocusedProperty } from '@/features/dashboard/api/get-focused-property';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDateTime, formatNumber } from '@/lib/format';

/**
 * The property a search result pointed at (/dashboard?property={id}): its title, place, how many
 * analyses it has and the latest, with the way to its history.
 */
export function PropertyFocusCard({ propertyId, onClear }: { propertyId: string; onClear: () => void }) {
  const { data, error, isPending } = useFocusedProperty(propertyId);

  const clear = (
    <Button variant="ghost" size="icon-sm" onClick={onClear} aria-label="Fechar imóvel buscado" className="shrink-0">
      <X aria-hidden />
    </Button>
  );

  if (isPending) return <Skeleton className="h-[104px] rounded-xl" />;
  if (error || !data) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <Card className="border-dashed py-4">
        <CardContent className="flex items-center gap-3 px-4 sm:px-6">
          <p className="flex-1 text-sm text-muted-foreground">{notFound ? HISTORY_MESSAGES.propertyNotFound : errorMessage(error)}</p>
          {clear}
        </CardContent>
      </Card>
    );
  }

  const { property, analyses } = data;
  const latest = analyses[0];
  const place = [property.address, [property.city, property.state].filter(Boolean).join('/')].filter(Boolean).join(' · ');
  return (
    <Card className="border-primary/40 bg-primary/5 py-4" data-testid="property-focus">
      <CardContent className="flex flex-col gap-3 px-4 sm:flex-row sm:items-center sm:px-6">
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <Building2 className="size-5" aria-hidden />
          </span>
          <div className="min-w-0 space-y-1">
            <h2 className="font-semibold break-words">{property.title}</h2>
            {place && (
              <p className="flex items-start gap-1 text-sm text-muted-foreground">
                <MapPin className="mt-0.5 size-3.5 shrink-0" aria-hidden />
                <span className="break-words">{place}</span>
              </p>
            )}
            <p className="text-sm text-muted-foreground">
              {analyses.length
                ? `${formatNumber(analyses.length)} ${analyses.length === 1 ? 'análise' : 'análises'} · última: ${analysisTypeLabel(latest!.analysisType)} em ${formatDateTime(latest!.createdAt)}`
                : 'Nenhuma análise deste imóvel ainda'}
            </p>
          </div>
        </div>
        <div className="flex items-center gap-2 self-end sm:self-center">
          <Button asChild size="sm">
            <Link to={`/dashboard/property/${property.id}/history`}>
              <History aria-hidden />
              Ver Histórico
            </Link>
          </Button>
          {clear}
        </div>
      </CardContent>
    </Card>
  );
}
