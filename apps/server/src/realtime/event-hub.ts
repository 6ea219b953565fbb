import type { DatabaseHandle } from '@viabiliza/db/client';
import { listen, notify, type Unlisten } from '@viabiliza/db/listen';

/**
 * What crosses instances: ids only (NOTIFY payloads over 8000 bytes are refused). `session-end`
 * names a session that was signed out or revoked: its open streams end on every instance;
 * `user-changed` a user whose role changed: their open streams are re-scoped to the new role.
 */
export interface RealtimeEvent {
  userId: string;
  kind: 'notification' | 'document' | 'analysis-run' | 'ping' | 'audit' | 'session-end' | 'user-changed';
  id: string;
}

/** An open event stream, as the hub needs to know it to end or re-scope it. */
export interface LiveStream {
  userId: string;
  sessionId: string;
  end(reason: string): void;
  /** The user's role changed: stop anything role-bound at once, then re-read the role. */
  rescope(): void;
}
export type Send = (event: string, data: unknown) => void;
/** Loads what an event names, scoped to its user; null when it no longer exists. */
export type Loader = (userId: string, id: string) => Promise<unknown | null>;
/** The events of these users recorded since `since` (in order), read back from their tables. */
export type CatchUp = (userIds: string[], since: Date) => Promise<RealtimeEvent[]>;

/**
 * How far before the moment the LISTEN connection was found lost the catch-up reads: a NOTIFY may
 * have been lost in flight a little before the loss showed, and clocks of the instances and the
 * database differ a little. What was already delivered is not sent twice.
 */
export const CATCH_UP_MARGIN_MS = 30_000;
/** How long a delivered notification id is remembered (to skip it in a catch-up). */
const DELIVERED_TTL_MS = CATCH_UP_MARGIN_MS + 10 * 60_000;

export const CHANNEL = 'viabiliza_events';
/** Subscribers under this key (admins) receive every new security_audit row as an `audit` event. */
export const AUDIT_TOPIC = 'admin:audit';

/**
 * Fans events out to the browsers connected to this instance. Every instance LISTENs on one
 * channel, so an event published by any instance reaches a browser connected to any other.
 */
export class EventHub {
  private readonly subscribers = new Map<string, Set<Send>>();
  private readonly loaders = new Map<RealtimeEvent['kind'], Loader>();
  private unlisten: Unlisten | null = null;
  private readonly pings = new Map<string, () => void>();
  private readonly streams = new Set<LiveStream>();
  private catchUp: CatchUp | null = null;
  /** When the LISTEN connection was found lost (null while it is up). */
  private lostAt: number | null = null;
  /** Notification ids delivered on this instance, with when: a catch-up skips them. */
  private readonly delivered = new Map<string, number>();

  constructor(
    private readonly database: DatabaseHandle,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  setLoader(kind: RealtimeEvent['kind'], loader: Loader) {
    this.loaders.set(kind, loader);
  }

  /** How to read back what was missed while LISTEN was down (notifications: their table). */
  setCatchUp(catchUp: CatchUp) {
    this.catchUp = catchUp;
  }

  async start() {
    this.unlisten = await listen(
      this.database,
      CHANNEL,
      (payload) => {
        this.dispatch(JSON.parse(payload) as RealtimeEvent).catch(this.onError);
      },
      {
        onDisconnect: () => {
          this.lostAt ??= Date.now();
        },
        onReconnect: () => {
          this.recover().catch(this.onError);
        },
      },
    );
  }

  /**
   * LISTEN is back after a loss (a PostgreSQL restart or failover, a dropped connection): events
   * notified meanwhile never arrived. Notifications are rows, so the ones created since shortly before
   * the loss are read back and delivered (those already delivered are skipped); then every open stream
   * gets `ready` again, the browser's signal to refetch what it shows (documents, runs, the audit feed).
   */
  private async recover() {
    const lostAt = this.lostAt;
    this.lostAt = null;
    if (lostAt === null) return;
    const userIds = [...this.subscribers.keys()].filter((k) => k !== AUDIT_TOPIC);
    if (this.catchUp && userIds.length) {
      const missed = await this.catchUp(userIds, new Date(lostAt - CATCH_UP_MARGIN_MS));
      for (const event of missed) await this.dispatch(event);
    }
    const everyStream = new Set<Send>();
    for (const set of this.subscribers.values()) for (const send of set) everyStream.add(send);
    for (const send of everyStream) send('ready', { resync: true });
  }

  async stop() {
    await this.unlisten?.();
    this.unlisten = null;
    this.endAll('shutdown');
    this.subscribers.clear();
  }

  /** Ends every stream open on this instance (the server is closing). */
  endAll(reason: string) {
    for (const stream of [...this.streams]) stream.end(reason);
    this.streams.clear();
  }

  /** Registers an open stream so a session-end or user-changed event can end it; returns the removal. */
  track(stream: LiveStream): () => void {
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  /** Ends the streams of one session on every instance (sign-out, revocation). */
  async endSession(userId: string, sessionId: string) {
    await this.publish({ userId, kind: 'session-end', id: sessionId });
  }

  /** Re-scopes every stream of a user on every instance to their current role (role change). */
  async userChanged(userId: string) {
    await this.publish({ userId, kind: 'user-changed', id: userId });
  }

  async publish(event: RealtimeEvent) {
    await notify(this.database, CHANNEL, JSON.stringify(event));
  }

  subscribe(userId: string, send: Send): () => void {
    let set = this.subscribers.get(userId);
    if (!set) this.subscribers.set(userId, (set = new Set()));
    set.add(send);
    return () => {
      set.delete(send);
      if (set.size === 0) this.subscribers.delete(userId);
    };
  }

  connectionCount(): number {
    let n = 0;
    for (const set of this.subscribers.values()) n += set.size;
    return n;
  }

  /** A NOTIFY round trip through the database back to this instance (system monitor probe). */
  async ping(id: string): Promise<void> {
    const arrived = new Promise<void>((resolve) => this.pings.set(id, resolve));
    try {
      await this.publish({ userId: '', kind: 'ping', id });
      await arrived;
    } finally {
      this.pings.delete(id);
    }
  }

  /** Whether this notification was delivered already (a catch-up may read it back); remembers it. */
  private seen(id: string): boolean {
    const now = Date.now();
    if (this.delivered.has(id)) return true;
    this.delivered.set(id, now);
    // Entries go in time order: drop the expired ones from the front.
    for (const [key, at] of this.delivered) {
      if (now - at < DELIVERED_TTL_MS) break;
      this.delivered.delete(key);
    }
    return false;
  }

  private async dispatch(event: RealtimeEvent) {
    if (event.kind === 'ping') {
      this.pings.get(event.id)?.();
      return;
    }
    // Acted on synchronously, before any later event's loader can deliver to the stream.
    if (event.kind === 'session-end' || event.kind === 'user-changed') {
      for (const stream of [...this.streams]) {
        if (stream.userId !== event.userId) continue;
        if (event.kind === 'user-changed') stream.rescope();
        else if (stream.sessionId === event.id) stream.end(event.kind);
      }
      return;
    }
    const targets = this.subscribers.get(event.userId);
    if (!targets?.size) return;
    if (event.kind === 'notification' && this.seen(event.id)) return;
    const data = await this.loaders.get(event.kind)?.(event.userId, event.id);
    if (data == null) return;
    for (const send of targets) send(event.kind, data);
  }
}
