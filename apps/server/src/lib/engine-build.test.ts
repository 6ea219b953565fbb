import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENGINE_VERSION } from '@viabiliza/engine/analyze';
import { startRunBody } from '@viabiliza/contracts/analysis';
import { engineBuild, engineSourceHash } from './engine-build.ts';
import { inputHash } from '../modules/analyses/analyses.service.ts';

const dir = mkdtempSync(join(tmpdir(), 'engine-src-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the analysis cache key', () => {
  it("the engine's build changes with any change of its source (tests excluded)", () => {
    mkdirSync(join(dir, 'reference'));
    writeFileSync(join(dir, 'analyze.ts'), 'export const x = 1;\n');
    writeFileSync(join(dir, 'reference', 'rows.ts'), "export const selic = 0.15;\n");
    const a = engineSourceHash(dir);
    writeFileSync(join(dir, 'analyze.test.ts'), 'test');
    expect(engineSourceHash(dir)).toBe(a);
    writeFileSync(join(dir, 'reference', 'rows.ts'), "export const selic = 0.1425;\n");
    const b = engineSourceHash(dir);
    expect(b).not.toBe(a);
    expect(engineBuild(ENGINE_VERSION)).toMatch(new RegExp(`^${ENGINE_VERSION.replace(/\./g, '\\.')}\\+[0-9a-f]{16}$`));
  });

  it('a change of the engine or of the analysis day makes a new key (the result is recomputed); the same inputs the same day hit the cache', () => {
    const input = { ...startRunBody.parse({ analysisType: 'complete', questionnaire: { city: 'Recife', targetValue: '400.000' } }), provider: 'local' };
    const docs = [{ sha256: 'a'.repeat(64) }];
    const base = inputHash(input, docs, '1.0.0+aaaaaaaaaaaaaaaa', '2026-11-25');
    expect(inputHash(input, docs, '1.0.0+aaaaaaaaaaaaaaaa', '2026-11-25')).toBe(base);
    expect(inputHash(input, docs, '1.0.0+bbbbbbbbbbbbbbbb', '2026-11-25')).not.toBe(base);
    expect(inputHash(input, docs, '1.0.0+aaaaaaaaaaaaaaaa', '2026-11-26')).not.toBe(base);
  });
});
