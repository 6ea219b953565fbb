import type { DatabaseHandle } from '@viabiliza/db/client';
import { listen, notify, type Unlisten } from '@viabiliza/db/listen';

/** What crosses instances: ids only (NOTIFY payloads over 8000 bytes are refused). */
export interface RealtimeEvent {
  userId: string;
  kind: 'notification' | 'document' | 'analysis-run' | 'ping' | 'audit';
  id: string;
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
    this.subscribers.clear();
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
    const targets = this.subscribers.get(event.userId);
    if (!targets?.size) return;
    const data = await this.loaders.get(event.kind)?.(event.userId, event.id);
    if (data == null) return;
    for (const send of targets) send(event.kind, data);
  }
}
