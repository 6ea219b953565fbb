import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decide, fingerprint } from './ensure-build.ts';

const stamp = { fingerprint: 'abc', builtAt: '2026-11-28T07:00:00.000Z' };

describe('ensure-build: whether `npm start` builds', () => {
  it('builds on a fresh clone, after a failed build, when the sources changed, or when forced', () => {
    expect(decide({ stamp: null, fingerprint: 'abc', missingOutputs: [] })).toEqual({ build: true, reason: 'nenhum build anterior registrado' });
    expect(decide({ stamp, fingerprint: 'abc', missingOutputs: ['apps/web/dist/index.html'] })).toEqual({ build: true, reason: 'faltam apps/web/dist/index.html' });
    expect(decide({ stamp, fingerprint: 'def', missingOutputs: [] })).toEqual({ build: true, reason: 'fontes alteradas desde o último build' });
    expect(decide({ stamp, fingerprint: 'abc', missingOutputs: [], force: true }).build).toBe(true);
  });

  it('does not build when the stamp matches and every output is there', () => {
    expect(decide({ stamp, fingerprint: 'abc', missingOutputs: [] })).toEqual({ build: false, reason: 'build de 2026-11-28T07:00:00.000Z está em dia' });
  });
});

describe('ensure-build: the fingerprint of the sources', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  function repo(): string {
    const root = mkdtempSync(join(tmpdir(), 'ensure-build-'));
    dirs.push(root);
    for (const dir of ['apps/server/src', 'apps/server/dist', 'apps/web/src', 'apps/web/node_modules/x', 'packages/db/migrations', 'apps/server/.main-test-1']) mkdirSync(join(root, dir), { recursive: true });
    writeFileSync(join(root, 'package.json'), '{}');
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3}');
    writeFileSync(join(root, 'apps/server/src/main.ts'), 'export {};');
    writeFileSync(join(root, 'apps/web/src/app.tsx'), 'export {};');
    writeFileSync(join(root, 'packages/db/migrations/0001.sql'), 'select 1;');
    return root;
  }

  it('is stable while nothing changes, and ignores outputs, dependencies, tests and scratch folders', () => {
    const root = repo();
    const first = fingerprint(root);
    expect(fingerprint(root)).toBe(first);
    writeFileSync(join(root, 'apps/server/dist/server.js'), 'built');
    writeFileSync(join(root, 'apps/web/node_modules/x/index.js'), 'dep');
    writeFileSync(join(root, 'apps/server/src/main.test.ts'), 'test');
    writeFileSync(join(root, 'apps/server/.main-test-1/server.js'), 'bundle');
    expect(fingerprint(root)).toBe(first);
  });

  it('changes with an edited, added or removed source file, a migration, or the lockfile', () => {
    const root = repo();
    const seen = new Set([fingerprint(root)]);
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(root, 'apps/web/src/app.tsx'), later, later);
    seen.add(fingerprint(root));
    writeFileSync(join(root, 'packages/db/migrations/0002.sql'), 'select 2;');
    seen.add(fingerprint(root));
    rmSync(join(root, 'apps/server/src/main.ts'));
    seen.add(fingerprint(root));
    writeFileSync(join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}');
    seen.add(fingerprint(root));
    expect(seen.size).toBe(5);
  });
});
