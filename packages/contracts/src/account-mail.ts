import { z } from 'zod';
import { PASSWORD_COMPOSITION_MESSAGE, PASSWORD_MAX, PASSWORD_MIN } from './auth.ts';

/**
 * Account recovery and e-mail: password reset by link, e-mail verification (required before
 * sharing an analysis) and e-mail change. Links hold a single-use token valid for
 * `ACCOUNT_MAIL.tokenMinutes`.
 */
export const ACCOUNT_MAIL = {
  tokenMinutes: 30,
  /**
   * Messages asked for (resets, verifications, changes together) in `windowMs`: per account (the
   * e-mail asked about) and per client address. Counted from the audit trail in the database, so
   * every instance shares them.
   */
  windowMs: 30 * 60_000,
  perAccount: 3,
  perAddress: 10,
} as const;

const email = z
  .string({ error: 'Email inválido' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Email inválido' }).max(254, { error: 'Email inválido' }));

const token = z.string({ error: 'Link inválido' }).trim().min(16, { error: 'Link inválido' }).max(200, { error: 'Link inválido' });

export const newPassword = z
  .string({ error: 'Senha deve ter pelo menos 8 caracteres' })
  .min(PASSWORD_MIN, { error: 'Senha deve ter pelo menos 8 caracteres' })
  .max(PASSWORD_MAX, { error: 'Senha muito longa' })
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p), { error: PASSWORD_COMPOSITION_MESSAGE });

export const forgotPasswordInput = z.object({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordInput>;

export const resetPasswordInput = z.object({ token, newPassword });
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const confirmEmailInput = z.object({ token });
export type ConfirmEmailInput = z.infer<typeof confirmEmailInput>;

export const changeEmailInput = z.object({
  newEmail: email,
  password: z.string({ error: 'Informe sua senha atual' }).min(1, { error: 'Informe sua senha atual' }).max(PASSWORD_MAX, { error: 'Senha muito longa' }),
});
export type ChangeEmailInput = z.infer<typeof changeEmailInput>;

export const accountMailResponse = z.object({ message: z.string() });
export type AccountMailResponse = z.infer<typeof accountMailResponse>;

export const confirmEmailResponse = z.object({ message: z.string(), email: z.string() });
export type ConfirmEmailResponse = z.infer<typeof confirmEmailResponse>;

export const MAIL_KINDS = ['password_reset', 'email_verification', 'email_change', 'email_changed'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const MAIL_KIND_LABELS: Record<MailKind, string> = {
  password_reset: 'Redefinição de senha',
  email_verification: 'Confirmação de e-mail',
  email_change: 'Troca de e-mail',
  email_changed: 'Aviso de troca de e-mail',
};

export const outboxMessage = z.object({
  id: z.string(),
  kind: z.enum(MAIL_KINDS),
  /** Partly masked: 'an***@example.com'. */
  recipient: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  delivery: z.enum(['outbox', 'smtp']),
  status: z.enum(['queued', 'sent', 'failed']),
  /** The message's link, kept only when the outbox is the delivery (no SMTP_URL). */
  link: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;

export const outboxResponse = z.object({
  /** 'outbox': no SMTP_URL, this list is how messages reach people; 'smtp': sent by the mail server. */
  delivery: z.enum(['outbox', 'smtp']),
  items: z.array(outboxMessage),
});
export type OutboxResponse = z.infer<typeof outboxResponse>;

/** 'ana.souza@example.com' → 'an***@example.com'. */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  const local = address.slice(0, at);
  return `${local.slice(0, Math.min(2, local.length - 1) || 1)}***${address.slice(at)}`;
}

export const ACCOUNT_MAIL_MESSAGES = {
  forgotSent: `Se houver uma conta com este e-mail, enviamos um link para redefinir a senha. O link vale por ${ACCOUNT_MAIL.tokenMinutes} minutos e só pode ser usado uma vez.`,
  passwordReset: 'Senha redefinida. Entre com a nova senha: as sessões abertas com a senha antiga foram encerradas.',
  invalidToken: 'Link inválido ou expirado. Peça um novo link.',
  verificationSent: (address: string) => `Enviamos um link de confirmação para ${address}. Ele vale por ${ACCOUNT_MAIL.tokenMinutes} minutos.`,
  alreadyVerified: 'Seu e-mail já está confirmado.',
  emailVerified: 'E-mail confirmado.',
  changeSent: (address: string) => `Enviamos um link para ${address}. O e-mail da conta muda quando você abrir o link (vale por ${ACCOUNT_MAIL.tokenMinutes} minutos).`,
  emailChanged: 'E-mail alterado e confirmado.',
  sameEmail: 'Este já é o e-mail da sua conta.',
  emailTaken: 'Este email já está cadastrado.',
  wrongPassword: 'Senha atual incorreta.',
  tooMany: 'Muitos pedidos de e-mail para esta conta ou este endereço. Tente novamente mais tarde.',
  notInDemo: 'Indisponível na demonstração: crie uma conta gratuita para usar este recurso.',
  verifyBeforeSharing: 'Confirme seu e-mail antes de compartilhar uma análise: peça o link de confirmação em Meu Perfil.',
} as const;
