import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

describe('lockDataDir', () => {
  it('refuses a second owner while the first lives, and frees it on release', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    try {
      // A live process other than this one (the parent) holds the lock.
      writeFileSync(join(dir, 'viabiliza.lock'), String(process.ppid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
      rmSync(join(dir, 'viabiliza.lock'));
      const release = lockDataDir(dir);
      release();
      lockDataDir(dir)();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes over a lock left by a dead process', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    try {
      writeFileSync(join(dir, 'viabiliza.lock'), '999999');
      const release = lockDataDir(dir);
      release();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
