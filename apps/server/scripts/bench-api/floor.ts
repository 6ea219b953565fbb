/**
 * The floor: the very statements an endpoint ran (recorded from the server's own pool or PGlite
 * instance while one request was served), replayed with the same parameters and the same driver
 * options straight through a pg pool of the server's size or the same PGlite instance, with no
 * HTTP, no auth library, no JSON. Statements the endpoint ran concurrently are replayed
 * concurrently, the others one after the other.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { PGlite } from '@electric-sql/pglite';
import type { DatabaseHandle } from '@viabiliza/db/client';
import pg from 'pg';

export interface Statement {
  /** How the server sent it: `exec` is PGlite's simple protocol (pg-boss's statements without parameters). */
  method: 'query' | 'exec';
  text: string;
  values: unknown[];
  /** The driver's query options as the server passed them (pg QueryConfig or PGlite options). */
  options: Record<string, unknown>;
  start: number;
  end: number;
}

/** What one request ran, in groups: statements in a group overlapped in time. */
export interface RecordedRequest {
  path: string;
  cookie: string;
  groups: Statement[][];
  statements: Statement[];
  bytes: number;
}

/** Session and user lookups of the auth library, as opposed to the endpoint's own queries. */
export const isAuthStatement = (s: Statement) => /from "(session|user)"/i.test(s.text);

type QueryFn = (...args: unknown[]) => unknown;
const RECORD_HEADER = 'x-bench-record';

/**
 * Records the statements one HTTP request makes, whichever pool or driver they go through (the
 * app's pool, pg-boss's pool, PGlite's query or exec): the request runs inside an
 * AsyncLocalStorage scope opened before Fastify sees it, so background work (queue polls) that
 * happens meanwhile is left out.
 */
export class SqlRecorder {
  private readonly scope = new AsyncLocalStorage<Statement[]>();
  private readonly restores: (() => void)[] = [];
  private sink: Statement[] | null = null;

  constructor(database: DatabaseHandle, server: Server) {
    if (database.pglite) {
      const db = database.pglite as unknown as Record<'query' | 'exec', QueryFn>;
      this.wrap(db, 'query', (args) => ({ method: 'query', text: args[0] as string, values: (args[1] as unknown[] | undefined) ?? [], options: (args[2] as Record<string, unknown> | undefined) ?? {} }));
      this.wrap(db, 'exec', (args) => ({ method: 'exec', text: args[0] as string, values: [], options: (args[1] as Record<string, unknown> | undefined) ?? {} }));
    } else {
      // The prototype: the app's pool and pg-boss's pool alike.
      this.wrap(pg.Pool.prototype as unknown as Record<'query', QueryFn>, 'query', (args) => {
        const cfg = args[0];
        const options: Record<string, unknown> = typeof cfg === 'string' ? { text: cfg } : { ...(cfg as Record<string, unknown>) };
        const values = (args[1] as unknown[] | undefined) ?? (options.values as unknown[] | undefined) ?? [];
        delete options.values;
        return { method: 'query', text: options.text as string, values, options };
      });
    }
    const listeners = server.listeners('request') as ((req: IncomingMessage, res: ServerResponse) => void)[];
    server.removeAllListeners('request');
    for (const listener of listeners) {
      server.on('request', (req: IncomingMessage, res: ServerResponse) => {
        const sink = this.sink;
        if (sink && req.headers[RECORD_HEADER]) this.scope.run(sink, () => listener(req, res));
        else listener(req, res);
      });
    }
    this.restores.push(() => {
      server.removeAllListeners('request');
      for (const listener of listeners) server.on('request', listener);
    });
  }

  private wrap<K extends string>(target: Record<K, QueryFn>, key: K, describe: (args: unknown[]) => Omit<Statement, 'start' | 'end'>) {
    const original = target[key];
    const currentSink = () => this.scope.getStore();
    target[key] = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args) as Promise<unknown>;
      const sink = currentSink();
      const statement: Statement | null = sink ? { ...describe(args), start: performance.now(), end: Number.NaN } : null;
      if (statement) sink!.push(statement);
      if (statement) {
        const settle = () => {
          statement.end = performance.now();
        };
        result.then(settle, settle);
      }
      return result;
    };
    this.restores.push(() => {
      target[key] = original;
    });
  }

  /** Runs one request (sent with `recordHeaders`) and returns the statements it made. */
  async record<T>(fn: (recordHeaders: Record<string, string>) => Promise<T>): Promise<{ result: T; statements: Statement[] }> {
    if (this.sink) throw new Error('gravação já em andamento');
    const statements: Statement[] = [];
    this.sink = statements;
    try {
      const result = await fn({ [RECORD_HEADER]: '1' });
      return { result, statements };
    } finally {
      this.sink = null;
      // Its async hooks would otherwise tax every request of the load that follows.
      this.scope.disable();
    }
  }

  close() {
    for (const restore of this.restores.reverse()) restore();
  }
}

/** Statements that overlapped in time ran in parallel (Promise.all in the service). */
export function groupByOverlap(statements: Statement[]): Statement[][] {
  const sorted = [...statements].sort((a, b) => a.start - b.start);
  const groups: Statement[][] = [];
  let groupEnd = -Infinity;
  for (const s of sorted) {
    if (groups.length && s.start < groupEnd) {
      groups[groups.length - 1]!.push(s);
      groupEnd = Math.max(groupEnd, s.end);
    } else {
      groups.push([s]);
      groupEnd = s.end;
    }
  }
  return groups;
}

export interface FloorRunner {
  run(request: RecordedRequest, only?: (s: Statement) => boolean): Promise<void>;
  explain(statement: Statement): Promise<string[]>;
  close(): Promise<void>;
}

export function pgFloor(url: string, poolSize: number): FloorRunner {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {});
  return {
    async run(request, only) {
      for (const group of request.groups) {
        const list = only ? group.filter(only) : group;
        await Promise.all(list.map((s) => pool.query({ ...(s.options as unknown as pg.QueryConfig), values: s.values })));
      }
    },
    async explain(s) {
      const res = await pool.query({ text: `explain (analyze, buffers) ${s.text}`, values: s.values });
      return res.rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
    },
    close: () => pool.end(),
  };
}

export function pgliteFloor(db: PGlite): FloorRunner {
  return {
    async run(request, only) {
      for (const group of request.groups) {
        const list = only ? group.filter(only) : group;
        await Promise.all(list.map((s) => (s.method === 'exec' ? db.exec(s.text, s.options) : db.query(s.text, s.values, s.options))));
      }
    },
    async explain(s) {
      const res = await db.query<Record<string, string>>(`explain (analyze, buffers) ${s.text}`, s.values);
      return res.rows.map((r) => r['QUERY PLAN']!);
    },
    close: async () => {},
  };
}

export interface LatencyStats {
  requests: number;
  rps: number;
  mean: number;
  p50: number;
  p99: number;
  max: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * Closed loop like autocannon's: `concurrency` callers, each starting its next request when the
 * previous one ends, rotating over the recorded requests, for `seconds`.
 */
export async function closedLoop(concurrency: number, seconds: number, requests: RecordedRequest[], run: (r: RecordedRequest) => Promise<void>): Promise<LatencyStats> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const caller = async () => {
    while (performance.now() < deadline) {
      const request = requests[next++ % requests.length]!;
      const t = performance.now();
      await run(request);
      latencies.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, caller));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    mean: latencies.reduce((a, b) => a + b, 0) / (latencies.length || 1),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
  };
}
