import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('environment', () => {
  it('defaults everything', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, DATA_DIR: './data', ADMIN_EMAILS: [] });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('parses ADMIN_EMAILS as a lower-cased list', () => {
    expect(loadEnv({ ADMIN_EMAILS: ' Ana@Ex.com, bia@ex.com ' }).ADMIN_EMAILS).toEqual(['ana@ex.com', 'bia@ex.com']);
  });

  it.each([
    ['PORT', 'abc'],
    ['DATABASE_URL', 'mysql://x'],
    ['PUBLIC_URL', 'not a url'],
    ['ADMIN_EMAILS', 'ana@ex.com, nao-e-email'],
    ['AUTH_SECRET', 'curto'],
  ])('stops on a wrong %s, naming it', (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(name);
  });
});
