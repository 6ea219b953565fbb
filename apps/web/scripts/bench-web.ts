/**
 * `npm run bench:web`: Lighthouse on the public home (/) and /faq, and the home's initial JavaScript.
 *
 * - Builds the web app and the server when their dist folders are missing (`--build` forces it).
 * - Starts the built server (`node apps/server/dist/main.js`) on a free loopback port with a
 *   temporary DATA_DIR (embedded database), as a visitor would meet it in production.
 * - Runs the Lighthouse CLI (the `lighthouse` devDependency; CHROME_PATH, default /usr/bin/chromium,
 *   headless) `--runs` times per page with its default settings (mobile, simulated slow 4G and 4× CPU
 *   slowdown) and prints the median of each figure: the performance, accessibility, SEO and
 *   best-practices scores and LCP, TBT, CLS, FCP, against the targets.
 * - Initial JS of the home: the scripts the served HTML of / loads before any interaction (the
 *   module entry and its modulepreloads), each gzipped here at level 9, summed in kB (1000 bytes, as Vite reports), against the budget.
 *   The bytes actually sent with `Accept-Encoding: br, gzip` are printed beside it.
 *
 * A benchmark, not a test: a missed target is printed, not failed; only a crash exits non-zero.
 * Flags: --runs N (default 3), --build, --keep (leave the temporary DATA_DIR).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const require_ = (p: string) => join(root, 'node_modules', p);
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu';
const PAGES = ['/', '/faq'];
const TARGETS = { performance: 95, accessibility: 95, seo: 100 } as const;
const INITIAL_JS_BUDGET_KB = 150;

const { values: flags } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    build: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const RUNS = Math.max(1, Number(flags.runs) || 3);
const log = (msg: string) => console.error(`[bench:web] ${msg}`);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

function ensureBuilt() {
  const built = existsSync(join(root, 'apps/web/dist/prerendered/manifest.json')) && existsSync(join(root, 'apps/server/dist/main.js'));
  if (built && !flags.build) return;
  log('building (npm run build)…');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) throw new Error(`npm run build failed (${result.status})`);
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const origin = `http://127.0.0.1:${port}`;
  // The embedded database: a PostgreSQL from the caller's environment is not what this measures.
  const { DATABASE_URL: _ignored, ...env } = process.env;
  const child = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: origin, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${origin}/api/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not answer /api/health within 120 s');
}

interface LighthouseFigures {
  performance: number;
  accessibility: number;
  seo: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  failedAudits: string[];
  /** Lighthouse's own CPU benchmark at the start of the run: low when the machine is busy. */
  benchmarkIndex: number;
}

interface LighthouseReport {
  environment?: { benchmarkIndex?: number };
  runtimeError?: { message: string };
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; numericValue?: number; title: string; scoreDisplayMode: string }>;
}

function runLighthouse(url: string): LighthouseFigures {
  const result = spawnSync(
    process.execPath,
    [
      require_('lighthouse/cli/index.js'),
      url,
      '--quiet',
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance,accessibility,seo,best-practices',
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { env: { ...process.env, CHROME_PATH }, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  if (result.status !== 0) throw new Error(`lighthouse failed on ${url}: ${result.stderr.slice(-2000)}`);
  const report = JSON.parse(result.stdout) as LighthouseReport;
  if (report.runtimeError) throw new Error(`lighthouse on ${url}: ${report.runtimeError.message}`);
  const score = (id: string) => Math.round((report.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => report.audits[id]?.numericValue ?? Number.NaN;
  const failedAudits = ['accessibility', 'seo', 'best-practices', 'performance'].flatMap((cat) =>
    (report.categories[cat]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => ({ id: ref.id, audit: report.audits[ref.id] }))
      .filter(({ audit }) => audit && audit.scoreDisplayMode !== 'notApplicable' && audit.score !== null && audit.score < 0.9)
      .map(({ id, audit }) => `${cat}: ${id} (${audit!.score})`),
  );
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    bestPractices: score('best-practices'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    fcpMs: value('first-contentful-paint'),
    failedAudits,
    benchmarkIndex: report.environment?.benchmarkIndex ?? Number.NaN,
  };
}

/** On a busy machine Lighthouse sometimes loses its trace (NO_NAVSTART, NO_FCP): try again, twice. */
function runLighthouseWithRetry(url: string): LighthouseFigures {
  for (let attempt = 1; ; attempt++) {
    try {
      return runLighthouse(url);
    } catch (err) {
      if (attempt >= 3) throw err;
      log(`lighthouse failed (${(err as Error).message.split('\n')[0]}); trying again`);
    }
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

interface InitialJs {
  files: { path: string; gzipKb: number; sentKb: number; encoding: string }[];
  gzipKb: number;
  sentKb: number;
}

/** The scripts / loads before interaction: `<script type="module" src>` and `<link rel="modulepreload">`. */
async function measureInitialJs(origin: string): Promise<InitialJs> {
  const html = await (await fetch(`${origin}/`)).text();
  const paths = new Set<string>();
  for (const tag of html.match(/<script\b[^>]*>/g) ?? []) {
    const src = /\bsrc="([^"]+)"/.exec(tag)?.[1];
    if (src && /\btype="module"/.test(tag)) paths.add(src);
  }
  for (const tag of html.match(/<link\b[^>]*>/g) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (href && /\brel="modulepreload"/.test(tag)) paths.add(href);
  }
  const files: InitialJs['files'] = [];
  for (const path of paths) {
    const plain = Buffer.from(await (await fetch(`${origin}${path}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer());
    // fetch() decodes what it receives, so read the encoded length from a raw request instead.
    const sent = await rawLength(`${origin}${path}`);
    files.push({ path, gzipKb: gzipSync(plain, { level: 9 }).length / 1000, sentKb: sent.bytes / 1000, encoding: sent.encoding });
  }
  return { files, gzipKb: files.reduce((s, f) => s + f.gzipKb, 0), sentKb: files.reduce((s, f) => s + f.sentKb, 0) };
}

async function rawLength(url: string): Promise<{ bytes: number; encoding: string }> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    // A new connection each time: a kept-alive one may have been closed by the server meanwhile.
    const req = request(url, { agent: false, headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () => resolve({ bytes, encoding: String(res.headers['content-encoding'] ?? 'identity') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const met = (ok: boolean) => (ok ? 'yes' : 'NO');

async function main() {
  if (!existsSync(CHROME_PATH)) throw new Error(`Chromium not found at ${CHROME_PATH} (set CHROME_PATH)`);
  ensureBuilt();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'viabiliza-bench-web-'));
  const origin = `http://127.0.0.1:${port}`;
  log(`starting the built server on ${origin} (DATA_DIR ${dataDir})`);
  const server = await startServer(port, dataDir);
  try {
    const js = await measureInitialJs(origin);
    const results: { page: string; runs: LighthouseFigures[] }[] = [];
    for (const page of PAGES) {
      const runs: LighthouseFigures[] = [];
      // One unmeasured load first, so every measured run meets the same warm server.
      await rawLength(`${origin}${page}`);
      for (let i = 0; i < RUNS; i++) {
        log(`lighthouse ${page} run ${i + 1}/${RUNS}`);
        runs.push(runLighthouseWithRetry(`${origin}${page}`));
      }
      results.push({ page, runs });
    }

    console.log(`\nMachine: ${cpus().length} cores (${cpus()[0]?.model.trim()}), load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}, Node ${process.version}`);
    console.log(`Lighthouse ${JSON.parse(readFileSync(require_('lighthouse/package.json'), 'utf8')).version as string}, default mobile settings (simulated throttling), median of ${RUNS} run(s) per page\n`);
    console.log('| page | performance | accessibility | SEO | best practices | LCP | TBT | CLS | FCP | targets met |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|');
    for (const { page, runs } of results) {
      const m = (k: Exclude<keyof LighthouseFigures, 'failedAudits'>) => median(runs.map((r) => r[k]));
      const ok = m('performance') >= TARGETS.performance && m('accessibility') >= TARGETS.accessibility && m('seo') >= TARGETS.seo;
      console.log(
        `| ${page} | ${m('performance')} | ${m('accessibility')} | ${m('seo')} | ${m('bestPractices')} | ${fmt(m('lcpMs'))} ms | ${fmt(m('tbtMs'))} ms | ${fmt(m('cls'), 3)} | ${fmt(m('fcpMs'))} ms | ${met(ok)} |`,
      );
    }
    console.log(`\nTargets: performance ≥ ${TARGETS.performance}, accessibility ≥ ${TARGETS.accessibility}, SEO = ${TARGETS.seo}.`);
    for (const { page, runs } of results) {
      const perf = runs.map((r) => r.performance);
      console.log(`${page}: performance per run ${perf.join(', ')}; TBT per run ${runs.map((r) => fmt(r.tbtMs)).join(', ')} ms; Lighthouse benchmarkIndex ${runs.map((r) => fmt(r.benchmarkIndex)).join(', ')}`);
      const failed = [...new Set(runs.flatMap((r) => r.failedAudits))];
      if (failed.length) console.log(`  audits below 0.9: ${failed.join('; ')}`);
    }

    console.log(`\nInitial JS of / (entry + modulepreloads): ${fmt(js.gzipKb, 1)} kB gzip (budget ≤ ${INITIAL_JS_BUDGET_KB} kB: ${met(js.gzipKb <= INITIAL_JS_BUDGET_KB)}); sent by the server: ${fmt(js.sentKb, 1)} kB`);
    for (const f of js.files) console.log(`  ${f.path}  ${fmt(f.gzipKb, 1)} kB gzip · sent ${fmt(f.sentKb, 1)} kB (${f.encoding})`);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    if (!flags.keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
