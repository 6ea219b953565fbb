import type { FastifyInstance } from 'fastify';
import type { LogLevelName, ServerLogLine, ServerLogQuery } from '@viabiliza/contracts/audit';

/** pino's numeric levels. */
const LEVELS: Record<number, LogLevelName> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
const LEVEL_VALUE: Record<LogLevelName, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

export const DEFAULT_LOG_BUFFER_LINES = 2000;

interface Entry {
  time: number;
  level: number;
  msg: string;
  reqId: string | null;
  rest: Record<string, unknown>;
}

/**
 * The last N log lines of this process, in memory. Each instance keeps its own: an admin asks the
 * instance that served the request (or every instance behind the load balancer, one by one).
 * Lines are held as pino wrote them, parsed; a full ring drops its oldest line.
 */
export class LogRing {
  private entries: Entry[] = [];
  private next = 0;

  constructor(private capacity: number = DEFAULT_LOG_BUFFER_LINES) {}

  resize(capacity: number) {
    const kept = this.ordered().slice(-capacity);
    this.capacity = capacity;
    this.entries = capacity > 0 ? kept : [];
    this.next = this.entries.length % Math.max(capacity, 1);
  }

  get size() {
    return this.entries.length;
  }

  get limit() {
    return this.capacity;
  }

  /** One pino line (a JSON object per line). Lines that are not JSON are kept as the message. */
  push(line: string) {
    if (this.capacity <= 0) return;
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(line) as Record<string, unknown>;
    } catch {
      parsed = { level: 30, time: Date.now(), msg: line.trim() };
    }
    const { level, time, msg, reqId, pid: _pid, hostname: _hostname, ...rest } = parsed;
    const entry: Entry = {
      time: typeof time === 'number' ? time : Date.now(),
      level: typeof level === 'number' ? level : 30,
      msg: typeof msg === 'string' ? msg : '',
      reqId: typeof reqId === 'string' ? reqId : null,
      rest,
    };
    if (this.entries.length < this.capacity) this.entries.push(entry);
    else this.entries[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
  }

  private ordered(): Entry[] {
    if (this.entries.length < this.capacity) return [...this.entries];
    return [...this.entries.slice(this.next), ...this.entries.slice(0, this.next)];
  }

  /** Newest first: lines at `level` or above, of one request when `requestId` is given. */
  search(query: ServerLogQuery): ServerLogLine[] {
    const min = LEVEL_VALUE[query.level];
    const out: ServerLogLine[] = [];
    const all = this.ordered();
    for (let i = all.length - 1; i >= 0 && out.length < query.limit; i--) {
      const e = all[i]!;
      if (e.level < min) continue;
      if (query.requestId && e.reqId !== query.requestId) continue;
      out.push({ time: new Date(e.time).toISOString(), level: LEVELS[e.level] ?? 'info', message: e.msg, requestId: e.reqId, data: e.rest });
    }
    return out;
  }

  clear() {
    this.entries = [];
    this.next = 0;
  }
}

/** This process's ring: main.ts feeds it from the server's logger. */
export const serverLogs = new LogRing();

/** A pino destination that writes to `dest` and keeps a copy of each line in `ring`. */
export function teeToRing(dest: { write(chunk: string): unknown } | null, ring: LogRing = serverLogs) {
  return {
    write(chunk: string) {
      ring.push(chunk);
      dest?.write(chunk);
    },
  };
}

/** Every answer names its request, so a user's error report can be matched to the server's log. */
export function exposeRequestId(app: FastifyInstance) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
