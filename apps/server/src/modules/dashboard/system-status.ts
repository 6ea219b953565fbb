import { constants } from 'node:fs';
import { access, mkdir, statfs } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { SystemCheck, SystemCheckStatus } from '@viabiliza/contracts/dashboard';
import type { AppContext } from '../../context.ts';
import { aiConfigOf, listProviders } from '../ai/provider-registry.ts';

/**
 * The dashboard's system status list (spec 01 §2 'Visão Geral', 'Performance'): real checks run at
 * request time, never fixed badges. The database check is the round trip of GET /api/health/db; the
 * others look at the queue, the disk under DATA_DIR and the analysis providers of this instance.
 */

/** A check slower than this is reported as down rather than holding the dashboard. */
const CHECK_TIMEOUT_MS = 3000;
/** A database round trip slower than this is reported as degraded. */
const SLOW_DATABASE_MS = 1000;
/** Less free disk than this under DATA_DIR is reported as degraded (uploads would soon fail). */
const LOW_DISK_BYTES = 1024 ** 3;

const decimal = (value: number, digits = 1) =>
  new Intl.NumberFormat('pt-BR', { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

export function withTimeout<T>(work: Promise<T>, ms = CHECK_TIMEOUT_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`sem resposta em ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

type Probe = () => Promise<{ status: SystemCheckStatus; detail: string }>;

async function run(log: FastifyBaseLogger, id: string, label: string, probe: Probe): Promise<SystemCheck> {
  try {
    return { id, label, ...(await withTimeout(probe())) };
  } catch (err) {
    log.warn({ err, check: id }, 'system check failed');
    return { id, label, status: 'down', detail: 'Sem resposta' };
  }
}

function uptime(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} d ${hours % 24} h`;
}

export function checkSystem(ctx: AppContext, log: FastifyBaseLogger): Promise<SystemCheck[]> {
  return Promise.all([
    // Answering this request is the check of GET /api/health.
    run(log, 'api', 'Servidor da API', async () => ({
      status: 'operational',
      detail: `Node ${process.version} · no ar há ${uptime(process.uptime())}`,
    })),

    run(log, 'database', 'Banco de dados', async () => {
      const started = performance.now();
      await ctx.db.execute(sql`select 1`);
      const ms = performance.now() - started;
      const kind = ctx.database.kind === 'pglite' ? 'PGlite (embutido)' : 'PostgreSQL';
      return { status: ms > SLOW_DATABASE_MS ? 'degraded' : 'operational', detail: `${kind} · ${decimal(ms)} ms` };
    }),

    run(log, 'queue', 'Fila de tarefas', async () => {
      const queues = await ctx.queue.boss.getQueues();
      const sum = (key: 'readyCount' | 'activeCount' | 'failedCount') => queues.reduce((n, q) => n + (q[key] ?? 0), 0);
      const failed = sum('failedCount');
      return {
        status: 'operational',
        detail: `${sum('readyCount')} na fila · ${sum('activeCount')} em execução${failed ? ` · ${failed} com falha` : ''}`,
      };
    }),

    run(log, 'storage', 'Armazenamento de arquivos', async () => {
      const dir = ctx.config.dataDir;
      await mkdir(dir, { recursive: true });
      await access(dir, constants.R_OK | constants.W_OK);
      const fs = await statfs(dir);
      const free = fs.bavail * fs.bsize;
      // With a bucket, DATA_DIR still receives every upload before it is checked and sent.
      const where = ctx.storage.kind === 's3' ? `${ctx.storage.describe()} · disco local` : 'Disco local';
      return {
        status: free < LOW_DISK_BYTES ? 'degraded' : 'operational',
        detail: `${where} · ${decimal(free / 1024 ** 3)} GB livres`,
      };
    }),

    run(log, 'providers', 'Motor de análise e IA', async () => {
      const configured = listProviders(aiConfigOf(ctx)).filter((p) => p.configured);
      // The built-in engine runs in this process and is always configured: analyses never stop for want of a provider.
      return { status: 'operational', detail: configured.map((p) => p.name).join(', ') };
    }),
  ]);
}
