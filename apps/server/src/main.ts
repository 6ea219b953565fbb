import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DataDirLockedError, lockDataDir } from '@viabiliza/db/data-dir-lock';
import { openDatabase } from '@viabiliza/db/client';
import { loadEnv, EnvError } from './config/env.ts';
import { appConfigFromEnv } from './config/app-config.ts';
import { createRuntime } from './bootstrap.ts';
import { buildApp } from './app.ts';
import { ensureDemoAccount } from './modules/auth/auth.service.ts';
import { seedDemoAccount } from './modules/analyses/demo-seed.ts';
import { serverLogs, teeToRing } from './modules/logs/log-ring.ts';

const started = performance.now();
const here = dirname(fileURLToPath(import.meta.url));

async function main() {
  const env = loadEnv();
  const webDist = resolve(here, '../../web/dist');
  const config = appConfigFromEnv(env, webDist);

  const release = env.DATABASE_URL ? () => {} : lockDataDir(config.dataDir);
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'pglite', dataDir: join(config.dataDir, 'db'), seedDump: join(here, 'pglite-seed.tar.gz') });

  serverLogs.resize(env.LOG_BUFFER_LINES);
  const logger = { level: env.LOG_LEVEL, stream: teeToRing(process.stdout) };
  // eslint-disable-next-line prefer-const -- assigned once the runtime is up; the error callback may run before
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  const runtime = await createRuntime(config, database, {
    work: true,
    onError: (err) => (app ? app.log.error({ err }, 'background error') : console.error(err)),
  });
  await ensureDemoAccount(runtime.ctx);
  await seedDemoAccount(runtime.ctx);
  app = await buildApp(runtime.ctx, { logger });
  await app.listen({ port: env.PORT, host: env.HOST });
  app.log.info(
    { database: database.kind, startupMs: Math.round(performance.now() - started), url: config.publicUrl },
    `Viabiliza pronto em ${config.publicUrl}`,
  );

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app?.log.info({ signal }, 'encerrando');
    await app?.close();
    await runtime.close();
    await database.close();
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  console.error(err instanceof EnvError || err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
});
