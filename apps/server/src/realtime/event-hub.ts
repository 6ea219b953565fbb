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

  constructor(
    private readonly database: DatabaseHandle,
    private readonly onError: (err: unknown) => void = () => {},
  ) {}

  setLoader(kind: RealtimeEvent['kind'], loader: Loader) {
    this.loaders.set(kind, loader);
  }

  async start() {
    this.unlisten = await listen(this.database, CHANNEL, (payload) => {
      this.dispatch(payload).catch(this.onError);
    });
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

  private async dispatch(payload: string) {
    const event = JSON.parse(payload) as RealtimeEvent;
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
    const data = await this.loaders.get(event.kind)?.(event.userId, event.id);
    if (data == null) return;
    for (const send of targets) send(event.kind, data);
  }
}
