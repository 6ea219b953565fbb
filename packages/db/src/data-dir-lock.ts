import { mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * One process per embedded data directory: PGlite has no guard of its own and two copies would
 * silently diverge.
 *
 * The lock is proper-lockfile's: an atomic `mkdir` of DATA_DIR/viabiliza.lock whose mtime the owner
 * refreshes every few seconds, so a lock nobody refreshed for STALE_MS (its owner gone, on this host
 * or on another one sharing the volume) is taken over. A process killed outright on this host is
 * not waited for: its pid and host name sit beside the lock (viabiliza.lock.owner) and a dead pid
 * frees the lock at once, as the earlier pid file did — a restart after SIGKILL starts right away.
 */
export class DataDirLockedError extends Error {}

/** A lock not refreshed for this long is taken as abandoned (proper-lockfile refreshes it every STALE_MS / 2). */
const STALE_MS = 30_000;
const held = new Set<string>();

interface Owner {
  pid: number;
  host: string;
  /** The inode of the lock directory this owner created: an owner file left beside a newer lock does not describe it. */
  lock: number;
}

export interface LockOptions {
  /**
   * Called when the lock was lost while held (its refresh failed, or another process took it after
   * this one stalled past STALE_MS). Default: the process exits, since writing on after another
   * process opened the same database would corrupt it.
   */
  onCompromised?: (err: Error) => void;
}

export function lockDataDir(dataDir: string, options: LockOptions = {}): () => void {
  mkdirSync(dataDir, { recursive: true });
  const dir = resolve(dataDir);
  const lockPath = join(dir, 'viabiliza.lock');
  const ownerPath = `${lockPath}.owner`;
  const inUse = (detail: string) =>
    new DataDirLockedError(`DATA_DIR ${dataDir} está em uso ${detail}. Pare o outro processo ou use outro DATA_DIR.`);
  if (held.has(dir)) throw inUse(`por este mesmo processo (${process.pid})`);
  removeLegacyPidFile(lockPath, inUse);

  const onCompromised =
    options.onCompromised ??
    ((err: Error) => {
      console.error(`A trava de DATA_DIR ${dataDir} foi perdida (${err.message}); encerrando para não corromper o banco embutido.`);
      process.exit(1);
    });
  const acquire = () => lockfile.lockSync(dir, { lockfilePath: lockPath, stale: STALE_MS, realpath: false, onCompromised });

  let unlock: () => void;
  try {
    unlock = acquire();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ELOCKED') throw err;
    unlock = takeOverFromDeadOwner(dir, lockPath, ownerPath, acquire, inUse);
  }
  held.add(dir);
  writeFileSync(ownerPath, JSON.stringify({ pid: process.pid, host: hostname(), lock: statSync(lockPath).ino } satisfies Owner));

  let released = false;
  return () => {
    if (released) return;
    released = true;
    held.delete(dir);
    try {
      if (readOwner(ownerPath)?.pid === process.pid) rmSync(ownerPath, { force: true });
      unlock();
    } catch {
      // already gone (or taken over after a stall): nothing of ours left to remove
    }
  };
}

/**
 * The lock is held, but maybe by a process of this host that was killed (SIGKILL, a crash): its pid
 * is asked. Two processes starting at once after such a crash take turns on a second lock
 * (viabiliza.lock.takeover), so only one removes the dead owner's lock, and neither removes a lock
 * another process has just created (its inode differs from the one the owner file names).
 */
function takeOverFromDeadOwner(dir: string, lockPath: string, ownerPath: string, acquire: () => () => void, inUse: (detail: string) => DataDirLockedError): () => void {
  let endTakeover: () => void;
  try {
    endTakeover = lockfile.lockSync(join(dir, 'takeover'), { lockfilePath: `${lockPath}.takeover`, stale: STALE_MS, realpath: false, onCompromised: () => {} });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw inUse('por outro processo que está iniciando');
    throw err;
  }
  try {
    const owner = readOwner(ownerPath);
    let current: number | null = null;
    try {
      current = statSync(lockPath).ino;
    } catch {
      current = null; // released meanwhile
    }
    if (current !== null) {
      // Only a pid of this host can be asked whether it lives; a lock of another host waits for STALE_MS.
      const dead = owner && owner.lock === current && owner.host === hostname() && (owner.pid === process.pid || !isAlive(owner.pid));
      if (!dead) throw inUse(owner && owner.lock === current ? `pelo processo ${owner.pid} em ${owner.host}` : 'por outro processo');
      rmSync(lockPath, { recursive: true, force: true });
    }
    try {
      return acquire();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ELOCKED') throw inUse('por outro processo que acabou de iniciar');
      throw err;
    }
  } finally {
    endTakeover();
  }
}

/** Versions before proper-lockfile kept the owner's pid in a plain file at the same path. */
function removeLegacyPidFile(lockPath: string, inUse: (detail: string) => DataDirLockedError): void {
  let isFile = false;
  try {
    isFile = statSync(lockPath).isFile();
  } catch {
    return;
  }
  if (!isFile) return;
  const pid = Number(readFileSync(lockPath, 'utf8'));
  if (pid && pid !== process.pid && isAlive(pid)) throw inUse(`pelo processo ${pid}`);
  rmSync(lockPath, { force: true });
}

function readOwner(path: string): Owner | null {
  try {
    const owner = JSON.parse(readFileSync(path, 'utf8')) as Partial<Owner>;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' && typeof owner.lock === 'number' ? { pid: owner.pid, host: owner.host, lock: owner.lock } : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
