import { z } from 'zod';

/** Error codes shared by server and web. The server answers `{ error: { code, message } }`. */
export const ERROR_CODES = [
  'VALIDATION',
  'TOO_LARGE',
  'UNPROCESSABLE',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'EMAIL_TAKEN',
  'DEMO_FAILED',
  'INTERNAL',
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorBody = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    details: z.array(z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export { DEFAULT_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, STATUS_MESSAGES, TIMEOUT_ERROR_MESSAGE, messageForStatus } from './error-messages.ts';

/** Spec 01 §8 'Accounts'. */
export const AUTH_MESSAGES = {
  invalidCredentials: 'Email ou senha incorretos',
  emailNotVerified: 'Por favor, confirme seu email antes de fazer login',
  emailTaken: 'Este email já está cadastrado. Tente fazer login.',
  passwordTooShort: 'A senha deve ter pelo menos 6 caracteres',
  unexpected: 'Erro inesperado. Tente novamente.',
  demoCreate: 'Erro ao criar usuário demo',
  demoSignIn: 'Erro ao fazer login com usuário demo',
  demoUnexpected: 'Erro inesperado ao fazer login demo',
  demoSuccess: 'Login realizado como usuário demo!',
  mustBeSignedIn: 'Você não está autenticado. Faça login novamente.',
} as const;

/** Spec 01 §5: a schema failure is shown as 'Dados inválidos: ' followed by the messages. */
export function validationMessage(messages: string[]): string {
  return messages.length ? `Dados inválidos: ${messages.join('; ')}` : 'Erro de validação';
}
