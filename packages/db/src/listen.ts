import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from './client.ts';

export type Unlisten = () => Promise<void>;

export interface ListenOptions {
  /** The connection was lost: notifications sent from now until `onReconnect` do not arrive. */
  onDisconnect?: () => void;
  /** LISTEN is back after a loss: catch up on what was sent meanwhile (NOTIFY does not queue for a gone listener). */
  onReconnect?: () => void;
}

/** The first retry after a lost connection; each failed attempt doubles it, up to MAX_RETRY_MS. */
export const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

/**
 * LISTEN on one channel. On PGlite it is in-process; on PostgreSQL a dedicated client that
 * reconnects with backoff (from FIRST_RETRY_MS), so events keep arriving after the server restarts.
 * What was notified while the connection was down is lost to it: `options` say when that window
 * opens and closes, so the caller can catch up from the tables.
 * Channel names are lower-case identifiers; payloads must stay under 8000 bytes (send ids).
 */
export async function listen(
  handle: DatabaseHandle,
  channel: string,
  onPayload: (payload: string) => void,
  options: ListenOptions = {},
): Promise<Unlisten> {
  if (handle.pglite) return handle.pglite.listen(channel, onPayload);
  const url = handle.url!;
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = FIRST_RETRY_MS;

  const connect = async (): Promise<void> => {
    // keepAlive notices a connection a network drop left half-open; the timeout, a server that hangs.
    const c = new pg.Client({ connectionString: url, keepAlive: true, connectionTimeoutMillis: 5_000 });
    c.on('notification', (msg) => {
      if (msg.channel === channel && msg.payload !== undefined) onPayload(msg.payload);
    });
    c.on('error', () => reconnect(c));
    c.on('end', () => reconnect(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (err) {
      c.removeAllListeners('end');
      await c.end().catch(() => {});
      throw err;
    }
    if (stopped) {
      await c.end().catch(() => {});
      return;
    }
    client = c;
    delay = FIRST_RETRY_MS;
  };
  const reconnect = (c: pg.Client) => {
    if (stopped || client !== c) return;
    client = null;
    c.removeAllListeners('end');
    c.end().catch(() => {});
    options.onDisconnect?.();
    setTimeout(function retry() {
      if (stopped) return;
      connect().then(
        () => {
          if (!stopped) options.onReconnect?.();
        },
        () => {
          delay = Math.min(delay * 2, MAX_RETRY_MS);
          setTimeout(retry, delay);
        },
      );
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
