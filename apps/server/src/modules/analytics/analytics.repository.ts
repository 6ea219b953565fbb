import { sql } from 'drizzle-orm';
import type { Database } from '@viabiliza/db/client';
import { ANALYTICS_TIMEZONE } from '@viabiliza/contracts/analytics';
import { REALTIME_METRIC } from '../metrics/metrics.repository.ts';
import { countedUserIds } from '../auth/counted-users.ts';

// Demo sandboxes and the old shared demo account are not usage: every figure below counts only
// countedUserIds (modules/auth/counted-users.ts).

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export async function userFigures(db: Database, since: Date) {
  const res = await db.execute(sql`
    with active as (
      select id as user_id from "user" where last_login_at >= ${since} and id in ${countedUserIds}
      union
      select user_id from analysis_runs where created_at >= ${since} and user_id in ${countedUserIds}
    ), fresh as (
      select id from "user" where created_at >= ${since} and id in ${countedUserIds}
    )
    select
      (select count(*)::int from active) as active_users,
      (select count(*)::int from fresh) as new_users,
      (select count(*)::int from fresh f where exists (select 1 from property_analyses a where a.user_id = f.id)) as converted_users`);
  return rowsOf<{ active_users: number; new_users: number; converted_users: number }>(res)[0]!;
}

export async function runFigures(db: Database, since: Date) {
  const res = await db.execute(sql`
    select
      count(*) filter (where status = 'completed')::int as completed,
      count(*) filter (where status = 'failed')::int as failed,
      avg(extract(epoch from (finished_at - created_at))) filter (where status = 'completed' and not cached and finished_at is not null)::float8 as avg_seconds
    from analysis_runs where created_at >= ${since} and user_id in ${countedUserIds}`);
  return rowsOf<{ completed: number; failed: number; avg_seconds: number | null }>(res)[0]!;
}

export async function analysesByHour(db: Database, since: Date) {
  const res = await db.execute(sql`
    select extract(hour from created_at at time zone ${ANALYTICS_TIMEZONE})::int as hour, count(*)::int as n
    from property_analyses where created_at >= ${since} and user_id in ${countedUserIds} group by 1`);
  return rowsOf<{ hour: number; n: number }>(res);
}

export async function analysesTotal(db: Database, since: Date) {
  const res = await db.execute(sql`select count(*)::int as n from property_analyses where created_at >= ${since} and user_id in ${countedUserIds}`);
  return rowsOf<{ n: number }>(res)[0]!.n;
}

export async function providerFigures(db: Database, since: Date) {
  const res = await db.execute(sql`
    with a as (
      select provider_used as provider, count(*)::int as analyses, coalesce(sum(tokens_used), 0)::float8 as tokens
      from property_analyses where created_at >= ${since} and provider_used is not null and user_id in ${countedUserIds} group by 1
    ), r as (
      select coalesce(input->>'provider', 'local') as provider,
        count(*) filter (where status = 'completed')::int as completed,
        count(*) filter (where status = 'failed')::int as failed
      from analysis_runs where created_at >= ${since} and user_id in ${countedUserIds} group by 1
    )
    select coalesce(a.provider, r.provider) as provider, coalesce(a.analyses, 0) as analyses, coalesce(a.tokens, 0) as tokens,
      coalesce(r.completed, 0) as completed, coalesce(r.failed, 0) as failed
    from a full join r on a.provider = r.provider
    order by 2 desc, 1`);
  return rowsOf<{ provider: string; analyses: number; tokens: number; completed: number; failed: number }>(res);
}

/** Distinct monitoring intervals with at least one sample (any instance), and the first sample's time. */
export async function monitoringCoverage(db: Database, since: Date, intervalSeconds: number) {
  const res = await db.execute(sql`
    select count(distinct floor(extract(epoch from created_at) / ${intervalSeconds}))::int as buckets, min(created_at) as first
    from performance_metrics where metric_name = ${REALTIME_METRIC} and created_at >= ${since}`);
  const row = rowsOf<{ buckets: number; first: string | Date | null }>(res)[0]!;
  return { buckets: row.buckets, first: row.first ? new Date(row.first) : null };
}
