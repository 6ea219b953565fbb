import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One process per embedded data directory: PGlite has no guard of its own and two copies would
 * silently diverge. The lock file holds the owner's pid; a lock left by a dead process is taken over.
 */
export class DataDirLockedError extends Error {}

export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'viabiliza.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8') === String(process.pid)) rmSync(file);
        } catch {
          // already gone
        }
      };
      process.once('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = Number(readFileSync(file, 'utf8'));
      if (owner && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(
          `DATA_DIR ${dataDir} está em uso pelo processo ${owner}. Pare-o ou use outro DATA_DIR.`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Não foi possível travar DATA_DIR ${dataDir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
