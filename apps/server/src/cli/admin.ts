/**
 * npm run admin -- grant <email> | revoke <email> | list
 * Grants roles on the server side, outside the web app (DESIGN.md: first admins by CLI or ADMIN_EMAILS).
 */
import { join, resolve } from 'node:path';
import { openDatabase } from '@viabiliza/db/client';
import { lockDataDir } from '@viabiliza/db/data-dir-lock';
import { loadEnv } from '../config/env.ts';
import { migrationsFolder } from '../bootstrap.ts';
import { runAdminCommand } from './admin-command.ts';

async function main([command, email]: string[]) {
  const env = loadEnv();
  const dataDir = resolve(env.DATA_DIR);
  const release = env.DATABASE_URL ? () => {} : lockDataDir(dataDir);
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 1 })
    : await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
  try {
    await database.migrate(migrationsFolder());
    for (const line of await runAdminCommand(database.db, command, email)) console.log(line);
  } finally {
    await database.close();
    release();
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
