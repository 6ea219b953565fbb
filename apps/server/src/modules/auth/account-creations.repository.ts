import { eq, sql, type SQL } from 'drizzle-orm';
import { accountCreations } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function rowsOf<T>(db: Database | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export interface RecentCreation {
  address: string;
  /** Milliseconds since it was admitted, by the database's clock (instances may be skewed). */
  ageMs: number;
}

/**
 * Runs `work` in a transaction holding the network's advisory lock, so attempts from one network on
 * any instance are counted and written one at a time (no two see the same count and both pass).
 */
export async function withNetworkLock<T>(db: Database, network: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`account-creation:${network}`}))`);
    return work(tx);
  });
}

/** Accounts created from `network` in the last `windowMs`. */
export async function recentCreations(tx: Tx, network: string, windowMs: number): Promise<RecentCreation[]> {
  const rows = await rowsOf<{ ip_address: string; age_ms: number | string }>(tx, sql`
    select ip_address, extract(epoch from now() - created_at) * 1000 as age_ms
    from account_creations
    where network = ${network} and created_at > now() - make_interval(secs => ${windowMs / 1000})
  `);
  return rows.map((r) => ({ address: r.ip_address, ageMs: Number(r.age_ms) }));
}

export async function insertCreation(tx: Tx, row: { address: string; network: string; kind: string }): Promise<string> {
  const [created] = await tx
    .insert(accountCreations)
    .values({ ipAddress: row.address, network: row.network, kind: row.kind })
    .returning({ id: accountCreations.id });
  return created!.id;
}

/** Rows past every window: nothing reads them any more. */
export async function sweepCreations(tx: Tx, olderThanMs: number): Promise<void> {
  await tx.execute(sql`delete from account_creations where created_at < now() - make_interval(secs => ${olderThanMs / 1000})`);
}

export async function deleteCreation(db: Database, id: string): Promise<void> {
  await db.delete(accountCreations).where(eq(accountCreations.id, id));
}
