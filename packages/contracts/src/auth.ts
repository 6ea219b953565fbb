import { BIDI_CONTROL_MESSAGE, hasBidiControl } from './text-rules.ts';
import { z } from 'zod';

/** Spec 01 §5 'Login' and 'Registration'; the messages are the spec's. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const PASSWORD_COMPOSITION_MESSAGE = 'Senha deve conter ao menos: 1 minúscula, 1 maiúscula e 1 número';

const email = z
  .string({ error: 'Email inválido' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Email inválido' }));

const password = z
  .string({ error: 'Senha deve ter pelo menos 8 caracteres' })
  .min(PASSWORD_MIN, { error: 'Senha deve ter pelo menos 8 caracteres' })
  .max(PASSWORD_MAX, { error: 'Senha muito longa' });

export const signInInput = z.object({ email, password });
export type SignInInput = z.infer<typeof signInInput>;

export const signUpInput = z.object({
  fullName: z
    .string({ error: 'Nome deve ter pelo menos 2 caracteres' })
    .trim()
    .min(2, { error: 'Nome deve ter pelo menos 2 caracteres' })
    .max(100, { error: 'Nome muito longo' })
    .refine((name) => !hasBidiControl(name), BIDI_CONTROL_MESSAGE),
  email,
  password: password.refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p), {
    error: PASSWORD_COMPOSITION_MESSAGE,
  }),
  company: z
    .string()
    .trim()
    .max(100, { error: 'Nome da empresa muito longo' })
    .refine((company) => !hasBidiControl(company), BIDI_CONTROL_MESSAGE)
    .optional()
    .transform((c) => (c ? c : undefined)),
});
export type SignUpInput = z.input<typeof signUpInput>;

export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const sessionUser = z.object({
  id: z.string(),
  email: z.string(),
  fullName: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  role: roleSchema,
  /** A private demo sandbox opened by 'Entrar como Demo' (its own account, sample data, removed later). */
  isDemo: z.boolean(),
  /** When the sandbox and its files are removed (ISO 8601); null for every other account. */
  sandboxExpiresAt: z.string().nullable(),
  /** The e-mail was confirmed by a link sent to it (required before sharing an analysis). */
  emailVerified: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionResponse = z.object({ user: sessionUser.nullable() });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** The five rules of the strength meter (spec 01 §2 'Sign-in and registration'). */
export const PASSWORD_RULES = [
  { id: 'length', label: 'Pelo menos 8 caracteres', test: (p: string) => p.length >= 8 },
  { id: 'upper', label: 'Uma letra maiúscula', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'lower', label: 'Uma letra minúscula', test: (p: string) => /[a-z]/.test(p) },
  { id: 'digit', label: 'Um número', test: (p: string) => /\d/.test(p) },
  { id: 'special', label: 'Um caractere especial', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

export type PasswordStrength = 'empty' | 'weak' | 'medium' | 'strong' | 'very-strong';

export const PASSWORD_STRENGTH_LABELS: Record<PasswordStrength, string> = {
  empty: '',
  weak: 'Fraca',
  medium: 'Média',
  strong: 'Forte',
  'very-strong': 'Muito forte',
};

/** Spec 01 §4: share of the five rules met; under 40% weak, under 70% medium, under 100% strong. */
export function passwordStrength(password: string): { score: number; level: PasswordStrength } {
  if (!password) return { score: 0, level: 'empty' };
  const met = PASSWORD_RULES.filter((r) => r.test(password)).length;
  const score = (met / PASSWORD_RULES.length) * 100;
  const level: PasswordStrength =
    score < 40 ? 'weak' : score < 70 ? 'medium' : score < 100 ? 'strong' : 'very-strong';
  return { score, level };
}

/**
 * 'Entrar como Demo' (issue 18): every click opens a private sandbox account of its own, cloned from
 * the sample data and removed with its files `ttlHours` later. Opening one is a sign-up, so the auth
 * budget applies (5 per 15 minutes per address), and an address opens at most `perAddressPerDay`.
 */
export const DEMO_SANDBOX = {
  ttlHours: 24,
  perAddressPerDay: 20,
  /** Reserved (RFC 2606 '.invalid'): no mailbox exists, and a person cannot sign up with it. */
  emailDomain: 'demo.viabiliza.invalid',
} as const;

export const DEMO_SANDBOX_MESSAGES = {
  dailyLimit: 'Limite diário de demonstrações atingido para este endereço. Tente novamente amanhã ou crie uma conta gratuita.',
  reservedEmail: 'Este domínio de e-mail é reservado para demonstrações. Use outro e-mail.',
  notInDemo: 'Indisponível na demonstração: crie uma conta gratuita para usar este recurso.',
} as const;

/** Refusals of account creation (sign-up and demo) by the per-person budgets; Retry-After says when. */
export const ACCOUNT_CREATION_MESSAGES = {
  addressLimit: 'Muitas contas criadas a partir deste endereço. Tente novamente mais tarde.',
  networkLimit: 'Muitas contas criadas a partir desta rede. Tente novamente mais tarde.',
  busy: 'Muitos cadastros ao mesmo tempo. Aguarde alguns segundos e tente novamente.',
  reservedEmail: 'Este e-mail é reservado à equipe Viabiliza e não pode ser cadastrado. Use outro e-mail.',
} as const;

/**
 * The product's own domain: the old shared demo account (demo@viabiliza.com.br) and the public
 * contact address live there, and an account on it would pass for the team's in shared analyses.
 * Only the addresses the operator lists in ADMIN_EMAILS may sign up with it.
 */
export const RESERVED_EMAIL_DOMAIN = 'viabiliza.com.br';
