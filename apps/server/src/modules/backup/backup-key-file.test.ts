import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../../config/env.ts';
import { appConfigFromEnv } from '../../config/app-config.ts';
import { backupKeyFile, decryptStream, encodeBackupKey, encryptStream, prepareBackupKey, resolveBackupKey } from './backup-crypto.ts';

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'viabiliza-backup-key-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function run(transform: NodeJS.ReadWriteStream, input: Buffer): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const collect = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await pipeline(Readable.from([input]), transform, collect);
  return Buffer.concat(chunks);
}

/** What the server's logger is asked to say. */
function recordingLog() {
  const lines: { level: 'info' | 'warn'; msg: string }[] = [];
  return {
    lines,
    info: (_obj: object, msg: string) => void lines.push({ level: 'info', msg }),
    warn: (_obj: object, msg: string) => void lines.push({ level: 'warn', msg }),
  };
}

describe('the generated backup key', () => {
  it('is kept in DATA_DIR/keys, outside the archives’ directory, readable by the owner only', () => {
    const dir = dataDir();
    const key = resolveBackupKey({ dataDir: dir });
    expect(key.file).toBe(join(dir, 'keys', 'backup-key'));
    expect(key.source).toBe('generated');
    expect(existsSync(join(dir, 'backup-key'))).toBe(false);
    expect(existsSync(join(dir, 'backups', 'backup-key'))).toBe(false);
    expect(statSync(key.file!).mode & 0o777).toBe(0o600);
    // Nothing to say at start about a key where it belongs.
    const log = recordingLog();
    prepareBackupKey({ dataDir: dir }, log);
    expect(log.lines).toEqual([]);
  });

  it('moves a key an earlier version left in DATA_DIR to the new place, and old backups still open', async () => {
    const dir = dataDir();
    const legacyKey = Buffer.alloc(32, 9);
    writeFileSync(join(dir, 'backup-key'), encodeBackupKey(legacyKey), { mode: 0o600 });
    writeFileSync(join(dir, 'backup-key.shown'), JSON.stringify({ shownAt: '2026-11-01T10:00:00.000Z', userId: 'u1' }));
    const oldArchive = await run(encryptStream(legacyKey), Buffer.from('linhas de um backup antigo'));

    const log = recordingLog();
    prepareBackupKey({ dataDir: dir }, log);
    const moved = join(dir, 'keys', 'backup-key');
    expect(log.lines).toEqual([{ level: 'info', msg: `chave de backup movida de ${join(dir, 'backup-key')} para ${moved}` }]);
    expect(existsSync(join(dir, 'backup-key'))).toBe(false);
    expect(existsSync(join(dir, 'backup-key.shown'))).toBe(false);
    expect(JSON.parse(readFileSync(`${moved}.shown`, 'utf8')).shownAt).toBe('2026-11-01T10:00:00.000Z');

    const key = resolveBackupKey({ dataDir: dir });
    expect(key.file).toBe(moved);
    expect(key.key.equals(legacyKey)).toBe(true);
    expect((await run(decryptStream(key.key), oldArchive)).toString()).toBe('linhas de um backup antigo');
  });

  it('moves a key found beside the archives too, without waiting for the start (first backup)', () => {
    const dir = dataDir();
    mkdirSync(join(dir, 'backups'));
    const legacyKey = Buffer.alloc(32, 4);
    writeFileSync(join(dir, 'backups', 'backup-key'), encodeBackupKey(legacyKey));
    const key = resolveBackupKey({ dataDir: dir });
    expect(key.file).toBe(join(dir, 'keys', 'backup-key'));
    expect(key.key.equals(legacyKey)).toBe(true);
    expect(existsSync(join(dir, 'backups', 'backup-key'))).toBe(false);
  });

  it('goes where BACKUP_KEY_FILE says, and a file among the archives is warned about at start', () => {
    const dir = dataDir();
    const elsewhere = join(dataDir(), 'segredos', 'chave-backup');
    expect(resolveBackupKey({ dataDir: dir, backupKeyFile: elsewhere }).file).toBe(elsewhere);
    expect(existsSync(elsewhere)).toBe(true);

    const amongArchives = join(dir, 'backups', 'chave');
    const log = recordingLog();
    prepareBackupKey({ dataDir: dir, backupKeyFile: amongArchives }, log);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]!.level).toBe('warn');
    expect(log.lines[0]!.msg).toMatch(/^A chave de criptografia dos backups .* está no diretório dos próprios backups/);
    expect(log.lines[0]!.msg).toContain('BACKUP_KEY_FILE');
    // Archives in a bucket: DATA_DIR/backups holds none, nothing to warn about.
    const s3Log = recordingLog();
    prepareBackupKey({ dataDir: dir, backupKeyFile: amongArchives, s3: {} }, s3Log);
    expect(s3Log.lines).toEqual([]);
    // A key from the environment has no file.
    const envLog = recordingLog();
    prepareBackupKey({ dataDir: dir, backupKeyFile: amongArchives, backupEncryptionKey: 'ab'.repeat(32) }, envLog);
    expect(envLog.lines).toEqual([]);
  });

  it('BACKUP_KEY_FILE is checked at boot and made absolute', () => {
    expect(() => loadEnv({ BACKUP_KEY_FILE: '/srv/viabiliza/keys/' })).toThrow('BACKUP_KEY_FILE');
    const config = appConfigFromEnv(loadEnv({ BACKUP_KEY_FILE: 'segredos/backup-key', AUTH_SECRET: 'x'.repeat(32) }));
    expect(config.backupKeyFile).toBe(join(process.cwd(), 'segredos', 'backup-key'));
    expect(backupKeyFile({ dataDir: '/srv/dados' })).toBe('/srv/dados/keys/backup-key');
  });
});
