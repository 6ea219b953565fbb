import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Requests beyond this many in one sampling interval only count in the histogram, not in p50/p95 (bounded memory). */
const WINDOW_CAP = 50_000;

export interface QueueDepth {
  queue: string;
  ready: number;
  active: number;
}

/**
 * The server's own measurements, in one prom-client registry per app context (tests build several
 * apps in one process, so nothing goes in prom-client's global registry). Exposed at GET /metrics.
 */
export class ServerMetrics {
  readonly registry = new Registry();
  readonly httpDuration: Histogram<'method' | 'route' | 'status_class'>;
  readonly httpErrors: Counter<'method' | 'route'>;
  readonly jobDuration: Histogram<'queue' | 'outcome'>;
  readonly analysisCache: Counter<'result'>;
  /** Durations (ms) and 5xx count since the last realtime_monitoring sample. */
  private window: number[] = [];
  private windowErrors = 0;

  constructor(queueDepth: () => Promise<QueueDepth[]>) {
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request latency by route pattern and status class',
      labelNames: ['method', 'route', 'status_class'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.4, 1, 2, 5, 10],
      registers: [this.registry],
    });
    this.httpErrors = new Counter({
      name: 'http_request_errors_total',
      help: 'HTTP requests answered with a 5xx status',
      labelNames: ['method', 'route'],
      registers: [this.registry],
    });
    this.jobDuration = new Histogram({
      name: 'queue_job_duration_seconds',
      help: 'Time a queue job handler ran, by queue and outcome',
      labelNames: ['queue', 'outcome'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60, 300],
      registers: [this.registry],
    });
    this.analysisCache = new Counter({
      name: 'analysis_cache_lookups_total',
      help: 'Analysis runs answered from the cache (hit) or computed (miss)',
      labelNames: ['result'],
      registers: [this.registry],
    });
    new Gauge({
      name: 'queue_depth',
      help: 'Jobs waiting (ready) and running (active) per queue',
      labelNames: ['queue', 'state'],
      registers: [this.registry],
      async collect() {
        for (const q of await queueDepth()) {
          this.set({ queue: q.queue, state: 'ready' }, q.ready);
          this.set({ queue: q.queue, state: 'active' }, q.active);
        }
      },
    });
  }

  observeRequest(method: string, route: string, statusCode: number, ms: number) {
    const statusClass = `${Math.floor(statusCode / 100)}xx`;
    this.httpDuration.observe({ method, route, status_class: statusClass }, ms / 1000);
    if (statusCode >= 500) {
      this.httpErrors.inc({ method, route });
      this.windowErrors++;
    }
    if (this.window.length < WINDOW_CAP) this.window.push(ms);
  }

  observeJob(queue: string, ok: boolean, ms: number) {
    this.jobDuration.observe({ queue, outcome: ok ? 'completed' : 'failed' }, ms / 1000);
  }

  cacheLookup(hit: boolean) {
    this.analysisCache.inc({ result: hit ? 'hit' : 'miss' });
  }

  /** The requests of the current interval; `reset` starts the next interval. */
  requestWindow(reset: boolean): { durationsMs: number[]; errors: number } {
    const out = { durationsMs: this.window, errors: this.windowErrors };
    if (reset) {
      this.window = [];
      this.windowErrors = 0;
    } else {
      out.durationsMs = [...this.window];
    }
    return out;
  }
}

/** Nearest-rank percentile of unsorted values; null without values. */
export function percentile(values: number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}
