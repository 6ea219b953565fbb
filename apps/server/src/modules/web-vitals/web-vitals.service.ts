import { rateWebVital, type WebVitalsReport } from '@viabiliza/contracts/web-vitals';
import type { AppContext } from '../../context.ts';
import { insertWebVitals } from './web-vitals.repository.ts';

/** The rating is computed here from the shared thresholds: the browser's own opinion is not stored. */
export async function recordWebVitals(ctx: AppContext, userId: string | null, report: WebVitalsReport): Promise<number> {
  const rows = report.metrics.map((m) => ({ name: m.name, value: m.value, rating: rateWebVital(m.name, m.value), path: m.path }));
  return insertWebVitals(ctx.db, userId, rows, new Date());
}
