import type { AnalysisResult } from '@viabiliza/contracts/analysis-result';
import { Suspense, lazy } from 'react';

import { WhatIfSkeleton } from '@/features/analysis/components/what-if-skeleton';

// The what-if and the engine load only when this tab opens (the public pages' JS budget).
const WhatIfPanel = lazy(() => import('@/features/analysis/components/what-if-panel'));

/** The 'Simular cenário' tab's content, for the result views that mount it. */
export function WhatIfTab({ analysisId, result, detailPath }: { analysisId: string; result: AnalysisResult | null; detailPath?: (id: string) => string }) {
  if (!result) return <p className="text-sm text-muted-foreground">Esta análise não tem resultado estruturado para simular.</p>;
  return (
    <Suspense fallback={<WhatIfSkeleton />}>
      <WhatIfPanel analysisId={analysisId} savedResult={result} {...(detailPath ? { detailPath } : {})} />
    </Suspense>
  );
}
