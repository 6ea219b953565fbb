import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

export interface DependencyAdvisories {
  checkedAt: string;
  /** npm audit's counts by severity (info, low, moderate, high, critical), or null when it could not run. */
  counts: Record<string, number> | null;
  error: string | null;
}

export interface BuildInfo {
  version: string;
  commit: string | null;
  /** `npm audit --omit=dev` at build time; null when running from source. */
  advisories?: DependencyAdvisories | null;
}

let cached: BuildInfo | null = null;

/**
 * The version and commit of the running build: dist/build-info.json written by `npm run build`
 * (beside the bundle), else the server's package.json when running from source. GIT_COMMIT wins.
 */
export function buildInfo(gitCommit?: string): BuildInfo {
  if (!cached) {
    const bundled = join(here, 'build-info.json');
    if (existsSync(bundled)) {
      const info = JSON.parse(readFileSync(bundled, 'utf8')) as BuildInfo;
      cached = { version: info.version, commit: info.commit ?? null, advisories: info.advisories ?? null };
    } else {
      const pkg = JSON.parse(readFileSync(join(here, '../../../package.json'), 'utf8')) as { version: string };
      cached = { version: pkg.version, commit: null, advisories: null };
    }
  }
  return { version: cached.version, commit: gitCommit ?? cached.commit, advisories: cached.advisories ?? null };
}
