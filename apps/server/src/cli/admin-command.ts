import { sql } from 'drizzle-orm';
import type { Database } from '@viabiliza/db/client';
import { CHANNEL, type RealtimeEvent } from '../realtime/event-hub.ts';
import { findUserByEmail, listUsers, setUserRole } from '../modules/auth/users.repository.ts';
import { insertAudit } from '../modules/audit/audit.repository.ts';

export const ADMIN_USAGE = 'Uso: npm run admin -- grant <email> | revoke <email> | list';

export class AdminCommandError extends Error {}

/** grant / revoke the admin role, or list accounts; returns the lines to print. */
export async function runAdminCommand(db: Database, command: string | undefined, emailArg?: string): Promise<string[]> {
  if (command === 'list') {
    return (await listUsers(db)).map((u) => `${u.role.padEnd(5)}  ${u.email}  ${u.fullName}`);
  }
  if (command !== 'grant' && command !== 'revoke') throw new AdminCommandError(ADMIN_USAGE);
  const email = emailArg?.trim().toLowerCase();
  if (!email) throw new AdminCommandError(ADMIN_USAGE);
  const user = await findUserByEmail(db, email);
  if (!user) throw new AdminCommandError(`Nenhuma conta com o e-mail ${email}. A pessoa precisa criar a conta primeiro.`);
  const role = command === 'grant' ? 'admin' : 'user';
  await setUserRole(db, user.id, role);
  // A running server (PostgreSQL) re-scopes this user's open event streams to the new role at once.
  const event: RealtimeEvent = { userId: user.id, kind: 'user-changed', id: user.id };
  await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(event)})`);
  await insertAudit(db, {
    userId: user.id,
    action: command === 'grant' ? 'role_grant' : 'role_revoke',
    resource: 'user',
    success: true,
    details: { role, source: 'cli' },
    userAgent: 'viabiliza-cli',
  });
  return [`${email}: papel ${role}`];
}
