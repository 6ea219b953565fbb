import type { TestCheck } from '@viabiliza/contracts/admin-console';
import { withTimeout } from '../dashboard/system-status.ts';

export interface CheckDefinition {
  id: string;
  group: string;
  name: string;
  /** Returns what it verified (Portuguese lines); throws with the reason when the check fails. */
  run: () => Promise<string[] | void>;
  /** Checks that need an earlier one (e.g. sign-in after sign-up) are skipped when it failed. */
  needs?: string;
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** Runs checks one after another (they share a throwaway user and must not race), timing each. */
export async function runChecks(checks: CheckDefinition[]): Promise<TestCheck[]> {
  const results: TestCheck[] = [];
  for (const check of checks) {
    const blocker = check.needs ? results.find((r) => r.id === check.needs && r.status !== 'passed') : undefined;
    if (blocker) {
      results.push({ id: check.id, group: check.group, name: check.name, status: 'skipped', durationMs: 0, error: `Depende de "${blocker.name}", que não passou`, details: [] });
      continue;
    }
    const started = performance.now();
    try {
      const details = (await withTimeout(check.run(), check.timeoutMs ?? DEFAULT_TIMEOUT_MS)) ?? [];
      results.push({ id: check.id, group: check.group, name: check.name, status: 'passed', durationMs: elapsed(started), error: null, details });
    } catch (err) {
      results.push({ id: check.id, group: check.group, name: check.name, status: 'failed', durationMs: elapsed(started), error: reason(err), details: [] });
    }
  }
  return results;
}

function elapsed(started: number): number {
  return Math.round((performance.now() - started) * 10) / 10;
}

function reason(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, 500) || 'Falha sem mensagem';
}

/** Throws `message` unless `condition` holds. */
export function expectThat(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
