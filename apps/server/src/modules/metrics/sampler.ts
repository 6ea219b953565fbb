import { hostname, availableParallelism, totalmem } from 'node:os';
import type { MonitorSample } from '@viabiliza/contracts/monitor';
import type { AppContext } from '../../context.ts';
import { percentile } from './metrics.ts';
import { countActiveUsers, insertSample } from './metrics.repository.ts';

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * Writes a realtime_monitoring row into performance_metrics every interval. Each instance runs its
 * own timer and tags its rows with its id: latency, CPU and memory are properties of one process,
 * which a queue cron (run by whichever instance picks it up) could not measure for the others.
 * metric_value is the interval's p95 in ms, null when no request was answered ('sem requisições':
 * an idle interval has no response time, and a stored 0 would pull every average down).
 */
export class MetricsSampler {
  readonly instanceId = `${hostname()}:${process.pid}`;
  private timer: NodeJS.Timeout | null = null;
  private cpuMark = process.cpuUsage();
  private wallMark = performance.now();

  constructor(
    private readonly ctx: AppContext,
    readonly intervalMs: number,
    private readonly onError: (err: unknown) => void,
  ) {}

  start() {
    this.timer = setInterval(() => {
      this.sampleNow().catch((err) => this.onError(err));
    }, this.intervalMs);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** The interval in progress, without ending it. */
  current(): Promise<MonitorSample> {
    return this.measure(false);
  }

  /** Ends the interval and stores it. */
  async sampleNow(): Promise<MonitorSample> {
    const sample = await this.measure(true);
    await insertSample(this.ctx.db, sample.requests > 0 ? sample.p95Ms : null, sample);
    return sample;
  }

  private async measure(reset: boolean): Promise<MonitorSample> {
    const { durationsMs, errors } = this.ctx.metrics.requestWindow(reset);
    const cpu = process.cpuUsage(this.cpuMark);
    const now = performance.now();
    const wallMicros = Math.max(1, (now - this.wallMark) * 1000);
    if (reset) {
      this.cpuMark = process.cpuUsage();
      this.wallMark = now;
    }
    const rss = process.memoryUsage().rss;
    const [activeUsers, queues] = await Promise.all([countActiveUsers(this.ctx.db), this.ctx.queue.boss.getQueues()]);
    const p50 = percentile(durationsMs, 50);
    const p95 = percentile(durationsMs, 95);
    return {
      at: new Date().toISOString(),
      instanceId: this.instanceId,
      requests: durationsMs.length,
      p50Ms: p50 === null ? null : round(p50),
      p95Ms: p95 === null ? null : round(p95),
      errorRatePercent: durationsMs.length ? round((errors / durationsMs.length) * 100, 2) : 0,
      cpuPercent: round(((cpu.user + cpu.system) / wallMicros / availableParallelism()) * 100),
      memoryBytes: rss,
      memoryPercent: round((rss / totalmem()) * 100),
      activeUsers,
      queueDepth: queues.reduce((n, q) => n + (q.queuedCount ?? 0), 0),
    };
  }
}
