import { CircleAlert, RefreshCw } from 'lucide-react';

import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';

/** Inline display of a failed query, with a retry. */
export function QueryError({
  title,
  error,
  onRetry,
  isRetrying,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  isRetrying?: boolean;
}) {
  return (
    <Alert variant="destructive">
      <CircleAlert aria-hidden />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>
        <p>{errorMessage(error)}</p>
        {onRetry && (
          <Button variant="outline" size="sm" className="mt-2" onClick={onRetry} disabled={isRetrying}>
            <RefreshCw className={isRetrying ? 'animate-spin' : undefined} aria-hidden />
            Tentar novamente
          </Button>
        )}
      </AlertDescription>
    </Alert>
  );
}
