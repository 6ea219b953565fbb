import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.ts';

export type Unlisten = () => Promise<void>;

/**
 * LISTEN on one channel. On PGlite it is in-process; on PostgreSQL a dedicated client that
 * reconnects with backoff, so events keep arriving after the server restarts.
 * Channel names are lower-case identifiers; payloads must stay under 8000 bytes (send ids).
 */
export async function listen(
  handle: DatabaseHandle,
  channel: string,
  onPayload: (payload: string) => void,
): Promise<Unlisten> {
  if (handle.pglite) return handle.pglite.listen(channel, onPayload);
  const url = handle.url!;
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 250;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    c.on('error', () => reconnect(c));
    c.on('end', () => reconnect(c));
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = c;
    delay = 250;
  };
  const reconnect = (c: pg.Client) => {
    if (stopped || client !== c) return;
    client = null;
    c.removeAllListeners('end');
    c.end().catch(() => {});
    setTimeout(function retry() {
      if (stopped) return;
      connect().catch(() => {
        delay = Math.min(delay * 2, 10_000);
        setTimeout(retry, delay);
      });
    }, delay);
  };

  await connect();
  return async () => {
    stopped = true;
    const c = client;
    client = null;
    await c?.end().catch(() => {});
  };
}

export async function notify(handle: DatabaseHandle, channel: string, payload: string): Promise<void> {
  await handle.db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
