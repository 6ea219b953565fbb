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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
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
