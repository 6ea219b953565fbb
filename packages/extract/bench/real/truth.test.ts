/**
 * The real-document truths (`truth/*.json`, read by `npm run bench:real`) are well formed and each
 * points to a file of `../shared/realdocs-dev/` (checked only where that folder exists: CI has it
 * beside the checkout). The bench itself is not part of `npm test`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, FIELD_LABELS, LIEN_TYPES } from '@viabiliza/contracts/document-types';
import { ACT_TYPES } from '@viabiliza/contracts/dossier';
import { initialsOf, normalActLabel, truthProblems, type RealTruth } from './real-truth.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
const truthDir = join(here, 'truth');
const realdocs = resolve(here, '../../../../../shared/realdocs-dev');
const names = readdirSync(truthDir).filter((n) => n.endsWith('.json')).sort();
const truths = names.map((name) => ({ name, truth: JSON.parse(readFileSync(join(truthDir, name), 'utf8')) as RealTruth }));

describe('real-document truths', () => {
  it('parse, use the registry ids and keep to initials', () => {
    expect(truths.length).toBeGreaterThan(0);
    for (const { name, truth } of truths) {
      expect(truthProblems(truth, name), name).toEqual([]);
      expect(Object.keys(DOCUMENT_TYPES), name).toContain(truth.type);
      for (const f of truth.fields) expect(Object.keys(FIELD_LABELS), `${name}: ${f.key}`).toContain(f.key);
      for (const l of [...truth.liens, ...(truth.matricula?.liens ?? [])]) expect(Object.keys(LIEN_TYPES), `${name}: ${l.type}`).toContain(l.type);
      for (const a of truth.matricula?.acts ?? []) expect(Object.keys(ACT_TYPES), `${name}: ${a.label}`).toContain(a.type);
    }
    expect(new Set(truths.map((t) => t.truth.file)).size).toBe(truths.length);
  });

  it('read act labels and initials as the bench does', () => {
    expect(['R-1-Mat.479', 'AV.09-Mat.479.', 'R.10.Mat.479', 'AV-01=26.396', 'R.06/2.209'].map(normalActLabel)).toEqual(['R.1', 'AV.9', 'R.10', 'AV.1', 'R.6']);
    expect(initialsOf('João da Silva')).toBe('JS');
    expect(initialsOf('CAIXA ECONÔMICA FEDERAL')).toBe('CEF');
  });

  it.skipIf(!existsSync(realdocs))('point to files of ../shared/realdocs-dev, one truth per file', () => {
    for (const { name, truth } of truths) expect(existsSync(join(realdocs, truth.file)), `${name} → ${truth.file}`).toBe(true);
    const manifest = readFileSync(join(realdocs, 'MANIFEST.tsv'), 'utf8').split('\n').slice(1).map((l) => l.split('\t')[0]).filter(Boolean);
    const missing = manifest.filter((f) => !truths.some((t) => t.truth.file === f));
    expect(missing).toEqual([]);
  });
});
