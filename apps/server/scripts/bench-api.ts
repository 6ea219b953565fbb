/**
 * `npm run bench:api`: the read endpoints a person hits most (dashboard stats, history page,
 * search) under load, on PostgreSQL and on embedded PGlite, against the floor of the same SQL run
 * directly.
 *
 * Per database: a fresh database (PostgreSQL: `viabiliza_bench_<random>` on BENCH_DATABASE_URL's
 * server, dropped after; PGlite: a temporary DATA_DIR), migrations through createRuntime, the real
 * app listening on loopback, 11 accounts signed up through the API (10 with a normal share of the
 * data, one heavy), then 100k analyses over 1k users seeded set-based. Each endpoint is measured
 * with autocannon (in a child process, 200 connections, requests rotated over the accounts' cookies
 * and a few query variants), then its floor: the statements the endpoint ran for each of those
 * requests, recorded from the server's own driver, replayed with the same parameters by 200
 * concurrent callers through a pool of the server's size (PGlite: the same instance). Then the same
 * requests at half the saturated rate (open loop: closed-loop latency is connections ÷ throughput,
 * so p99 at saturation says little) and on one connection, each against its floor.
 *
 * PostgreSQL: BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test (skipped with a
 * message when unreachable). About 6 minutes for both databases on 2 cores.
 * Flags: --pg-only, --pglite-only, --users N, --analyses N, --duration S, --connections N,
 * --explain (EXPLAIN ANALYZE of each endpoint's statements for the heavy account), --keep (leave the
 * PostgreSQL database in place).
 * The read rate limit (600/min per address) is lifted for this app only (AppConfig.rateLimitReadMax).
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, totalmem, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@viabiliza/db/client';
import { buildApp } from '../src/app.ts';
import { createRuntime, type Runtime } from '../src/bootstrap.ts';
import type { AppConfig } from '../src/config/app-config.ts';
import { closedLoop, groupByOverlap, isAuthStatement, pgFloor, pgliteFloor, SqlRecorder, type FloorRunner, type LatencyStats, type RecordedRequest } from './bench-api/floor.ts';
import type { LoadJob, LoadResult } from './bench-api/load.ts';
import { seed, type MeasuredUser, type SeedCounts } from './bench-api/seed.ts';
import { pgliteSql, pgSql } from './bench-api/sql.ts';

const here = dirname(fileURLToPath(import.meta.url));
const PUBLIC_URL = 'http://localhost:3000';
const PASSWORD = 'Pitanga#Azul7';
/** The server's pool (openDatabase's default, what main.ts uses). */
const SERVER_POOL_SIZE = 10;
const TARGET_RATIO = 2;
const TARGET_P99_MS = 100;

const { values: flags } = parseArgs({
  options: {
    'pg-only': { type: 'boolean', default: false },
    'pglite-only': { type: 'boolean', default: false },
    users: { type: 'string', default: '1000' },
    analyses: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '200' },
    explain: { type: 'boolean', default: false },
    /** Leaves the PostgreSQL database in place (its name is printed) to study plans by hand. */
    keep: { type: 'boolean', default: false },
  },
});
const USERS = Number(flags.users);
const ANALYSES = Number(flags.analyses);
const DURATION = Number(flags.duration);
const CONNECTIONS = Number(flags.connections);
/** Single-connection runs (latency without queueing) are shorter. */
const SOLO_DURATION = Math.max(2, Math.round(DURATION / 3));
const WARMUP = Math.max(1, Math.round(DURATION / 5));
const PACED_DURATION = Math.max(2, Math.round(DURATION / 2));

const log = (msg: string) => console.error(`[bench:api] ${msg}`);

interface Endpoint {
  label: string;
  method: 'GET';
  url: string;
  variants: string[];
}

const q = encodeURIComponent;
const ENDPOINTS: Endpoint[] = [
  { label: 'dashboard stats', method: 'GET', url: '/api/dashboard/stats', variants: ['/api/dashboard/stats'] },
  {
    label: 'histórico (página)',
    method: 'GET',
    url: '/api/analyses',
    variants: [
      '/api/analyses?page=1&pageSize=20',
      `/api/analyses?q=${q('são paulo')}&page=1&pageSize=20`,
      '/api/analyses?type=complete&page=1&pageSize=20',
      '/api/analyses?provider=gemini&page=2&pageSize=20',
      `/api/analyses?q=${q('apartamento')}&type=financial&page=1&pageSize=20`,
      '/api/analyses?page=5&pageSize=20',
    ],
  },
  {
    label: 'busca',
    method: 'GET',
    url: '/api/search',
    variants: [`/api/search?q=sao`, `/api/search?q=${q('florianópolis')}`, '/api/search?q=belem', `/api/search?q=${q('Rua Cardeal')}`, '/api/search?q=apartamento'],
  },
];

interface EndpointResult {
  endpoint: Endpoint;
  missing?: string;
  load?: LoadResult;
  /** Open loop at half the saturated rate, over the same number of connections at most. */
  paced?: LoadResult & { rate: number };
  solo?: LoadResult;
  floor?: LatencyStats;
  floorSolo?: LatencyStats;
  /** Endpoint statements only (no session lookup), concurrently. */
  floorData?: LatencyStats;
  statements?: { auth: number; data: number };
  bytes?: number;
  explain?: string[];
}

interface ModeReport {
  mode: 'PostgreSQL' | 'PGlite';
  version: string;
  settings: string;
  counts: SeedCounts;
  seedMs: number;
  results: EndpointResult[];
  totalMs: number;
}

function runLoad(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // The parent runs under tsx: the child inherits its loader through execArgv.
    const child = fork(join(here, 'bench-api/load.ts'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('message', (msg: { result?: LoadResult; error?: string }) => (msg.result ? resolve(msg.result) : reject(new Error(msg.error))));
    child.once('exit', (code) => {
      if (code) reject(new Error(`gerador de carga saiu com ${code}`));
    });
    child.send(job);
  });
}

/**
 * At the end of a run the load generator hangs up, but the server still holds requests it has not
 * answered, and on PGlite requests it has not even read yet (the event loop is busy with the
 * database). Waits until every request received was answered and none arrived for half a second.
 */
function trackRequests(server: Server) {
  let received = 0;
  let closed = 0;
  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    received++;
    res.once('close', () => closed++);
  });
  return async function drain() {
    const deadline = performance.now() + 120_000;
    let seen = -1;
    let quietSince = performance.now();
    while (performance.now() < deadline) {
      if (received !== seen || closed < received) {
        seen = received;
        quietSince = performance.now();
      } else if (performance.now() - quietSince >= 500) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
}

async function signUp(base: string, i: number): Promise<{ id: string; cookie: string }> {
  const res = await fetch(`${base}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
    body: JSON.stringify({ fullName: `Pessoa Medida ${i}`, email: `medida${i}.${randomBytes(3).toString('hex')}@bench.viabiliza.test`, password: PASSWORD }),
  });
  if (res.status !== 201) throw new Error(`sign-up ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { id: ((await res.json()) as { user: { id: string } }).user.id, cookie };
}

interface Database {
  handle: DatabaseHandle;
  version: string;
  settings: string;
  floor(): FloorRunner;
  drop(): Promise<void>;
}

async function openPostgres(): Promise<Database | null> {
  const base = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch (err) {
    log(`PostgreSQL indisponível em ${base} (${String(err)}); pulando`);
    return null;
  }
  const name = `viabiliza_bench_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const info = await admin.query<{ v: string; sb: string; wm: string; ecs: string }>(
    `select current_setting('server_version') v, current_setting('shared_buffers') sb, current_setting('work_mem') wm, current_setting('effective_cache_size') ecs`,
  );
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: SERVER_POOL_SIZE });
  const { v, sb, wm, ecs } = info.rows[0]!;
  return {
    handle,
    version: `PostgreSQL ${v}`,
    settings: `shared_buffers ${sb}, work_mem ${wm}, effective_cache_size ${ecs}; pool do servidor ${SERVER_POOL_SIZE} conexões`,
    floor: () => pgFloor(url.toString(), SERVER_POOL_SIZE),
    drop: async () => {
      if (flags.keep) return log(`banco mantido: ${url.toString()}`);
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  const seedDump = join(here, '../dist/pglite-seed.tar.gz');
  const handle = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db'), seedDump: existsSync(seedDump) ? seedDump : undefined });
  const [row] = (await handle.pglite!.query<{ v: string; sb: string }>(`select current_setting('server_version') v, current_setting('shared_buffers') sb`)).rows;
  return {
    handle,
    version: `PGlite (PostgreSQL ${row!.v})`,
    settings: `shared_buffers ${row!.sb}; uma conexão, no mesmo processo`,
    floor: () => pgliteFloor(handle.pglite!),
    drop: async () => {},
  };
}

async function runMode(kind: 'postgres' | 'pglite'): Promise<ModeReport | null> {
  const started = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'viabiliza-bench-api-'));
  const database = kind === 'postgres' ? await openPostgres() : await openPglite(dataDir);
  if (!database) {
    rmSync(dataDir, { recursive: true, force: true });
    return null;
  }
  const mode = kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  log(`${mode}: migrações e app`);
  const config: AppConfig = {
    publicUrl: PUBLIC_URL,
    trustedOrigins: [PUBLIC_URL],
    adminEmails: [],
    authSecret: 'bench-secret-bench-secret-bench-secret-00',
    dataDir,
    trustProxy: false,
    secureCookies: false,
    queuePollSeconds: 2,
    metricsSampleSeconds: 30,
    // 200 connections from one address would hit the 600/min read budget in a fraction of a second.
    rateLimitReadMax: 1_000_000_000,
    // The measured accounts all sign up from this one address.
    accountCreationBudget: { address: { perHour: 1_000_000, perDay: 1_000_000 }, network: { perHour: 1_000_000, perDay: 1_000_000 } },
  };
  let runtime: Runtime | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let recorder: SqlRecorder | undefined;
  let floor: FloorRunner | undefined;
  try {
    runtime = await createRuntime(config, database.handle, { work: true, onError: (err) => console.error(err) });
    // Errors only, cut short, on stderr: stdout is the report.
    const stream = { write: (line: string) => process.stderr.write(line.length > 1500 ? `${line.slice(0, 1500)}…\n` : line) };
    app = await buildApp(runtime.ctx, { logger: { level: 'error', stream } });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    recorder = new SqlRecorder(database.handle, app.server);
    const drain = trackRequests(app.server);
    const direct = database.floor();
    floor = direct;

    // Accounts measured: real sign-ups, so their cookies are real sessions.
    const perUser = Math.max(1, Math.round(ANALYSES / USERS));
    const accounts: (MeasuredUser & { cookie: string })[] = [];
    for (let i = 0; i < 11; i++) {
      const { id, cookie } = await signUp(base, i);
      const heavy = i === 10;
      accounts.push({ id, cookie, properties: heavy ? 100 : 10, analyses: heavy ? perUser * 20 : perUser });
    }
    log(`${mode}: semeando ${USERS} usuários, ${ANALYSES} análises…`);
    const seedStart = performance.now();
    let counts: SeedCounts;
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: database.handle.url });
      await client.connect();
      try {
        counts = await seed(pgSql(client), { users: USERS, analyses: ANALYSES, measured: accounts });
      } finally {
        await client.end();
      }
    } else {
      counts = await seed(pgliteSql(database.handle.pglite!), { users: USERS, analyses: ANALYSES, measured: accounts });
    }
    const seedMs = performance.now() - seedStart;
    log(`${mode}: semeado em ${(seedMs / 1000).toFixed(1)} s (${(counts.bytes / 1e6).toFixed(0)} MB)`);

    const results: EndpointResult[] = [];
    for (const endpoint of ENDPOINTS) {
      if (!app.hasRoute({ method: endpoint.method, url: endpoint.url })) {
        results.push({ endpoint, missing: 'rota ainda não existe' });
        log(`${mode}: ${endpoint.url} não existe; pulando`);
        continue;
      }
      // Record what each (account, variant) request runs, through real HTTP.
      const recorded: RecordedRequest[] = [];
      let failure: string | undefined;
      for (const variant of endpoint.variants) {
        for (const account of accounts) {
          const { result, statements } = await recorder.record(async (recordHeaders) => {
            const res = await fetch(`${base}${variant}`, { headers: { cookie: account.cookie, ...recordHeaders } });
            return { status: res.status, body: await res.text() };
          });
          if (result.status !== 200) failure ??= `${variant}: HTTP ${result.status} ${result.body.slice(0, 200)}`;
          recorded.push({ path: variant, cookie: account.cookie, statements, groups: groupByOverlap(statements), bytes: Buffer.byteLength(result.body) });
        }
      }
      if (failure) {
        results.push({ endpoint, missing: failure });
        log(`${mode}: ${failure}; pulando`);
        continue;
      }
      const loadJob = (connections: number, durationSeconds: number): LoadJob => ({
        url: base,
        connections,
        durationSeconds,
        requests: recorded.map((r) => ({ path: r.path, cookie: r.cookie })),
      });
      log(`${mode}: ${endpoint.url} sob carga (${CONNECTIONS} conexões, ${DURATION} s)`);
      await runLoad(loadJob(CONNECTIONS, WARMUP));
      await drain();
      const load = await runLoad(loadJob(CONNECTIONS, DURATION));
      await drain();
      // Closed-loop latency is connections ÷ throughput, whatever the code: p99 is also read at half
      // the saturated rate, where it says how long a request waits when the server is not flooded.
      const pacedRate = Math.max(1, Math.round(load.rps / 2));
      const paced = await runLoad({ ...loadJob(CONNECTIONS, PACED_DURATION), overallRate: pacedRate });
      await drain();
      const solo = await runLoad(loadJob(1, SOLO_DURATION));
      log(`${mode}: ${endpoint.url} piso SQL`);
      await closedLoop(CONNECTIONS, WARMUP, recorded, (r) => direct.run(r));
      const floorStats = await closedLoop(CONNECTIONS, DURATION, recorded, (r) => direct.run(r));
      const floorSolo = await closedLoop(1, SOLO_DURATION, recorded, (r) => direct.run(r));
      const floorData = await closedLoop(CONNECTIONS, SOLO_DURATION, recorded, (r) => direct.run(r, (s) => !isAuthStatement(s)));
      const sample = recorded[recorded.length - 1]!;
      const result: EndpointResult = {
        endpoint,
        load,
        paced: { ...paced, rate: pacedRate },
        solo,
        floor: floorStats,
        floorSolo,
        floorData,
        statements: { auth: sample.statements.filter(isAuthStatement).length, data: sample.statements.filter((s) => !isAuthStatement(s)).length },
        bytes: Math.round(recorded.reduce((n, r) => n + r.bytes, 0) / recorded.length),
      };
      if (flags.explain) {
        // The heavy account (the largest share of rows), every variant, each distinct statement once.
        result.explain = [];
        const seen = new Set<string>();
        for (const r of recorded.filter((x) => x.cookie === accounts[10]!.cookie)) {
          for (const st of r.statements.filter((x) => !isAuthStatement(x))) {
            const key = `${st.text}\n${JSON.stringify(st.values)}`;
            if (seen.has(key)) continue;
            seen.add(key);
            result.explain.push(`-- ${r.path}`, st.text, `-- params: ${JSON.stringify(st.values)}`, ...(await direct.explain(st)), '');
          }
        }
      }
      results.push(result);
    }
    return { mode, version: database.version, settings: database.settings, counts, seedMs, results, totalMs: performance.now() - started };
  } finally {
    recorder?.close();
    await floor?.close();
    await app?.close();
    await runtime?.close();
    await database.handle.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '–' : v < 10 ? v.toFixed(2) : v.toFixed(1));
const int = (v: number) => Math.round(v).toLocaleString('pt-BR');
/** Failed requests by cause: '0', '12 (HTTP 401: 12)', '5 (sem resposta em 10 s: 5)'. */
const failures = (r: LoadResult) => {
  const bad = Object.entries(r.statusCodes).filter(([code]) => !code.startsWith('2'));
  const other = r.errors - r.timeouts;
  const detail = [
    ...bad.map(([code, count]) => `HTTP ${code}: ${count}`),
    ...(r.timeouts ? [`sem resposta em 10 s: ${r.timeouts}`] : []),
    ...(other ? [`erros de conexão: ${other}`] : []),
  ].join(', ');
  const n = r.non2xx + r.errors;
  return n ? `${n} (${detail})` : '0';
};

function printReport(report: ModeReport) {
  const { counts } = report;
  console.log(`\n## ${report.mode} — ${report.version}\n`);
  console.log(`${report.settings}.`);
  console.log(
    `Dados: ${int(counts.users)} usuários, ${int(counts.properties)} imóveis, ${int(counts.documents)} documentos, ${int(counts.analyses)} análises, ` +
      `${int(counts.runs)} execuções (${(counts.bytes / 1e6).toFixed(0)} MB em disco); semeado em ${(report.seedMs / 1000).toFixed(1)} s.\n`,
  );
  const isPg = report.mode === 'PostgreSQL';
  const yes = (ok: boolean) => (ok ? 'sim' : 'não');
  const p99Target = (v: number) => (isPg ? yes(v < TARGET_P99_MS) : 'n/a');
  console.log(
    `Saturado: ${CONNECTIONS} conexões em laço fechado por ${DURATION} s; piso: as mesmas instruções SQL, mesmos parâmetros, ${CONNECTIONS} chamadores ` +
      `concorrentes. Razão = vazão do piso ÷ vazão do endpoint (com a mesma concorrência, o mesmo que latência média ÷ latência média do piso).\n`,
  );
  console.log(`| endpoint | req/s | p50 (ms) | p99 (ms) | não-2xx | piso req/s | piso p50 | piso p99 | razão | ≤ ${TARGET_RATIO}× | p99 < ${TARGET_P99_MS} ms |`);
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
  for (const r of report.results) {
    if (!r.load || !r.floor) {
      console.log(`| ${r.endpoint.label} | – | – | – | – | – | – | – | – | não medido: ${r.missing} | |`);
      continue;
    }
    const ratio = r.floor.rps / r.load.rps;
    console.log(
      `| ${r.endpoint.label} | ${int(r.load.rps)} | ${ms(r.load.p50)} | ${ms(r.load.p99)} | ${failures(r.load)} | ${int(r.floor.rps)} | ` +
        `${ms(r.floor.p50)} | ${ms(r.floor.p99)} | ${ratio.toFixed(2)}× | ${yes(ratio <= TARGET_RATIO)} | ${p99Target(r.load.p99)} |`,
    );
  }
  console.log(
    `\nRitmo fixo, metade da vazão saturada: laço aberto, requisições igualmente espaçadas sobre até ${CONNECTIONS} conexões, ` +
      `latência contada do instante previsto (${PACED_DURATION} s):\n`,
  );
  console.log(`| endpoint | ritmo (req/s) | p50 (ms) | p99 (ms) | não-2xx | p99 < ${TARGET_P99_MS} ms |`);
  console.log('|---|---:|---:|---:|---:|---|');
  for (const r of report.results) {
    if (!r.paced) continue;
    console.log(`| ${r.endpoint.label} | ${int(r.paced.rate)} | ${ms(r.paced.p50)} | ${ms(r.paced.p99)} | ${failures(r.paced)} | ${p99Target(r.paced.p99)} |`);
  }
  console.log('\nUma conexão (latência sem fila; piso = as mesmas instruções, um chamador) e composição de cada requisição:\n');
  console.log('| endpoint | p50 HTTP (ms) | p50 piso (ms) | razão | instruções (sessão + endpoint) | piso só do endpoint, concorrente: req/s · p50 | resposta (bytes) |');
  console.log('|---|---:|---:|---:|---|---|---:|');
  for (const r of report.results) {
    if (!r.solo || !r.floorSolo || !r.floorData || !r.statements) continue;
    console.log(
      `| ${r.endpoint.label} | ${ms(r.solo.p50)} | ${ms(r.floorSolo.p50)} | ${(r.solo.p50 / r.floorSolo.p50).toFixed(2)}× | ${r.statements.auth} + ${r.statements.data} | ` +
        `${int(r.floorData.rps)} · ${ms(r.floorData.p50)} | ${int(r.bytes ?? 0)} |`,
    );
  }
  for (const r of report.results) {
    if (!r.explain) continue;
    console.log(`\n### EXPLAIN ANALYZE — ${r.endpoint.label} (conta pesada)\n\n\`\`\`\n${r.explain.join('\n')}\n\`\`\``);
  }
  console.log(`\nTempo total (${report.mode}): ${(report.totalMs / 1000).toFixed(0)} s`);
}

async function main() {
  const started = performance.now();
  console.log(`# API sob carga (bench:api)\n`);
  console.log(
    `Máquina: ${cpus().length} núcleos (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB; Node ${process.version}; ` +
      `carga média ao começar ${loadavg()[0]!.toFixed(1)} (outros processos da máquina também contam).`,
  );
  const modes: ('postgres' | 'pglite')[] = flags['pglite-only'] ? ['pglite'] : flags['pg-only'] ? ['postgres'] : ['postgres', 'pglite'];
  for (const kind of modes) {
    const report = await runMode(kind);
    if (report) printReport(report);
  }
  console.log(`\nDuração do bench: ${((performance.now() - started) / 1000).toFixed(0)} s; carga média nos últimos 5 min: ${loadavg()[1]!.toFixed(1)}.`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
