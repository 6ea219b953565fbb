import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Env } from './env.ts';

/** What the running server derives from the environment. */
export interface AppConfig {
  publicUrl: string;
  trustedOrigins: string[];
  adminEmails: string[];
  authSecret: string;
  dataDir: string;
  /** Where the built web app lives; absent when the server runs API-only (tests). */
  webDist?: string;
  trustProxy: boolean;
  secureCookies: boolean;
  /** Seconds between queue polls when no NOTIFY wakes the worker. */
  queuePollSeconds: number;
}

export const DEMO_EMAIL = 'demo@viabiliza.com.br';
export const DEMO_NAME = 'Usuário Demo';

/** The demo password is derived from the secret: it never leaves the server and needs no storage. */
export function demoPassword(authSecret: string): string {
  return createHmac('sha256', authSecret).update('viabiliza-demo-account').digest('base64url') + 'Aa1!';
}

/** AUTH_SECRET, or one generated once and kept under DATA_DIR so sessions survive restarts. */
export function resolveAuthSecret(env: Pick<Env, 'AUTH_SECRET'>, dataDir: string): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function appConfigFromEnv(env: Env, webDist?: string): AppConfig {
  const dataDir = resolve(env.DATA_DIR);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  const origins = new Set([publicUrl]);
  if (!env.PUBLIC_URL) origins.add(`http://127.0.0.1:${env.PORT}`);
  return {
    publicUrl,
    trustedOrigins: [...origins],
    adminEmails: env.ADMIN_EMAILS,
    authSecret: resolveAuthSecret(env, dataDir),
    dataDir,
    webDist,
    trustProxy: env.TRUST_PROXY,
    secureCookies: publicUrl.startsWith('https://'),
    queuePollSeconds: 2,
  };
}
