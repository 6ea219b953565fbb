import { describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';

/**
 * Every zod contract of packages/contracts (each exported schema of each module, found by listing
 * the folder, so a new contract is covered without editing this test; it lives here because the
 * contracts package stays free of I/O) meets arbitrary input: it answers
 * with a success or a list of issues, never an exception, and what it accepts it accepts again.
 */

const dir = fileURLToPath(new URL('../../../packages/contracts/src/', import.meta.url));
const modules = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

interface Schema {
  safeParse(value: unknown): { success: boolean; data?: unknown; error?: { issues: unknown[] } };
}
const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && typeof (v as Schema).safeParse === 'function' && '_zod' in v;

/** Values shaped like the requests people send, with hostile strings and numbers at the edges. */
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.constantFrom('', ' ', '<script>alert(1)</script>', '"><img src=x onerror=1>', '../../etc/passwd', '\u0000', '\u202e', 'NaN', '1e309', '-0', '9'.repeat(400)),
);
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(hostileString, fc.constantFrom('__proto__', 'constructor', 'email', 'password', 'questionnaire', 'analysisType', 'id')), tie('value'), { maxKeys: 5 }),
  ),
})).value;

describe('every zod contract under arbitrary input', async () => {
  const schemas: [string, Schema][] = [];
  for (const file of modules) {
    const mod = (await import(`@viabiliza/contracts/${file.replace(/\.ts$/, '')}`)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) if (isSchema(value)) schemas.push([`${file}:${name}`, value]);
  }

  it('finds the contracts', () => {
    expect(schemas.length).toBeGreaterThan(40);
  });

  it.each(schemas)('%s never throws, and re-accepts what it accepted', (_name, schema) => {
    fc.assert(
      fc.property(hostileValue, (input) => {
        const first = schema.safeParse(input);
        if (!first.success) {
          expect(first.error!.issues.length).toBeGreaterThan(0);
          return;
        }
        // Transforms may change the shape (strings to numbers); the output must still be valid input
        // for the same contract or a stable value, never an exception.
        expect(() => schema.safeParse(first.data)).not.toThrow();
      }),
      { numRuns: 60, seed: 20261124 },
    );
  });
});
