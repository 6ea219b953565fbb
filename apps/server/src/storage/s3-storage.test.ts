import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, multipartBody, signUp, type TestApp } from '../../test/helper.ts';
import { startLoopbackS3, type LoopbackS3 } from '../../test/loopback-s3.ts';
import { loadEnv } from '../config/env.ts';
import { sweepOrphanFiles } from '../modules/documents/recovery.ts';
import { appConfigFromEnv } from '../config/app-config.ts';
import { eq } from 'drizzle-orm';
import { backupMetadata } from '@viabiliza/db/schema';
import { insertBackup } from '../modules/backup/backup.repository.ts';
import { applyBackupRetention, restoreArchive, runBackup } from '../modules/backup/backup.service.ts';

let s3: LoopbackS3;
let t: TestApp;
beforeAll(async () => {
  s3 = await startLoopbackS3();
  t = await createTestApp({
    s3: { bucket: s3.bucket, endpoint: s3.endpoint, region: 'us-east-1', accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, forcePathStyle: true, prefix: 'inst-a/' },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

const DEED = 'ESCRITURA PÚBLICA DE COMPRA E VENDA. Imóvel situado na Rua das Flores, nº 120, Florianópolis/SC, CEP 88010-000, área total de 360,00 m². Valor da transação R$ 850.000,00.';

async function upload(cookie: string, files: { name: string; content: string }[]) {
  const { payload, headers } = multipartBody(files);
  return t.app.inject({ method: 'POST', url: '/api/documents', payload, headers: { ...headers, cookie } });
}

describe('uploads in an S3-compatible bucket', () => {
  it('stores accepted and quarantined files in the bucket, extracts from it, and removes them', async () => {
    const { cookie, user } = await signUp(t);
    const res = await upload(cookie, [
      { name: 'escritura.txt', content: DEED },
      { name: 'pagina.txt', content: '<html><script>alert(1)</script> texto qualquer do documento </html>' },
    ]);
    expect(res.statusCode).toBe(201);
    const [deed, suspicious] = res.json().documents as { id: string; status: string }[];
    expect(suspicious!.status).toBe('quarantined');
    expect(s3.objects.get(`inst-a/uploads/${user.id}/${deed!.id}`)?.toString('utf8')).toBe(DEED);
    expect(s3.objects.has(`inst-a/quarantine/${user.id}/${suspicious!.id}`)).toBe(true);

    const done = await eventually(async () => {
      const d = (await t.app.inject({ url: `/api/documents/${deed!.id}`, headers: { cookie } })).json();
      return d.status === 'completed' ? d : null;
    }, 30_000);
    expect(done.documentType).toBe('escritura');
    const pages = (await t.app.inject({ url: `/api/documents/${deed!.id}/pages`, headers: { cookie } })).json();
    expect(JSON.stringify(pages)).toContain('Rua das Flores');

    // Nothing of the originals stays on local disk: not in uploads, not as a temporary copy.
    const dataDir = t.runtime.ctx.config.dataDir;
    expect(existsSync(join(dataDir, 'uploads'))).toBe(false);
    expect(readdirSync(join(dataDir, 'tmp'))).toEqual([]);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/documents/${deed!.id}`, headers: { cookie } })).statusCode).toBe(204);
    expect(s3.objects.has(`inst-a/uploads/${user.id}/${deed!.id}`)).toBe(false);
  });

  it('lists the keys of an area, and the crash sweep removes an object no document points to', async () => {
    const { cookie, user } = await signUp(t);
    const res = await upload(cookie, [{ name: 'escritura.txt', content: DEED }]);
    const deed = res.json().documents[0] as { id: string };
    s3.objects.set(`inst-a/uploads/${user.id}/00000000-0000-4000-8000-00000000000a`, Buffer.from('orphan'));
    s3.objects.set(`inst-b/uploads/${user.id}/00000000-0000-4000-8000-00000000000b`, Buffer.from('another installation'));
    const keys: string[] = [];
    for await (const { key } of t.runtime.ctx.storage.listKeys('uploads')) keys.push(key);
    expect(keys).toContain(`${user.id}/${deed.id}`);
    expect(keys).toContain(`${user.id}/00000000-0000-4000-8000-00000000000a`);
    expect(keys.some((k) => k.endsWith('0b'))).toBe(false);

    expect((await sweepOrphanFiles(t.runtime.ctx, new Date())).orphans).toBe(1);
    expect(s3.objects.has(`inst-a/uploads/${user.id}/${deed.id}`)).toBe(true);
    expect(s3.objects.has(`inst-a/uploads/${user.id}/00000000-0000-4000-8000-00000000000a`)).toBe(false);
    expect(s3.objects.has(`inst-b/uploads/${user.id}/00000000-0000-4000-8000-00000000000b`)).toBe(true);
  });
});

describe('backups in an S3-compatible bucket', () => {
  it('writes the archive with the bucket’s files, restores from it, and retention deletes it', async () => {
    const { cookie, user } = await signUp(t);
    const res = await upload(cookie, [
      { name: 'escritura.txt', content: DEED },
      { name: 'pagina.txt', content: '<html><script>alert(1)</script> outro texto do documento </html>' },
    ]);
    const [deed, suspicious] = res.json().documents as { id: string }[];
    const ctx = t.runtime.ctx;
    const row = await insertBackup(t.database.db, { backupName: 'backup-s3', tablesIncluded: ['user'], trigger: 'manual', createdBy: null });
    await runBackup(ctx, row.id);
    const [b] = await t.database.db.select().from(backupMetadata).where(eq(backupMetadata.id, row.id));
    expect(b!.errorMessage).toBeNull();
    expect(b!.status).toBe('completed');
    const key = `inst-a/backups/archives/${row.id}`;
    expect(s3.objects.get(key)?.length).toBe(b!.backupSize);

    // Both files come back into their areas of the bucket from the archive.
    s3.objects.delete(`inst-a/uploads/${user.id}/${deed!.id}`);
    s3.objects.delete(`inst-a/quarantine/${user.id}/${suspicious!.id}`);
    const restored = await restoreArchive(ctx, await ctx.storage.openRead(b!.storageKey!, 'backups'), null);
    expect(restored.files).toBeGreaterThanOrEqual(2);
    expect(s3.objects.get(`inst-a/uploads/${user.id}/${deed!.id}`)?.toString('utf8')).toBe(DEED);
    expect(s3.objects.has(`inst-a/quarantine/${user.id}/${suspicious!.id}`)).toBe(true);

    expect(await applyBackupRetention(ctx, new Date(Date.now() + 31 * 86_400_000))).toBe(1);
    expect(s3.objects.has(key)).toBe(false);
  }, 60_000);
});

describe('S3 configuration', () => {
  const env = (vars: Record<string, string>) => appConfigFromEnv(loadEnv({ AUTH_SECRET: 'x'.repeat(32), ...vars }));

  it('is off without S3_BUCKET, and path-style by default for a self-hosted endpoint', () => {
    expect(env({}).s3).toBeUndefined();
    expect(env({ S3_BUCKET: 'docs', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'a', S3_SECRET_ACCESS_KEY: 'b', S3_PREFIX: 'prod' }).s3).toMatchObject({
      bucket: 'docs',
      forcePathStyle: true,
      prefix: 'prod/',
    });
    expect(env({ S3_BUCKET: 'docs' }).s3).toMatchObject({ forcePathStyle: false, region: 'us-east-1', prefix: '' });
  });

  it('names the variable when a value is wrong', () => {
    expect(() => loadEnv({ S3_BUCKET: 'Meu Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadEnv({ S3_BUCKET: 'docs', S3_ACCESS_KEY_ID: 'a' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadEnv({ S3_BUCKET: 'docs', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
  });
});
