import { Link } from 'react-router';

import { cn } from '@/lib/utils';

export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
        className,
      )}
    >
      <img src="/favicon.svg" alt="" width={28} height={28} className="size-7" />
      <span>Viabiliza</span>
    </Link>
  );
}
