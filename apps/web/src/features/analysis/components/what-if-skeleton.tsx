import { Skeleton } from '@/components/ui/skeleton';

export function WhatIfSkeleton() {
  return (
    <div role="status" aria-label="Carregando simulador" className="space-y-4">
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
