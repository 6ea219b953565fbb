import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataDirLockedError } from '@viabiliza/db/data-dir-lock';
import { loadEnv, EnvError } from './config/env.ts';
import { createRuntime } from './bootstrap.ts';
import { buildApp } from './app.ts';
import { buildWorkerApp } from './worker-app.ts';
import { serverLogs, teeToRing } from './modules/logs/log-ring.ts';
import { explainStartupError } from './lib/disk-full.ts';
import { openForStart } from './lib/read-only.ts';
import { prepareBackupKey } from './modules/backup/backup-crypto.ts';

const started = performance.now();
/**
 * From SIGTERM to exit, whatever is still running: under the 10 s an orchestrator usually waits
 * (Docker's default) before it kills.
 */
const SHUTDOWN_DEADLINE_MS = 9_000;
/** Requests still open this long after SIGTERM (an event stream, a slow download) are cut. */
const CONNECTION_GRACE_MS = 2_000;
const here = dirname(fileURLToPath(import.meta.url));

async function main() {
  const env = loadEnv();
  const webDist = resolve(here, '../../web/dist');
  // A full disk under DATA_DIR starts the server read-only instead of failing the start (lib/read-only.ts).
  const { config, database, release, readOnly } = await openForStart(env, { webDist, seedDump: join(here, 'pglite-seed.tar.gz') });

  serverLogs.resize(env.LOG_BUFFER_LINES);
  const logger = { level: env.LOG_LEVEL, stream: teeToRing(process.stdout) };
  // eslint-disable-next-line prefer-const -- assigned once the runtime is up; the error callback may run before
  let app: Awaited<ReturnType<typeof buildApp>> | Awaited<ReturnType<typeof buildWorkerApp>> | undefined;
  const role = env.VIABILIZA_ROLE;
  // Migrations run under an advisory lock: instances starting together take turns.
  const runtime = await createRuntime(config, database, {
    // Read-only: no jobs (they write files and rows).
    work: role !== 'web' && !readOnly,
    onError: (err) => (app ? app.log.error({ err }, 'background error') : console.error(err)),
  });
  app = role === 'worker' ? await buildWorkerApp(runtime.ctx, { logger }) : await buildApp(runtime.ctx, { logger });
  if (readOnly) {
    app.log.error(
      { dataDir: config.dataDir, reason: readOnly },
      `MODO SOMENTE LEITURA: ${readOnly} Consultas funcionam; envios e alterações respondem 503 até que haja espaço e o servidor seja reiniciado.`,
    );
  }
  try {
    if (!readOnly) prepareBackupKey(config, app.log);
  } catch (err) {
    // Backups will say what is wrong when they run; the server itself does not need the key.
    app.log.error({ err }, 'chave de backup: não foi possível preparar o arquivo');
  }
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    { database: database.kind, role, startupMs: Math.round(performance.now() - started), url: config.publicUrl },
    role === 'worker' ? `Viabiliza (worker) pronto; saúde em http://${env.HOST}:${env.PORT}/api/health` : `Viabiliza pronto em ${config.publicUrl}`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing || !app) return;
    closing = true;
    const server = app;
    server.log.info({ signal }, 'encerrando');
    const forced = setTimeout(() => {
      server.log.warn({ signal, afterMs: SHUTDOWN_DEADLINE_MS }, 'encerramento forçado: ainda havia trabalho em andamento');
      release();
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    try {
      // Stop listening and stop taking jobs at once. Running requests get a grace period, then
      // their connections are cut (an open event stream never ends by itself); running jobs get the
      // queue's graceful timeout, after which pg-boss fails them back to the queue for a retry
      // elsewhere (queue.ts).
      const cut = setTimeout(() => server.server.closeAllConnections(), CONNECTION_GRACE_MS);
      await Promise.all([server.close().finally(() => clearTimeout(cut)), runtime.ctx.queue.stop()]);
      await runtime.close();
      await database.close();
    } catch (err) {
      server.log.error({ err }, 'falha ao encerrar');
    }
    clearTimeout(forced);
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  // A full disk says so, instead of the embedded database's 'PGlite failed to initialize properly'.
  const diskFull = explainStartupError(err, process.env.DATA_DIR || './data');
  console.error(diskFull ?? (err instanceof EnvError || err instanceof DataDirLockedError ? err.message : err));
  process.exit(1);
});
