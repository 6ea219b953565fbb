import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const withDir = (fn: (dir: string) => void | Promise<void>) => async () => {
  const dir = mkdtempSync(join(tmpdir(), 'lock-'));
  try {
    await fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

// Two real servers racing for one DATA_DIR: apps/server/src/main.test.ts.
describe('lockDataDir', () => {
  it('refuses a second owner while the first holds it, and frees it on release', withDir((dir) => {
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(join(dir, 'viabiliza.lock'))).toBe(false);
    lockDataDir(dir)();
  }));

  it('takes over at once a lock left by a dead process of this host (a restart after SIGKILL)', withDir((dir) => {
    mkdirSync(join(dir, 'viabiliza.lock'));
    const ino = statSync(join(dir, 'viabiliza.lock')).ino;
    writeFileSync(join(dir, 'viabiliza.lock.owner'), JSON.stringify({ pid: 999_999, host: hostname(), lock: ino }));
    lockDataDir(dir)();
  }));

  it('waits for a lock of a live process, or of another host, still being refreshed', withDir((dir) => {
    mkdirSync(join(dir, 'viabiliza.lock'));
    const ino = statSync(join(dir, 'viabiliza.lock')).ino;
    writeFileSync(join(dir, 'viabiliza.lock.owner'), JSON.stringify({ pid: process.ppid, host: hostname(), lock: ino }));
    expect(() => lockDataDir(dir)).toThrow(`DATA_DIR ${dir} está em uso pelo processo ${process.ppid}`);
    writeFileSync(join(dir, 'viabiliza.lock.owner'), JSON.stringify({ pid: 999_999, host: 'outra-maquina', lock: ino }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  }));

  it('takes over a lock whose owner stopped refreshing it (stale mtime), whoever it was', withDir((dir) => {
    mkdirSync(join(dir, 'viabiliza.lock'));
    const old = new Date(Date.now() - 120_000);
    utimesSync(join(dir, 'viabiliza.lock'), old, old);
    lockDataDir(dir)();
  }));

  it('removes the pid file of earlier versions when its process is gone', withDir((dir) => {
    writeFileSync(join(dir, 'viabiliza.lock'), '999999');
    lockDataDir(dir)();
    writeFileSync(join(dir, 'viabiliza.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  }));
});
