import { LoaderCircle } from 'lucide-react';
import type * as React from 'react';

import { cn } from '@/lib/utils';

/** Decorative by default; pass `label` when the spinner is the only sign of progress. */
function Spinner({ className, label, ...props }: React.ComponentProps<'svg'> & { label?: string }) {
  return (
    <LoaderCircle
      data-slot="spinner"
      role={label ? 'status' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      className={cn('size-4 animate-spin', className)}
      {...props}
    />
  );
}

export { Spinner };
