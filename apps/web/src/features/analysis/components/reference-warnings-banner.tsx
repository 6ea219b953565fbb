import { CalendarClock } from 'lucide-react';
import { referenceWarningSchema, type ReferenceWarning } from '@viabiliza/contracts/result/reference';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { cn } from '@/lib/utils';

/** The stored result's `referenceWarnings`, validated (absent in results saved before issue 17). */
export function readReferenceWarnings(result: unknown): ReferenceWarning[] {
  const raw = result && typeof result === 'object' ? (result as { referenceWarnings?: unknown }).referenceWarnings : undefined;
  const parsed = referenceWarningSchema.array().safeParse(raw);
  return parsed.success ? parsed.data : [];
}

/**
 * The reference figures the analysis used after twice their cadence (a monthly index more than
 * 2 months old on the analysis date): each says its date so the person can confirm the current
 * value and override it.
 */
export function ReferenceWarningsBanner({ warnings, className }: { warnings: readonly ReferenceWarning[] | undefined; className?: string }) {
  if (!warnings?.length) return null;
  return (
    <Alert className={cn('border-warning/40 bg-warning/10', className)} data-testid="reference-warnings">
      <CalendarClock aria-hidden className="text-amber-700" />
      <AlertTitle>Dados de referência antigos ({warnings.length})</AlertTitle>
      <AlertDescription>
        <ul className="list-disc space-y-1 pl-4 text-foreground">
          {warnings.map((w) => (
            <li key={w.referenceId}>{w.message}</li>
          ))}
        </ul>
        <p className="text-muted-foreground">Confira os valores atuais e, se mudaram, altere as premissas da análise.</p>
      </AlertDescription>
    </Alert>
  );
}
