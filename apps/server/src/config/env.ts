import { z } from 'zod';

const emailList = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: 'deve ser uma lista de e-mails separados por vírgula' })));

const baseUrl = z.url({ protocol: /^https?$/, error: 'deve ser uma URL http(s), por exemplo http://127.0.0.1:11434/v1' });

/** AI providers (modules/ai): each is configured by its key, the OpenAI-compatible one by its URL. */
const aiEnv = {
  GEMINI_API_KEY: z.string().optional(),
  GEMINI_MODEL: z.string().default('gemini-flash-latest'),
  GEMINI_BASE_URL: baseUrl.optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_MODEL: z.string().default('gpt-4.1-mini'),
  OPENAI_API_BASE_URL: baseUrl.optional(),
  HF_TOKEN: z.string().optional(),
  HF_MODEL: z.string().default('meta-llama/Llama-3.3-70B-Instruct'),
  HF_BASE_URL: baseUrl.optional(),
  OPENAI_BASE_URL: baseUrl.optional(),
  OPENAI_COMPATIBLE_MODEL: z.string().optional(),
  OPENAI_COMPATIBLE_API_KEY: z.string().optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(60_000),
};

/** Uploaded originals in an S3-compatible bucket instead of DATA_DIR/uploads (storage/s3-storage.ts). */
const storageEnv = {
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, { error: 'deve ser um nome de bucket válido (minúsculas, números, pontos e hífens)' }).optional(),
  S3_ENDPOINT: baseUrl.optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[\w./-]*$/, { error: 'deve conter apenas letras, números, pontos, barras e hífens' })
    .default(''),
};

/** Every variable is optional; .env.example documents each. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'deve começar com postgres:// ou postgresql://' })
    .optional(),
  PUBLIC_URL: z.url({ error: 'deve ser uma URL, por exemplo https://viabiliza.exemplo.com.br' }).optional(),
  ADMIN_EMAILS: emailList,
  AUTH_SECRET: z.string().min(32, { error: 'deve ter pelo menos 32 caracteres' }).optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  METRICS_TOKEN: z.string().min(24, { error: 'deve ter pelo menos 24 caracteres' }).optional(),
  RECOVERY_STALE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(600),
  /** Password hashes (scrypt, ~100 ms of a core each) at once; unset: cores − 1, at least 1. */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Accounts created (sign-ups and demos) per address an hour, a day, per network an hour, a day:
   * '5,20,20,60'; unset: ACCOUNT_CREATION_BUDGET. The browser tests, all from 127.0.0.1, raise it.
   */
  ACCOUNT_CREATION_LIMITS: z
    .string()
    .regex(/^\s*\d{1,7}\s*(,\s*\d{1,7}\s*){3}$/, { error: 'deve ter 4 números separados por vírgulas: por endereço por hora, por dia; por rede por hora, por dia (ex.: 5,20,20,60)' })
    .transform((s) => {
      const [addressHour, addressDay, networkHour, networkDay] = s.split(',').map((n) => Number(n.trim())) as [number, number, number, number];
      return { address: { perHour: addressHour, perDay: addressDay }, network: { perHour: networkHour, perDay: networkDay } };
    })
    .optional(),
  /** Deploy hooks per environment: 'staging=https://…,production=https://…' (admin deployment tab). */
  DEPLOY_ENVIRONMENTS: z
    .string()
    .default('')
    .transform((s) => s.split(',').map((e) => e.trim()).filter(Boolean))
    .pipe(
      z.array(
        z.string().regex(/^[a-z][a-z0-9-]*=https?:\/\/\S+$/, {
          error: 'deve ser uma lista nome=URL separada por vírgulas, por exemplo staging=https://hook…,production=https://hook…',
        }),
      ),
    ),
  /** The commit this build came from (else read from dist/build-info.json, written by the build). */
  GIT_COMMIT: z.string().regex(/^[0-9a-f]{7,40}$/, { error: 'deve ser um hash de commit git (7 a 40 caracteres hexadecimais)' }).optional(),
  /**
   * OCR engine of the extraction threads (packages/extract/src/ocr.ts reads it there, in each
   * thread); checked here so a typo stops the start instead of failing every scan.
   */
  OCR_ENGINE: z
    .string()
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(['', 'auto', 'native', 'tesseractjs'], { error: 'deve ser native, tesseractjs ou auto' }))
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** all: HTTP and jobs; web: HTTP only (jobs are queued for workers); worker: jobs, and /api/health. */
  VIABILIZA_ROLE: z.enum(['all', 'web', 'worker'], { error: 'deve ser all, web ou worker' }).default('all'),
  /** 32 bytes that encrypt backup archives: 64 hexadecimal characters or base64 (43–44 characters). */
  BACKUP_ENCRYPTION_KEY: z
    .string()
    .regex(/^(?:[0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/, {
      error: 'deve ter 32 bytes: 64 caracteres hexadecimais ou 44 em base64 (gere com: openssl rand -base64 32)',
    })
    .optional(),
  /**
   * The file a generated backup key is kept in (without BACKUP_ENCRYPTION_KEY); default
   * DATA_DIR/keys/backup-key, apart from the archives in DATA_DIR/backups.
   */
  BACKUP_KEY_FILE: z
    .string()
    .trim()
    .min(1)
    .refine((path) => !path.endsWith('/') && !path.endsWith('\\'), { error: 'deve ser o caminho de um arquivo, não de um diretório' })
    .optional(),
  /** Banco Central SGS API for the daily Selic/IPCA/IGP-M/TR refresh; 'off' disables it (shipped and imported rows only). */
  SGS_BASE_URL: z.union([z.literal('off'), z.url({ error: 'deve ser uma URL (http/https) ou off' })]).default('https://api.bcb.gov.br'),
  /** Mail server for account e-mail (password reset, e-mail confirmation); unset: the outbox on /admin. */
  SMTP_URL: z.string().regex(/^smtps?:\/\/\S+$/, { error: 'deve ser uma URL smtp:// ou smtps://, por exemplo smtps://usuario:senha@smtp.exemplo.com.br:465' }).optional(),
  /** From header of account e-mail: 'Viabiliza <nao-responda@exemplo.com.br>' or an address. */
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^(?:[^<>@\r\n]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/, { error: 'deve ser um endereço de e-mail, com ou sem nome: Viabiliza <nao-responda@exemplo.com.br>' })
    .optional(),
  /** Server log lines each instance keeps in memory for GET /api/admin/logs (0 keeps none). */
  LOG_BUFFER_LINES: z.coerce.number().int().min(0).max(100_000).default(2000),
  ...aiEnv,
  ...storageEnv,
}).refine((env) => !env.OPENAI_BASE_URL || env.OPENAI_COMPATIBLE_MODEL, {
  path: ['OPENAI_COMPATIBLE_MODEL'],
  error: 'é obrigatório quando OPENAI_BASE_URL está definido (o nome do modelo no servidor, por exemplo llama3.1)',
}).refine((env) => !env.S3_ACCESS_KEY_ID === !env.S3_SECRET_ACCESS_KEY, {
  path: ['S3_SECRET_ACCESS_KEY'],
  error: 'S3_ACCESS_KEY_ID e S3_SECRET_ACCESS_KEY vão juntos: defina os dois ou nenhum',
});
export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Reads and validates the environment once; a wrong value names the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const input = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new EnvError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
