import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Counts tests per project (unit, pglite, postgres) at the end of a run: passed, failed, skipped,
 * and the files. .ci/run passes it beside the default reporter and prints the counts in its
 * summary; VITEST_COUNTS_FILE names a file the lines are appended to.
 */
export default class CountReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const byProject = new Map<string, { files: number; passed: number; failed: number; skipped: number }>();
    for (const module of testModules) {
      // A project's files that run in a module graph of their own ('pglite-isolado') count with it.
      const name = (module.project.name || 'default').replace(/-isolado$/, '');
      const c = byProject.get(name) ?? { files: 0, passed: 0, failed: 0, skipped: 0 };
      c.files++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') c.passed++;
        else if (state === 'failed') c.failed++;
        else c.skipped++;
      }
      byProject.set(name, c);
    }
    const lines = [...byProject].map(
      ([name, c]) => `${name.padEnd(9)} ${String(c.files).padStart(4)} files ${String(c.passed).padStart(5)} passed ${String(c.failed).padStart(3)} failed ${String(c.skipped).padStart(4)} skipped`,
    );
    console.log(`\ntests per project:\n${lines.join('\n')}`);
    if (process.env.VITEST_COUNTS_FILE) appendFileSync(process.env.VITEST_COUNTS_FILE, `${lines.join('\n')}\n`);
  }
}
