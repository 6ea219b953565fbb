// autocannon ships no types; only what bench-api/load.ts uses.
declare module 'autocannon' {
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: Request, context: Record<string, unknown>) => Request;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    requests?: Request[];
    headers?: Record<string, string>;
  }
  interface Histogram {
    mean: number;
    max: number;
    p50: number;
    p99: number;
  }
  interface Result {
    duration: number;
    requests: Histogram & { total: number; average: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  function autocannon(options: Options, callback: (err: Error | null, result: Result) => void): unknown;
  export default autocannon;
}
