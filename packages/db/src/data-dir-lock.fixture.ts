/**
 * One process of data-dir-lock.test.ts's race: takes DATA_DIR's lock as the server's start does,
 * holds it long enough for the other process to try, and answers a refusal as main.ts does (the
 * message alone, exit code 1).
 */
import { DataDirLockedError, lockDataDir } from './data-dir-lock.ts';

const dir = process.argv[2]!;
try {
  const release = lockDataDir(dir);
  console.log('travado');
  await new Promise((r) => setTimeout(r, 3_000));
  release();
} catch (err) {
  console.error(err instanceof DataDirLockedError ? err.message : err);
  process.exit(1);
}
