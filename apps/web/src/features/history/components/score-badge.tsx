import { SCORE_BAND_LABELS, scoreTone } from '@/features/history/utils/bands';
import { Badge } from '@/components/ui/badge';
import { formatDecimal } from '@/lib/format';
import { cn } from '@/lib/utils';

/** The viability score '6,3/10' coloured by its band; '—' when the analysis has none. */
export function ScoreBadge({ score, band, className }: { score: number | null; band: string | null; className?: string }) {
  if (score === null) return <span className={cn('text-sm text-muted-foreground', className)}>—</span>;
  // Too little data: no number to compare, the band says so (never a red 'inviável').
  if (band === 'insuficiente') {
    return (
      <Badge variant="secondary" className={cn('text-sm', className)} aria-label="Viabilidade: dados insuficientes">
        Dados insuficientes
      </Badge>
    );
  }
  const label = band ? SCORE_BAND_LABELS[band] : undefined;
  const tone = scoreTone(band);
  return (
    <Badge
      variant={tone}
      // A tint like the green and yellow bands, not the solid red of destructive actions.
      className={cn('text-sm tabular-nums', tone === 'destructive' && 'bg-destructive/10 text-red-800 dark:text-red-200', className)}
      title={label}
      aria-label={`Viabilidade ${formatDecimal(score, 1)} de 10${label ? ` (${label.toLowerCase()})` : ''}`}
    >
      {formatDecimal(score, 1)}/10
    </Badge>
  );
}
