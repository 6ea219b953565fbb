import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { BACKUP_MESSAGES } from '@viabiliza/contracts/backup';
import { BACKUP_PASSWORD_PROTECTION } from '@viabiliza/contracts/rate-limits';
import { account, backupMetadata, notifications, properties, propertyDocuments, securityAudit, user } from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';
import { setUserRole } from '../auth/users.repository.ts';
import { ADMIN_EMAIL, PASSWORD, createTestApp, eventually, multipartBody, signUp, type TestApp } from '../../../test/helper.ts';
import { BACKUP_TABLES } from './backup-tables.ts';
import { applyBackupRetention, latestSuccessfulBackup, restoreArchive, runBackup, scheduledBackup } from './backup.service.ts';
import { insertBackup } from './backup.repository.ts';
import { BACKUP_CRYPTO_MESSAGES } from './backup-crypto.ts';

const QUESTIONNAIRE = {
  address: 'Rua dos Pinheiros, 1000, apto 82',
  city: 'São Paulo',
  state: 'SP',
  propertyType: 'apartamento',
  usableArea: '80',
  targetValue: '800.000,00',
  monthlyRent: '4.500',
};
const MATRICULA = 'REGISTRO DE IMÓVEIS - MATRÍCULA Nº 45.678. Apartamento nº 82, Rua dos Pinheiros, 1000, São Paulo/SP, área privativa de 80,00 m². Valor R$ 800.000,00.';
const IPTU = 'PREFEITURA DE CAMPINAS - IPTU 2026. Inscrição 123.456. Área construída 140,00 m². Valor venal R$ 512.300,00. ';

/** A plain .tar.gz as the archives were before encryption: refused. */
const gunzipSafe = () => Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0, 0x03, 0x03, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;
type Person = Awaited<ReturnType<typeof signUp>> & { docKeys: string[] };
const people: Person[] = [];

const get = (cookie: string, url: string) => t.app.inject({ url, headers: { cookie } });
const post = (cookie: string, url: string, payload: object) => t.app.inject({ method: 'POST', url, payload, headers: { cookie } });
const list = async () => (await get(admin.cookie, '/api/admin/backups')).json();
/** The password is asked again: a minute-long link, then the download itself. */
async function download(id: string) {
  const link = await post(admin.cookie, `/api/admin/backups/${id}/download-link`, { password: PASSWORD });
  expect(link.statusCode).toBe(200);
  return get(admin.cookie, link.json().url);
}
const storedArchive = async (id: string) => {
  const [row] = await t.database.db.select().from(backupMetadata).where(eq(backupMetadata.id, id));
  const chunks: Buffer[] = [];
  for await (const c of await t.runtime.ctx.storage.openRead(row!.storageKey!, 'backups')) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
};
/** This installation's generated key (DATA_DIR/keys/backup-key), as BACKUP_ENCRYPTION_KEY would give it to another one. */
const keyOf = (dataDir: string) => readFile(`${dataDir}/keys/backup-key`, 'utf8').then((k) => k.trim());

async function uploadAndAnalyse(cookie: string, file: { name: string; content: string | Buffer }, city: string) {
  const { payload, headers } = multipartBody([{ ...file, type: 'text/plain' }]);
  const up = await t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie } });
  expect(up.statusCode).toBe(201);
  const docId = up.json().documents[0].id as string;
  await eventually(async () => (await get(cookie, `/api/documents/${docId}`)).json().status === 'completed', 30_000);
  const run = await t.app.inject({ method: 'POST', url: '/api/analyses/runs', payload: { analysisType: 'financial', questionnaire: { ...QUESTIONNAIRE, city }, documentIds: [docId] }, headers: { cookie } });
  expect(run.statusCode).toBe(202);
  await eventually(async () => (await get(cookie, `/api/analyses/runs/${run.json().run.id}`)).json().run.status === 'completed', 30_000);
  return docId;
}

/** Every row of every backed-up table, as the database's own JSON, in primary-key order. */
async function dumpAll(db: Database) {
  const out: Record<string, string[]> = {};
  for (const table of BACKUP_TABLES) {
    const res = await db.execute(sql.raw(`select row_to_json(t)::text as j from "${table.name}" t order by ${table.primaryKey.map((c) => `"${c}"`).join(', ')}`));
    out[table.name] = (res as unknown as { rows: { j: string }[] }).rows.map((r) => r.j);
  }
  return out;
}

async function completedBackup(cookie: string) {
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie } });
  expect(res.statusCode).toBe(201);
  expect(res.json()).toMatchObject({ status: 'pending', trigger: 'manual' });
  const id = res.json().id as string;
  return eventually(async () => {
    const b = (await list()).backups.find((x: { id: string }) => x.id === id);
    return b && (b.status === 'completed' || b.status === 'failed') ? b : null;
  }, 30_000);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await signUp(t, { email: ADMIN_EMAIL });
  for (const [i, doc] of [{ name: 'matricula.txt', content: MATRICULA }, { name: 'iptu.txt', content: IPTU.repeat(50) }].entries()) {
    const p = await signUp(t, { fullName: `Pessoa ${i + 1}` });
    const docId = await uploadAndAnalyse(p.cookie, doc, i ? 'Campinas' : 'São Paulo');
    const [row] = await t.database.db.select({ key: propertyDocuments.storageKey }).from(propertyDocuments).where(eq(propertyDocuments.id, docId));
    people.push({ ...p, docKeys: [row!.key] });
  }
  // The welcome notifications come from a job: wait for them so the data is still while backed up.
  await eventually(async () => (await t.database.db.select().from(notifications)).length >= 5, 15_000);
}, 120_000);
afterAll(async () => t?.close());

describe('backup endpoints', () => {
  it('answer 401 anonymous and 403 to a non-admin', async () => {
    const user = people[0]!;
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [['GET', '/api/admin/backups'], ['POST', '/api/admin/backups'], ['GET', `/api/admin/backups/${id}/download`], ['POST', `/api/admin/backups/${id}/restore`]] as const) {
      expect((await t.app.inject({ method, url })).statusCode).toBe(401);
      expect((await t.app.inject({ method, url, headers: { cookie: user.cookie } })).statusCode).toBe(403);
    }
    expect((await list()).backups).toEqual([]);
  });

  it('backs up two people’s data and files, and restores it into an empty database row for row and byte for byte', async () => {
    const before = await dumpAll(t.database.db);
    expect(before.property_analyses).toHaveLength(2);
    expect(before.property_documents).toHaveLength(2);

    const b = await completedBackup(admin.cookie);
    expect(b.status).toBe('completed');
    expect(b.errorMessage).toBeNull();
    expect(b.backupSize).toBeGreaterThan(0);
    expect(b.originalSize).toBeGreaterThan(b.backupSize);
    expect(b.compressionRatio).toBeCloseTo(b.originalSize / b.backupSize, 1);
    expect(b.fileCount).toBe(2);
    expect(b.rowCounts).toEqual(Object.fromEntries(Object.entries(before).map(([k, v]) => [k, v.length])));
    expect(b.tablesIncluded).toEqual(expect.arrayContaining(['user', 'properties', 'property_analyses', 'property_documents', 'notifications']));
    const listing = await list();
    expect(listing.totals).toMatchObject({ count: 1, spaceUsed: b.backupSize, lastCompletedAt: b.completedAt });
    expect(listing.schedule).toMatchObject({ cron: '0 2 * * *', retentionDays: 30 });
    expect((await latestSuccessfulBackup(t.database.db))?.id).toBe(b.id);

    const downloaded = await download(b.id);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.headers['content-disposition']).toBe(`attachment; filename="${b.backupName}.tar.gz.enc"`);
    expect(downloaded.rawPayload.length).toBe(b.backupSize);
    expect(downloaded.rawPayload.equals(await storedArchive(b.id))).toBe(true);

    // Another installation restores it with the same key.
    const empty = await createTestApp({ backupEncryptionKey: await keyOf(t.runtime.ctx.config.dataDir) });
    try {
      const restored = await restoreArchive(empty.runtime.ctx, Readable.from([downloaded.rawPayload]), null);
      expect(restored.files).toBe(2);
      expect(await dumpAll(empty.database.db)).toEqual(before);
      for (const p of people) {
        for (const key of p.docKeys) {
          const original = await readFile(`${t.runtime.ctx.config.dataDir}/uploads/${key}`);
          const copy = await empty.runtime.ctx.storage.withLocalCopy(key, (path) => readFile(path));
          expect(copy.equals(original)).toBe(true);
        }
        // Password hashes came back too: the person signs in on the restored installation.
        const signIn = await empty.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: p.email, password: PASSWORD } });
        expect(signIn.statusCode).toBe(200);
      }
    } finally {
      await empty.close();
    }

    const actions = await t.database.db.select().from(securityAudit).where(eq(securityAudit.userId, admin.user.id));
    expect(actions.filter((a) => a.action === 'backup_create' && a.success)).toHaveLength(1);
    expect(actions.filter((a) => a.action === 'backup_download' && a.success)).toHaveLength(1);
  }, 120_000);

  it('keeps the archive encrypted at rest: neither gzip nor tar, no password hash or document text in clear', async () => {
    const [b] = (await list()).backups;
    const archive = await storedArchive(b.id);
    expect(archive.subarray(0, 5)).toEqual(Buffer.from([...Buffer.from('VZBK'), 1]));
    expect(() => gunzipSync(archive)).toThrow();
    expect(archive.includes('ustar')).toBe(false);
    expect(archive.includes('manifest.json')).toBe(false);
    const hashes = await t.database.db.select({ password: account.password }).from(account);
    expect(hashes.length).toBeGreaterThan(0);
    for (const { password } of hashes) {
      for (const part of password!.split(':')) expect(archive.includes(part)).toBe(false);
    }
    expect(archive.includes('MATRÍCULA Nº 45.678')).toBe(false);
    expect(archive.includes(people[0]!.email)).toBe(false);
  });

  it('downloads only after the admin’s password: 403 without it, 400 when empty, 403 when wrong', async () => {
    const [b] = (await list()).backups;
    const bare = await get(admin.cookie, `/api/admin/backups/${b.id}/download`);
    expect(bare.statusCode).toBe(403);
    expect(bare.json().error.message).toBe(BACKUP_MESSAGES.downloadNeedsPassword);
    const forged = await get(admin.cookie, `/api/admin/backups/${b.id}/download?token=${Date.now() + 60_000}.${'A'.repeat(43)}`);
    expect(forged.statusCode).toBe(403);

    const empty = await post(admin.cookie, `/api/admin/backups/${b.id}/download-link`, { password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toContain(BACKUP_MESSAGES.passwordRequired);
    const missing = await post(admin.cookie, `/api/admin/backups/${b.id}/download-link`, {});
    expect(missing.statusCode).toBe(400);
    const wrong = await post(admin.cookie, `/api/admin/backups/${b.id}/download-link`, { password: 'Errada123!' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(BACKUP_MESSAGES.wrongPassword);

    const link = await post(admin.cookie, `/api/admin/backups/${b.id}/download-link`, { password: PASSWORD });
    expect(link.statusCode).toBe(200);
    expect(new Date(link.json().expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(60_000);
    // The link is this admin's: another admin's session cannot use it.
    const other = await signUp(t);
    await setUserRole(t.database.db, other.user.id, 'admin');
    expect((await get(other.cookie, link.json().url)).statusCode).toBe(403);
    // Gone again, so the restore test below compares with the backup's own accounts.
    await t.database.db.delete(user).where(eq(user.id, other.user.id));
    const ok = await get(admin.cookie, link.json().url);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['cache-control']).toBe('no-store');

    const audits = await t.database.db.select().from(securityAudit).where(eq(securityAudit.action, 'backup_download'));
    expect(audits.filter((a) => !a.success).map((a) => (a.details as { reason?: string }).reason).sort()).toEqual(['NO_PASSWORD', 'NO_PASSWORD', 'NO_PASSWORD', 'WRONG_PASSWORD']);
  });

  it('budgets wrong passwords per admin account, whatever the address: 8 guesses from 8 addresses end in 429', async () => {
    const [b] = (await list()).backups;
    const guesser = await signUp(t);
    await setUserRole(t.database.db, guesser.user.id, 'admin');
    const codes: number[] = [];
    let refused: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/admin/backups/${b.id}/download-link`,
        payload: { password: `Errada${i}23!` },
        headers: { cookie: guesser.cookie },
        remoteAddress: `203.0.113.${i + 1}`,
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) refused = res;
    }
    expect(codes).toEqual([...Array(BACKUP_PASSWORD_PROTECTION.failures).fill(403), ...Array(8 - BACKUP_PASSWORD_PROTECTION.failures).fill(429)]);
    expect(refused!.json().error).toEqual({ code: 'RATE_LIMITED', message: BACKUP_MESSAGES.tooManyWrongPasswords });
    const retryAfter = Number(refused!.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(BACKUP_PASSWORD_PROTECTION.windowMs / 1000);
    // Even the right password now waits, from yet another address; the key and restore re-prompts too.
    const right = await t.app.inject({ method: 'POST', url: `/api/admin/backups/${b.id}/download-link`, payload: { password: PASSWORD }, headers: { cookie: guesser.cookie }, remoteAddress: '198.51.100.99' });
    expect(right.statusCode).toBe(429);
    expect((await post(guesser.cookie, '/api/admin/backups/key', { password: PASSWORD })).statusCode).toBe(429);
    // Another admin's account is not held back.
    const otherAdmin = await t.app.inject({ method: 'POST', url: `/api/admin/backups/${b.id}/download-link`, payload: { password: PASSWORD }, headers: { cookie: admin.cookie }, remoteAddress: '198.51.100.98' });
    expect(otherAdmin.statusCode).toBe(200);
    // Gone again, so the restore test below compares with the backup's own accounts.
    await t.database.db.delete(user).where(eq(user.id, guesser.user.id));
  }, 90_000);

  it('shows the generated key once, after the password, and says so afterwards', async () => {
    const before = (await list()).encryption;
    expect(before).toMatchObject({ algorithm: 'AES-256-GCM', source: 'generated', shownAt: null });
    expect(before.fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect((await post(admin.cookie, '/api/admin/backups/key', { password: 'Errada123!' })).statusCode).toBe(403);

    const shown = await post(admin.cookie, '/api/admin/backups/key', { password: PASSWORD });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ key: await keyOf(t.runtime.ctx.config.dataDir), fingerprint: before.fingerprint });
    const again = await post(admin.cookie, '/api/admin/backups/key', { password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(BACKUP_MESSAGES.keyAlreadyShown);
    expect((await list()).encryption.shownAt).toBe(shown.json().shownAt);
  });

  it('restores over changed data after the confirmation and the password, verified, notified and audited, and removes the files of removed rows', async () => {
    const [b] = (await list()).backups;
    const before = await dumpAll(t.database.db);
    const owner = people[0]!;
    await t.database.db.delete(properties).where(eq(properties.userId, owner.user.id));
    const newcomer = await signUp(t);
    // A file uploaded after the backup: its row goes with the restore, and so must its original.
    const { payload, headers } = multipartBody([{ name: 'depois.txt', content: MATRICULA, type: 'text/plain' }]);
    const up = await t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie: newcomer.cookie } });
    expect(up.statusCode).toBe(201);
    const lateDoc = up.json().documents[0].id as string;
    await eventually(async () => (await get(newcomer.cookie, `/api/documents/${lateDoc}`)).json().status === 'completed', 30_000);
    const [late] = await t.database.db.select({ key: propertyDocuments.storageKey }).from(propertyDocuments).where(eq(propertyDocuments.id, lateDoc));
    await expect(t.runtime.ctx.storage.openRead(late!.key, 'uploads')).resolves.toBeTruthy();

    const url = `/api/admin/backups/${b.id}/restore`;
    expect((await post(admin.cookie, url, { password: PASSWORD })).statusCode).toBe(400);
    const noPassword = await post(admin.cookie, url, { confirm: true });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().error.details).toContain(BACKUP_MESSAGES.passwordRequired);
    const wrong = await post(admin.cookie, url, { confirm: true, password: 'Errada123!' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(BACKUP_MESSAGES.wrongPassword);
    expect((await dumpAll(t.database.db)).user!.some((u) => u.includes(newcomer.user.id))).toBe(true);

    const res = await post(admin.cookie, url, { confirm: true, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().rowCounts).toEqual(b.rowCounts);
    await expect(t.runtime.ctx.storage.openRead(late!.key, 'uploads')).rejects.toThrow();
    for (const key of people.flatMap((p) => p.docKeys)) await expect(t.runtime.ctx.storage.openRead(key, 'uploads')).resolves.toBeTruthy();
    const after = await dumpAll(t.database.db);
    for (const table of Object.keys(before)) {
      if (table === 'notifications') continue;
      expect(after[table], table).toEqual(before[table]);
    }
    expect(after.user!.some((u) => u.includes(newcomer.user.id))).toBe(false);
    // The owner's analysis is back in their history, and both sessions survived the restore.
    const ownerAnalysis = before.property_analyses!.map((j) => JSON.parse(j) as { id: string; user_id: string }).find((a) => a.user_id === owner.user.id)!;
    const history = await get(owner.cookie, '/api/analyses');
    expect(history.statusCode).toBe(200);
    expect(history.body).toContain(ownerAnalysis.id);
    expect((await get(admin.cookie, '/api/admin/backups')).statusCode).toBe(200);
    const notes = await t.database.db.select().from(notifications).where(eq(notifications.userId, admin.user.id));
    expect(notes.find((n) => n.title === 'Backup restaurado')?.message).toContain(`"${b.backupName}"`);
    const [row] = await t.database.db.select().from(backupMetadata).where(eq(backupMetadata.id, b.id));
    expect(row!.restoredAt).not.toBeNull();
    const audits = await t.database.db.select().from(securityAudit).where(eq(securityAudit.action, 'backup_restore'));
    expect(audits.map((a) => [a.success, (a.details as { reason?: string }).reason ?? null])).toEqual(expect.arrayContaining([[false, 'WRONG_PASSWORD'], [true, null]]));
    expect(audits.find((a) => a.success)?.details).toMatchObject({ removedFiles: 1 });
  }, 60_000);

  it('refuses, with a clear Portuguese error and nothing changed, an archive encrypted under another key or altered', async () => {
    const [b] = (await list()).backups;
    const archive = await storedArchive(b.id);
    const before = await dumpAll(t.database.db);
    const ctx = t.runtime.ctx;
    const ownKey = ctx.config.backupEncryptionKey;
    ctx.config.backupEncryptionKey = randomBytes(32).toString('base64');
    try {
      const res = await post(admin.cookie, `/api/admin/backups/${b.id}/restore`, { confirm: true, password: PASSWORD });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(BACKUP_CRYPTO_MESSAGES.wrongKey);
    } finally {
      ctx.config.backupEncryptionKey = ownKey;
    }
    const flipped = Buffer.from(archive);
    flipped[Math.floor(flipped.length / 2)]! ^= 0x01;
    await expect(restoreArchive(ctx, Readable.from([flipped]), admin.user.id)).rejects.toThrow(BACKUP_CRYPTO_MESSAGES.tampered);
    await expect(restoreArchive(ctx, Readable.from([archive.subarray(0, archive.length - 5)]), admin.user.id)).rejects.toThrow(BACKUP_CRYPTO_MESSAGES.tampered);
    await expect(restoreArchive(ctx, Readable.from([gunzipSafe()]), admin.user.id)).rejects.toThrow(BACKUP_CRYPTO_MESSAGES.notEncrypted);
    expect(await dumpAll(t.database.db)).toEqual(before);
  }, 60_000);

  it('retention deletes a 31-day-old backup and its archive, and keeps a recent one', async () => {
    const old = await insertBackup(t.database.db, { backupName: 'antigo', tablesIncluded: ['user'], trigger: 'scheduled', createdBy: null });
    await runBackup(t.runtime.ctx, old.id);
    const [oldRow] = await t.database.db.update(backupMetadata).set({ createdAt: new Date(Date.now() - 31 * 86_400_000) }).where(eq(backupMetadata.id, old.id)).returning();
    expect(oldRow!.status).toBe('completed');
    await expect(t.runtime.ctx.storage.openRead(oldRow!.storageKey!, 'backups')).resolves.toBeTruthy();

    expect(await applyBackupRetention(t.runtime.ctx)).toBe(1);
    expect(await t.database.db.select().from(backupMetadata).where(eq(backupMetadata.id, old.id))).toEqual([]);
    await expect(t.runtime.ctx.storage.openRead(oldRow!.storageKey!, 'backups')).rejects.toThrow();
    expect((await list()).backups).toHaveLength(1);
  }, 60_000);

  it('security check “Backup recente” passes with a backup under 24 h and fails when it is older', async () => {
    const check = async () => (await get(admin.cookie, '/api/admin/security')).json().checks.find((c: { id: string }) => c.id === 'backup');
    expect((await check()).status).toBe('pass');
    await t.database.db.update(backupMetadata).set({ completedAt: new Date(Date.now() - 25 * 3600_000) });
    expect((await check()).status).toBe('fail');
  });

  it('the daily backup is scheduled at 02:00 on the queue, and its run makes a scheduled backup', async () => {
    const schedules = await t.runtime.ctx.queue.boss.getSchedules('backup');
    expect(schedules.map((s) => s.cron)).toEqual(['0 2 * * *']);
    await scheduledBackup(t.runtime.ctx);
    const [newest] = (await list()).backups;
    expect(newest).toMatchObject({ trigger: 'scheduled', status: 'completed', createdBy: null });
  }, 60_000);

  it('a backup that cannot read a stored file fails and stores the reason', async () => {
    const other = await signUp(t);
    await setUserRole(t.database.db, other.user.id, 'admin');
    await t.runtime.ctx.storage.remove(people[1]!.docKeys[0]!);
    const b = await completedBackup(other.cookie);
    expect(b.status).toBe('failed');
    expect(b.errorMessage).toMatch(/^Arquivo do documento .+ ausente no armazenamento/);
    expect(b.progress).toBeNull();
  }, 60_000);
});
