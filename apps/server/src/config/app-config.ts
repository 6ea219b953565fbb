import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Env } from './env.ts';
import { aiConfigFromEnv, type AiConfig } from '../modules/ai/ai-config.ts';
import type { S3StorageConfig } from '../storage/s3-storage.ts';
import type { AccountCreationBudget } from '@viabiliza/contracts/rate-limits';

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
  /** AI providers with their keys; absent means only the built-in engine (tests set loopback servers). */
  ai?: AiConfig;
  /** Uploaded originals in an S3-compatible bucket; absent means DATA_DIR/uploads. */
  s3?: S3StorageConfig;
  /** Overrides the per-address read budget (RATE_LIMITS.read); only the API load bench sets it. */
  rateLimitReadMax?: number;
  /** Bearer token that may read GET /metrics without an admin session (METRICS_TOKEN). */
  metricsToken?: string;
  /** Seconds between realtime_monitoring samples (spec 02 §9: 30). */
  metricsSampleSeconds: number;
  /**
   * On PostgreSQL, unfinished runs and documents older than this at start are taken as abandoned
   * by a dead instance and resumed (embedded: all of them; one process owns DATA_DIR).
   */
  recoveryStaleSeconds?: number;
  /** Password hashes (scrypt) at once; default: cores − 1, at least 1 (PASSWORD_HASH_CONCURRENCY). */
  passwordHashConcurrency?: number;
  /** New-password hashes (sign-ups) that may wait for a slot; default NEW_PASSWORD_HASH_QUEUE_MAX. */
  newPasswordHashQueueMax?: number;
  /**
   * Accounts created per address and network (ACCOUNT_CREATION_LIMITS); default
   * ACCOUNT_CREATION_BUDGET. Tests that sign up many people from 127.0.0.1 raise it (test/helper.ts).
   */
  accountCreationBudget?: AccountCreationBudget;
  /** Deploy hook URL per environment name, in configuration order (DEPLOY_ENVIRONMENTS). */
  deployEnvironments?: { name: string; hookUrl: string }[];
  /** GIT_COMMIT, when set. */
  gitCommit?: string;
  /** BACKUP_ENCRYPTION_KEY as given; absent: one is generated into `backupKeyFile` (modules/backup/backup-crypto.ts). */
  backupEncryptionKey?: string;
  /** BACKUP_KEY_FILE, absolute; absent: DATA_DIR/keys/backup-key. */
  backupKeyFile?: string;
  /** Banco Central SGS base URL for the daily reference refresh (SGS_BASE_URL); absent: no refresh. */
  sgsBaseUrl?: string;
  /** Milliseconds between event-stream heartbeats, each re-checking the stream's session (default 25 000; tests shorten it). */
  sseHeartbeatMs?: number;
  /** smtp:// or smtps:// mail server (SMTP_URL); absent: account e-mail goes to the outbox on /admin. */
  smtpUrl?: string;
  /** From header of account e-mail (MAIL_FROM); absent: Viabiliza <nao-responda@PUBLIC_URL's host>. */
  mailFrom?: string;
  /** Set when the start found DATA_DIR's disk full (lib/read-only.ts): why; reads work, writes answer 503. */
  readOnly?: string;
}

/**
 * The shared demo account of earlier versions. 'Entrar como Demo' no longer opens it (each visitor
 * gets a sandbox of their own, modules/sandbox), but a database may still hold it: it is left out
 * of every platform-wide figure (modules/auth/counted-users.ts).
 */
export const DEMO_EMAIL = 'demo@viabiliza.com.br';
/** The name a demo sandbox starts with (the visitor may change it on the profile page). */
export const DEMO_NAME = 'Usuário Demo';

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
    ai: aiConfigFromEnv(env),
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          // Self-hosted stores (MinIO and the like) are addressed by path; AWS by virtual host.
          forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
          prefix: env.S3_PREFIX && !env.S3_PREFIX.endsWith('/') ? `${env.S3_PREFIX}/` : env.S3_PREFIX,
        }
      : undefined,
    metricsToken: env.METRICS_TOKEN,
    metricsSampleSeconds: 30,
    recoveryStaleSeconds: env.RECOVERY_STALE_SECONDS,
    passwordHashConcurrency: env.PASSWORD_HASH_CONCURRENCY,
    accountCreationBudget: env.ACCOUNT_CREATION_LIMITS,
    deployEnvironments: env.DEPLOY_ENVIRONMENTS.map((e) => ({ name: e.slice(0, e.indexOf('=')), hookUrl: e.slice(e.indexOf('=') + 1) })),
    gitCommit: env.GIT_COMMIT,
    backupEncryptionKey: env.BACKUP_ENCRYPTION_KEY,
    backupKeyFile: env.BACKUP_KEY_FILE ? resolve(env.BACKUP_KEY_FILE) : undefined,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    sgsBaseUrl: env.SGS_BASE_URL === 'off' ? undefined : env.SGS_BASE_URL.replace(/\/$/, ''),
  };
}
