import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { notifications, propertyDocuments } from '@viabiliza/db/schema';
import { UPLOAD_MESSAGES } from '@viabiliza/contracts/documents';
import { createTestApp, eventually, signUp, type TestApp } from '../../../test/helper.ts';
import type { LocalStorage } from '../../storage/local-storage.ts';
import { insertDocument } from './documents.repository.ts';
import { recoverDocuments, sweepOrphanFiles } from './recovery.ts';

const DEED = 'ESCRITURA PÚBLICA DE COMPRA E VENDA. Matrícula nº 12.345 do 1º Registro de Imóveis. Área construída 120,50 m².';

let t: TestApp;
let user: { id: string };
const storage = () => t.runtime.ctx.storage as LocalStorage;
const past = new Date(Date.now() - 60_000);

/** A document as a killed process leaves it: a stored file, a row mid-extraction, no live job. */
async function leftBehind(status: 'uploaded' | 'processing', attempts: number) {
  const id = crypto.randomUUID();
  const storageKey = `${user.id}/${id}`;
  mkdirSync(join(t.runtime.ctx.config.dataDir, 'uploads', user.id), { recursive: true });
  writeFileSync(storage().path(storageKey), DEED);
  await insertDocument(t.runtime.ctx.db, { id, userId: user.id, fileName: `escritura-${attempts}.txt`, fileType: 'txt', fileSize: DEED.length, storageKey, sha256: 'b'.repeat(64), status, attempts });
  await t.runtime.ctx.db.update(propertyDocuments).set({ updatedAt: past }).where(eq(propertyDocuments.id, id));
  return id;
}
const statusOf = async (id: string) => (await t.runtime.ctx.db.select().from(propertyDocuments).where(eq(propertyDocuments.id, id)))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  ({ user } = await signUp(t));
});
afterAll(async () => t?.close());

describe('recovery after a crash', () => {
  it('queues again a document whose extraction died with the process, and it completes', async () => {
    const id = await leftBehind('processing', 1);
    expect(await recoverDocuments(t.runtime.ctx, new Date())).toMatchObject({ resumed: 1, failed: 0 });
    const done = await eventually(async () => {
      const row = await statusOf(id);
      return row.status === 'completed' ? row : null;
    }, 30_000);
    expect(done.extractedText).toContain('Matrícula nº 12.345');
  });

  it('ends in error with a notification a document that has used its attempts', async () => {
    const id = await leftBehind('processing', 3);
    expect(await recoverDocuments(t.runtime.ctx, new Date())).toMatchObject({ resumed: 0, failed: 1 });
    const row = await statusOf(id);
    expect(row.status).toBe('error');
    expect(row.errorMessage).toBe(UPLOAD_MESSAGES.interrupted);
    const notes = await t.runtime.ctx.db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(notes.filter((n) => n.message === UPLOAD_MESSAGES.interrupted)).toHaveLength(1);
  });

  it('leaves alone documents that are newer than the cutoff (another instance may be on them)', async () => {
    const id = await leftBehind('uploaded', 0);
    expect(await recoverDocuments(t.runtime.ctx, past)).toMatchObject({ resumed: 0, failed: 0 });
    expect((await statusOf(id)).status).toBe('uploaded');
  });

  it('removes files without a row and cut-off temporary files, and keeps the files of documents', async () => {
    const kept = await leftBehind('uploaded', 0);
    const orphanKey = `${user.id}/${crypto.randomUUID()}`;
    writeFileSync(storage().path(orphanKey), 'committed, but the row was never written');
    const quarantineOrphan = `${user.id}/${crypto.randomUUID()}`;
    mkdirSync(join(t.runtime.ctx.config.dataDir, 'quarantine', user.id), { recursive: true });
    writeFileSync(storage().path(quarantineOrphan, 'quarantine'), '<script>');
    const tmp = join(t.runtime.ctx.config.dataDir, 'tmp', 'cut-off-receive');
    mkdirSync(join(t.runtime.ctx.config.dataDir, 'tmp'), { recursive: true });
    writeFileSync(tmp, 'half a file');
    for (const file of [storage().path(orphanKey), storage().path(quarantineOrphan, 'quarantine'), tmp]) utimesSync(file, past, past);

    const swept = await sweepOrphanFiles(t.runtime.ctx, new Date());
    expect(swept).toEqual({ orphans: 2, temporary: 1 });
    expect(existsSync(storage().path(orphanKey))).toBe(false);
    expect(existsSync(storage().path(quarantineOrphan, 'quarantine'))).toBe(false);
    expect(existsSync(tmp)).toBe(false);
    const row = await statusOf(kept);
    expect(existsSync(storage().path(row.storageKey))).toBe(true);
  });
});
