/**
 * npm run admin -- grant <email> | revoke <email> | list
 * Grants roles on the server side, outside the web app (DESIGN.md: first admins by CLI or ADMIN_EMAILS).
 */
import { join } from 'node:path';
import { openDatabase } from '@viabiliza/db/client';
import { lockDataDir } from '@viabiliza/db/data-dir-lock';
import { loadEnv, EnvError } from '../config/env.ts';
import { migrationsFolder } from '../bootstrap.ts';
import { findUserByEmail, listUsers, setUserRole } from '../modules/auth/users.repository.ts';
import { insertAudit } from '../modules/audit/audit.repository.ts';
import { resolve } from 'node:path';

const usage = 'Uso: npm run admin -- grant <email> | revoke <email> | list';

async function main(argv: string[]) {
  const [command, emailArg] = argv;
  if (!command || !['grant', 'revoke', 'list'].includes(command)) throw new Error(usage);
  const env = loadEnv();
  const dataDir = resolve(env.DATA_DIR);
  const release = env.DATABASE_URL ? () => {} : lockDataDir(dataDir);
  const database = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL, poolSize: 1 })
    : await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'db') });
  try {
    await database.migrate(migrationsFolder());
    if (command === 'list') {
      for (const u of await listUsers(database.db)) console.log(`${u.role.padEnd(5)}  ${u.email}  ${u.fullName}`);
      return;
    }
    const email = emailArg?.trim().toLowerCase();
    if (!email) throw new Error(usage);
    const user = await findUserByEmail(database.db, email);
    if (!user) throw new Error(`Nenhuma conta com o e-mail ${email}. A pessoa precisa criar a conta primeiro.`);
    const role = command === 'grant' ? 'admin' : 'user';
    await setUserRole(database.db, user.id, role);
    await insertAudit(database.db, {
      userId: user.id,
      action: command === 'grant' ? 'role_grant' : 'role_revoke',
      resource: 'user',
      success: true,
      details: { role, source: 'cli' },
      userAgent: 'viabiliza-cli',
    });
    console.log(`${email}: papel ${role}`);
  } finally {
    await database.close();
    release();
  }
}

main(process.argv.slice(2)).catch((err) => {
  console.error(err instanceof EnvError || err instanceof Error ? err.message : err);
  process.exit(1);
});
