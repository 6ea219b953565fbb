import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { APIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import { session } from '@viabiliza/db/schema';
import {
  ACCOUNT_MAIL,
  ACCOUNT_MAIL_MESSAGES,
  maskEmail,
  type ChangeEmailInput,
  type ConfirmEmailResponse,
  type OutboxResponse,
  type ResetPasswordInput,
} from '@viabiliza/contracts/account-mail';
import { ACCOUNT_CREATION_MESSAGES, DEMO_SANDBOX_MESSAGES, type SessionUser } from '@viabiliza/contracts/auth';
import { passwordWeakness } from '@viabiliza/contracts/password-rule';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { RetryLater, secondsFrom } from '../../lib/retry-later.ts';
import { audit, requestMeta } from '../audit/audit.service.ts';
import { isReservedEmail, isSandboxEmail, resetTokenSink } from '../auth/auth.instance.ts';
import {
  changeEmail,
  countMailRequests,
  findUserForMail,
  latestOutboxMessages,
  markEmailVerified,
  type MailRequestAction,
} from './account-mail.repository.ts';

/** Identifier prefix of e-mail confirmation links in Better Auth's verification table (stored hashed). */
const EMAIL_TOKEN_PREFIX = 'account-email:';
const OUTBOX_LIMIT = 50;

interface EmailToken {
  userId: string;
  email: string;
  purpose: 'verify' | 'change';
}

const linkTo = (ctx: AppContext, path: string, token: string) => `${ctx.config.publicUrl}${path}?token=${encodeURIComponent(token)}`;

/**
 * Admits one more e-mail request about `email` from the request's address, or refuses it with 429
 * and Retry-After. Admitted requests are written to the audit trail, which is what is counted.
 */
async function admit(ctx: AppContext, request: FastifyRequest, action: MailRequestAction, email: string, userId: string | null) {
  const counts = await countMailRequests(ctx.db, request.ip, email, ACCOUNT_MAIL.windowMs);
  const overAddress = counts.address >= ACCOUNT_MAIL.perAddress;
  const overAccount = counts.account >= ACCOUNT_MAIL.perAccount;
  if (overAddress || overAccount) {
    const waitMs = Math.max(overAddress ? counts.addressFreesInMs : 0, overAccount ? counts.accountFreesInMs : 0);
    await audit(ctx.db, request.log, { userId, action, resource: 'auth', success: false, details: { email, reason: 'RATE_LIMITED' }, ...requestMeta(request) });
    throw new RetryLater(ACCOUNT_MAIL_MESSAGES.tooMany, secondsFrom(waitMs));
  }
  await audit(ctx.db, request.log, { userId, action, resource: 'auth', success: true, details: { email }, ...requestMeta(request) });
}

async function issueEmailToken(ctx: AppContext, value: EmailToken): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const auth = await ctx.auth.$context;
  await auth.internalAdapter.createVerificationValue({
    identifier: `${EMAIL_TOKEN_PREFIX}${token}`,
    value: JSON.stringify(value),
    expiresAt: new Date(Date.now() + ACCOUNT_MAIL.tokenMinutes * 60_000),
  });
  return token;
}

/** Spends a confirmation link: the first use gets its content, every later or expired use null. */
async function consumeEmailToken(ctx: AppContext, token: string): Promise<EmailToken | null> {
  const auth = await ctx.auth.$context;
  const row = await auth.internalAdapter.consumeVerificationValue(`${EMAIL_TOKEN_PREFIX}${token}`);
  if (!row) return null;
  try {
    return JSON.parse(row.value) as EmailToken;
  } catch {
    return null;
  }
}

export async function requestPasswordReset(ctx: AppContext, request: FastifyRequest, email: string): Promise<{ message: string }> {
  const account = await findUserForMail(ctx.db, { email });
  await admit(ctx, request, 'password_reset_request', email, account?.id ?? null);
  // The answer is the same whether or not an account exists, so it reveals none. Demo sandboxes
  // have no mailbox (reserved '.invalid' domain).
  if (account && !account.isSandbox) {
    await resetTokenSink.run(
      (user, token) =>
        ctx.mailer.send(
          {
            userId: user.id,
            kind: 'password_reset',
            to: user.email,
            subject: 'Redefinir sua senha do Viabiliza',
            text: [
              `Olá, ${user.name}.`,
              '',
              'Recebemos um pedido para redefinir a senha da sua conta no Viabiliza.',
              `Abra o link abaixo em até ${ACCOUNT_MAIL.tokenMinutes} minutos para escolher uma nova senha. O link só pode ser usado uma vez.`,
              'Se não foi você, ignore esta mensagem: sua senha continua a mesma.',
            ].join('\n'),
            link: linkTo(ctx, '/redefinir-senha', token),
          },
          request.log,
        ),
      () => ctx.auth.api.requestPasswordReset({ body: { email } }),
    );
  }
  return { message: ACCOUNT_MAIL_MESSAGES.forgotSent };
}

export async function resetPassword(ctx: AppContext, request: FastifyRequest, input: ResetPasswordInput): Promise<{ message: string }> {
  const auth = await ctx.auth.$context;
  const pending = await auth.internalAdapter.findVerificationValue(`reset-password:${input.token}`);
  const account = pending && pending.expiresAt > new Date() ? await findUserForMail(ctx.db, { id: pending.value }) : null;
  if (!account) throw new AppError('VALIDATION', ACCOUNT_MAIL_MESSAGES.invalidToken);
  const weakness = passwordWeakness(input.newPassword, [account.name, account.email, account.company ?? undefined]);
  if (weakness) throw new AppError('VALIDATION', weakness.message);
  const sessions = await ctx.db.select({ id: session.id }).from(session).where(eq(session.userId, account.id));
  try {
    await ctx.auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
  } catch (err) {
    if (err instanceof APIError && err.statusCode < 500) {
      await audit(ctx.db, request.log, { userId: account.id, action: 'password_reset', resource: 'auth', success: false, details: { email: account.email, reason: 'INVALID_TOKEN' }, ...requestMeta(request) });
      throw new AppError('VALIDATION', ACCOUNT_MAIL_MESSAGES.invalidToken);
    }
    throw err;
  }
  // Better Auth deleted the sessions (revokeSessionsOnPasswordReset); their open event streams end too.
  for (const s of sessions) await ctx.events.endSession(account.id, s.id);
  await audit(ctx.db, request.log, { userId: account.id, action: 'password_reset', resource: 'auth', success: true, details: { email: account.email, sessionsEnded: sessions.length }, ...requestMeta(request) });
  return { message: ACCOUNT_MAIL_MESSAGES.passwordReset };
}

export async function requestVerification(ctx: AppContext, request: FastifyRequest, user: SessionUser): Promise<{ message: string }> {
  if (user.isDemo) throw new AppError('FORBIDDEN', DEMO_SANDBOX_MESSAGES.notInDemo);
  if (user.emailVerified) throw new AppError('CONFLICT', ACCOUNT_MAIL_MESSAGES.alreadyVerified);
  await admit(ctx, request, 'email_verification_request', user.email, user.id);
  const token = await issueEmailToken(ctx, { userId: user.id, email: user.email, purpose: 'verify' });
  await ctx.mailer.send(
    {
      userId: user.id,
      kind: 'email_verification',
      to: user.email,
      subject: 'Confirme seu e-mail no Viabiliza',
      text: [
        `Olá, ${user.fullName}.`,
        '',
        `Abra o link abaixo em até ${ACCOUNT_MAIL.tokenMinutes} minutos para confirmar que este e-mail é seu. Com o e-mail confirmado você pode compartilhar análises.`,
        'Se não foi você, ignore esta mensagem.',
      ].join('\n'),
      link: linkTo(ctx, '/verificar-email', token),
    },
    request.log,
  );
  return { message: ACCOUNT_MAIL_MESSAGES.verificationSent(user.email) };
}

export async function requestEmailChange(ctx: AppContext, request: FastifyRequest, user: SessionUser, input: ChangeEmailInput): Promise<{ message: string }> {
  if (user.isDemo) throw new AppError('FORBIDDEN', DEMO_SANDBOX_MESSAGES.notInDemo);
  if (input.newEmail === user.email) throw new AppError('VALIDATION', ACCOUNT_MAIL_MESSAGES.sameEmail);
  if (isSandboxEmail(input.newEmail)) throw new AppError('VALIDATION', DEMO_SANDBOX_MESSAGES.reservedEmail);
  if (isReservedEmail(input.newEmail, ctx.config.adminEmails)) throw new AppError('VALIDATION', ACCOUNT_CREATION_MESSAGES.reservedEmail);
  // Counted before the password is checked: the budget also bounds guesses of the password.
  await admit(ctx, request, 'email_change_request', user.email, user.id);
  try {
    await ctx.auth.api.verifyPassword({ body: { password: input.password }, headers: fromNodeHeaders(request.headers) });
  } catch (err) {
    if (err instanceof APIError && err.statusCode < 500) throw new AppError('VALIDATION', ACCOUNT_MAIL_MESSAGES.wrongPassword);
    throw err;
  }
  if (await findUserForMail(ctx.db, { email: input.newEmail })) throw new AppError('CONFLICT', ACCOUNT_MAIL_MESSAGES.emailTaken);
  const token = await issueEmailToken(ctx, { userId: user.id, email: input.newEmail, purpose: 'change' });
  await ctx.mailer.send(
    {
      userId: user.id,
      kind: 'email_change',
      to: input.newEmail,
      subject: 'Confirme o novo e-mail da sua conta Viabiliza',
      text: [
        `Olá, ${user.fullName}.`,
        '',
        `Foi pedido que a sua conta no Viabiliza passe a usar este e-mail. Abra o link abaixo em até ${ACCOUNT_MAIL.tokenMinutes} minutos para confirmar a troca.`,
        'Se não foi você, ignore esta mensagem: nada muda.',
      ].join('\n'),
      link: linkTo(ctx, '/verificar-email', token),
    },
    request.log,
  );
  return { message: ACCOUNT_MAIL_MESSAGES.changeSent(input.newEmail) };
}

/** Opens a confirmation link: confirms the account's e-mail, or moves the account to the new one. */
export async function confirmEmail(ctx: AppContext, request: FastifyRequest, token: string): Promise<ConfirmEmailResponse> {
  const claim = await consumeEmailToken(ctx, token);
  if (!claim) throw new AppError('VALIDATION', ACCOUNT_MAIL_MESSAGES.invalidToken);
  const meta = requestMeta(request);
  if (claim.purpose === 'verify') {
    // A link sent to an address the account no longer uses confirms nothing.
    if (!(await markEmailVerified(ctx.db, claim.userId, claim.email))) throw new AppError('VALIDATION', ACCOUNT_MAIL_MESSAGES.invalidToken);
    await audit(ctx.db, request.log, { userId: claim.userId, action: 'email_verified', resource: 'auth', success: true, details: { email: claim.email }, ...meta });
    return { message: ACCOUNT_MAIL_MESSAGES.emailVerified, email: claim.email };
  }
  const before = await findUserForMail(ctx.db, { id: claim.userId });
  if (!before) throw new AppError('VALIDATION', ACCOUNT_MAIL_MESSAGES.invalidToken);
  if (!(await changeEmail(ctx.db, claim.userId, claim.email))) throw new AppError('CONFLICT', ACCOUNT_MAIL_MESSAGES.emailTaken);
  await audit(ctx.db, request.log, { userId: claim.userId, action: 'email_changed', resource: 'auth', success: true, details: { email: claim.email, previous: maskEmail(before.email) }, ...meta });
  // The old address hears of it: if the change was not its owner's doing, they know whom to call.
  await ctx.mailer.send(
    {
      userId: claim.userId,
      kind: 'email_changed',
      to: before.email,
      subject: 'O e-mail da sua conta Viabiliza foi alterado',
      text: [
        `Olá, ${before.name}.`,
        '',
        `A sua conta no Viabiliza passou a usar o e-mail ${maskEmail(claim.email)}. Se não foi você, responda a esta mensagem ou fale com o suporte.`,
      ].join('\n'),
      link: null,
    },
    request.log,
  );
  return { message: ACCOUNT_MAIL_MESSAGES.emailChanged, email: claim.email };
}

export async function outbox(ctx: AppContext): Promise<OutboxResponse> {
  const rows = await latestOutboxMessages(ctx.db, OUTBOX_LIMIT);
  return {
    delivery: ctx.mailer.delivery,
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind as OutboxResponse['items'][number]['kind'],
      recipient: maskEmail(r.recipient),
      subject: r.subject,
      createdAt: r.createdAt.toISOString(),
      delivery: r.delivery as 'outbox' | 'smtp',
      status: r.status as 'queued' | 'sent' | 'failed',
      link: r.link,
    })),
  };
}
