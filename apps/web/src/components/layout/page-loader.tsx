import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';

/** The 'Carregando página...' loader of route changes (spec 01 §2) and of lazy route modules. */
export function PageLoader({ className, label = 'Carregando página...' }: { className?: string; label?: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn('flex min-h-[50vh] flex-1 flex-col items-center justify-center gap-3 text-muted-foreground', className)}
    >
      <Spinner className="size-8 text-primary" />
      <span className="text-sm">{label}</span>
    </div>
  );
}
