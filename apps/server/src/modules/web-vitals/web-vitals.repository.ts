import { performanceMetrics } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

export interface WebVitalRow {
  name: string;
  value: number;
  rating: string;
  path: string;
}

/** One row per vital: metric_name is the vital's name, the rest goes in tags (spec 02 §3 'performance_metrics'). */
export async function insertWebVitals(db: Database, userId: string | null, rows: WebVitalRow[], at: Date): Promise<number> {
  const inserted = await db
    .insert(performanceMetrics)
    .values(
      rows.map((r) => ({
        metricName: r.name,
        metricValue: r.value,
        userId,
        tags: { type: 'web_vital', rating: r.rating, path: r.path, timestamp: at.toISOString() },
        createdAt: at,
      })),
    )
    .returning({ id: performanceMetrics.id });
  return inserted.length;
}
