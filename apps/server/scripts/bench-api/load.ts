/**
 * The load generator, in its own process so it does not share the server's event loop: receives
 * one job over IPC, runs it against loopback and sends the summary back. Saturation runs are
 * autocannon's closed loop; one connection and fixed rates are plain keep-alive loops.
 */
import http from 'node:http';
import autocannon from 'autocannon';

export interface LoadJob {
  url: string;
  connections: number;
  durationSeconds: number;
  /** Requests per second, evenly spaced over at most `connections` sockets; absent: as fast as the server answers. */
  overallRate?: number;
  /** Rotated request by request over all connections. */
  requests: { path: string; cookie: string }[];
}

export interface LoadResult {
  requests: number;
  rps: number;
  mean: number;
  p50: number;
  p99: number;
  max: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

function run(job: LoadJob): Promise<LoadResult> {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: job.url,
        connections: job.connections,
        duration: job.durationSeconds,
        requests: [
          {
            method: 'GET',
            setupRequest: (req) => {
              const r = job.requests[next++ % job.requests.length]!;
              return { ...req, path: r.path, headers: { ...req.headers, cookie: r.cookie } };
            },
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        const statusCodes: Record<string, number> = {};
        for (const [code, v] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = (v as { count: number }).count;
        resolve({
          requests: result.requests.total,
          rps: result.requests.total / (result.duration || job.durationSeconds),
          mean: result.latency.mean,
          p50: result.latency.p50,
          p99: result.latency.p99,
          max: result.latency.max,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
          statusCodes,
        });
      },
    );
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? Number.NaN;

/** One connection: a plain keep-alive loop, timed to the microsecond (autocannon rounds to 1 ms). */
async function runSolo(job: LoadJob): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + job.durationSeconds * 1000;
  while (performance.now() < deadline) {
    const r = job.requests[next++ % job.requests.length]!;
    const t = performance.now();
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.get(`${job.url}${r.path}`, { agent, headers: { cookie: r.cookie } }, (res) => {
          res.resume();
          res.once('end', () => resolve(res.statusCode ?? 0));
          res.once('error', reject);
        });
        req.once('error', reject);
      });
      latencies.push(performance.now() - t);
      statusCodes[status] = (statusCodes[status] ?? 0) + 1;
    } catch {
      errors++;
    }
  }
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const elapsed = (performance.now() - started) / 1000;
  return {
    requests: latencies.length,
    rps: latencies.length / elapsed,
    mean: latencies.reduce((a, b) => a + b, 0) / (latencies.length || 1),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    non2xx: Object.entries(statusCodes).reduce((n, [code, count]) => (code.startsWith('2') ? n : n + count), 0),
    errors,
    timeouts: 0,
    statusCodes,
  };
}

/**
 * Open loop at a fixed rate, evenly spaced (autocannon's rate option sends each connection's quota
 * in a burst at the start of every second). Latency counts from the moment a request was due, so
 * a server that falls behind is charged for the wait (no coordinated omission).
 */
async function runPaced(job: LoadJob & { overallRate: number }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const latencies: number[] = [];
  const statusCodes: Record<string, number> = {};
  let errors = 0;
  let timeouts = 0;
  let next = 0;
  const interval = 1000 / job.overallRate;
  const started = performance.now();
  const deadline = started + job.durationSeconds * 1000;
  const pending: Promise<void>[] = [];
  const send = (due: number) => {
    const r = job.requests[next++ % job.requests.length]!;
    return new Promise<void>((resolve) => {
      const req = http.get(`${job.url}${r.path}`, { agent, headers: { cookie: r.cookie }, timeout: 10_000 }, (res) => {
        res.resume();
        res.once('end', () => {
          latencies.push(performance.now() - due);
          statusCodes[res.statusCode ?? 0] = (statusCodes[res.statusCode ?? 0] ?? 0) + 1;
          resolve();
        });
      });
      req.once('timeout', () => {
        timeouts++;
        req.destroy(new Error('timeout'));
      });
      req.once('error', () => {
        errors++;
        resolve();
      });
    });
  };
  for (let due = started; due < deadline; due += interval) {
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(due));
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    rps: latencies.length / job.durationSeconds,
    mean: latencies.reduce((a, b) => a + b, 0) / (latencies.length || 1),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    non2xx: Object.entries(statusCodes).reduce((n, [code, count]) => (code.startsWith('2') ? n : n + count), 0),
    errors,
    timeouts,
    statusCodes,
  };
}

process.once('message', (job: LoadJob) => {
  (job.overallRate ? runPaced({ ...job, overallRate: job.overallRate }) : job.connections === 1 ? runSolo(job) : run(job)).then(
    (result) => process.send!({ result }, () => process.exit(0)),
    (err: unknown) => process.send!({ error: String(err) }, () => process.exit(1)),
  );
});
