/**
 * The one Server-Sent Events connection of the app (`/api/events`). Features subscribe by event name
 * ('notification', 'document', 'ready', …); the stream opens with the first subscriber and closes with
 * the last, so a signed-out visitor never holds one. The browser reconnects by itself after a drop,
 * and the server sends `ready` on every (re)connection: subscribe to it to refetch what may have been
 * missed meanwhile.
 */
export const EVENTS_URL = '/api/events';

type Handler = (data: unknown) => void;

let source: EventSource | null = null;
const handlers = new Map<string, Set<Handler>>();
const listeners = new Map<string, (event: MessageEvent<string>) => void>();

function dispatch(name: string, event: MessageEvent<string>): void {
  let payload: unknown;
  try {
    payload = JSON.parse(event.data);
  } catch {
    return;
  }
  for (const handler of [...(handlers.get(name) ?? [])]) handler(payload);
}

/** Calls `handler` with the parsed JSON of every `event: {name}`; returns the unsubscribe function. */
export function subscribeRealtime(name: string, handler: Handler): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  source ??= new EventSource(EVENTS_URL, { withCredentials: true });

  let set = handlers.get(name);
  if (!set) {
    set = new Set();
    handlers.set(name, set);
  }
  set.add(handler);
  if (!listeners.has(name)) {
    const listener = (event: MessageEvent<string>) => dispatch(name, event);
    listeners.set(name, listener);
    source.addEventListener(name, listener);
  }

  let active = true;
  return () => {
    if (!active) return;
    active = false;
    const current = handlers.get(name);
    current?.delete(handler);
    if (current && current.size === 0) {
      handlers.delete(name);
      const listener = listeners.get(name);
      if (listener) source?.removeEventListener(name, listener);
      listeners.delete(name);
    }
    if (handlers.size === 0) {
      source?.close();
      source = null;
    }
  };
}
