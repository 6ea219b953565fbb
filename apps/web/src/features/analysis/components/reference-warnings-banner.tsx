import { CalendarClock } from 'lucide-react';
import type { ReferenceWarning } from '@viabiliza/contracts/result/reference';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';

/**
 * The reference figures the analysis used after twice their cadence (a monthly index more than
 * 2 months old on the analysis date): each says its date so the person can confirm the current
 * value and override it.
 */
export function ReferenceWarningsBanner({ warnings }: { warnings: readonly ReferenceWarning[] | undefined }) {
  if (!warnings?.length) return null;
  return (
    <Alert className="border-warning/40 bg-warning/10" data-testid="reference-warnings">
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
