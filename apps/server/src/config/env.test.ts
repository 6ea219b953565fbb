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
    ['OPENAI_BASE_URL', 'localhost:11434'],
    ['GEMINI_BASE_URL', 'ftp://proxy'],
    ['AI_TIMEOUT_MS', '0'],
    ['DEPLOY_ENVIRONMENTS', 'staging:https://hook.example.com'],
    ['GIT_COMMIT', 'not-a-hash'],
    ['VIABILIZA_ROLE', 'api'],
    ['BACKUP_ENCRYPTION_KEY', 'curta-demais'],
    ['BACKUP_ENCRYPTION_KEY', 'g'.repeat(64)],
  ])('stops on a wrong %s, naming it', (name, value) => {
    expect(() => loadEnv({ [name]: value })).toThrow(name);
  });

  it('VIABILIZA_ROLE defaults to all; BACKUP_ENCRYPTION_KEY takes 32 bytes in hex or base64', () => {
    expect(loadEnv({}).VIABILIZA_ROLE).toBe('all');
    expect(loadEnv({ VIABILIZA_ROLE: 'worker' }).VIABILIZA_ROLE).toBe('worker');
    expect(loadEnv({ BACKUP_ENCRYPTION_KEY: 'ab'.repeat(32) }).BACKUP_ENCRYPTION_KEY).toBe('ab'.repeat(32));
    expect(loadEnv({ BACKUP_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') }).BACKUP_ENCRYPTION_KEY).toHaveLength(44);
  });

  it('AI providers are optional; an OpenAI-compatible server needs its model named', () => {
    expect(loadEnv({})).toMatchObject({ AI_TIMEOUT_MS: 60_000, GEMINI_MODEL: 'gemini-flash-latest' });
    expect(() => loadEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow('OPENAI_COMPATIBLE_MODEL');
    expect(loadEnv({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', OPENAI_COMPATIBLE_MODEL: 'llama3.1' }).OPENAI_COMPATIBLE_MODEL).toBe('llama3.1');
  });

  it('parses DEPLOY_ENVIRONMENTS into name=URL pairs for the deployment tab', async () => {
    const { appConfigFromEnv } = await import('./app-config.ts');
    const env = loadEnv({ DEPLOY_ENVIRONMENTS: 'staging=https://hooks.example.com/a?token=x=y, production=https://hooks.example.com/b', AUTH_SECRET: 'x'.repeat(32) });
    expect(appConfigFromEnv(env).deployEnvironments).toEqual([
      { name: 'staging', hookUrl: 'https://hooks.example.com/a?token=x=y' },
      { name: 'production', hookUrl: 'https://hooks.example.com/b' },
    ]);
  });
});
