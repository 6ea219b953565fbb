import { AsyncLocalStorage } from 'node:async_hooks';
import { betterAuth, type User } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin } from 'better-auth/plugins';
import * as schema from '@viabiliza/db/schema';
import type { Database } from '@viabiliza/db/client';
import { DEMO_SANDBOX, PASSWORD_MAX, PASSWORD_MIN, RESERVED_EMAIL_DOMAIN } from '@viabiliza/contracts/auth';
import { ACCOUNT_MAIL } from '@viabiliza/contracts/account-mail';
import type { AppConfig } from '../../config/app-config.ts';
import type { PasswordHashing } from './password-hashing.ts';

/**
 * Where auth.service.ts puts the client address Fastify resolved. Better Auth would otherwise read
 * X-Forwarded-For, which any client can send when no proxy is trusted (and a direct connection
 * has none: every session showed 'IP desconhecido').
 */
export const CLIENT_IP_HEADER = 'x-viabiliza-client-ip';

/** An e-mail on the reserved demo domain: only 'Entrar como Demo' creates such accounts. */
export function isSandboxEmail(email: string): boolean {
  return email.trim().toLowerCase().endsWith(`@${DEMO_SANDBOX.emailDomain}`);
}

/**
 * An address on the product's own domain (the old shared demo account, the contact address, the
 * team's) that nobody may sign up with, unless the operator lists it in ADMIN_EMAILS.
 */
export function isReservedEmail(email: string, adminEmails: string[]): boolean {
  const normalized = email.trim().toLowerCase();
  const domain = normalized.slice(normalized.lastIndexOf('@') + 1);
  const onDomain = domain === RESERVED_EMAIL_DOMAIN || domain.endsWith(`.${RESERVED_EMAIL_DOMAIN}`);
  return onDomain && !adminEmails.includes(normalized);
}

/**
 * Where a password-reset token goes: the account-mail service runs Better Auth's reset request
 * inside `resetTokenSink.run(send, …)`, so the message is sent with the request's logger and
 * recorded like every other account e-mail (modules/account-mail).
 */
export const resetTokenSink = new AsyncLocalStorage<(user: User, token: string) => Promise<void>>();

export function createAuth(db: Database, config: AppConfig, passwordHashing: PasswordHashing) {
  const isAdminEmail = (email: string) => config.adminEmails.includes(email.toLowerCase());
  return betterAuth({
    appName: 'Viabiliza',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret: config.authSecret,
    trustedOrigins: config.trustedOrigins,
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX,
      password: passwordHashing,
      sendResetPassword: async ({ user, token }) => {
        const send = resetTokenSink.getStore();
        if (!send) throw new Error('password reset requested outside the account-mail service');
        await send(user, token);
      },
      resetPasswordTokenExpiresIn: ACCOUNT_MAIL.tokenMinutes * 60,
      // A reset is what a person does when the password may be known to someone else.
      revokeSessionsOnPasswordReset: true,
    },
    // Link tokens (password reset, e-mail confirmation) are kept hashed: a copy of the database
    // does not hold a usable link.
    verification: { storeIdentifier: 'hashed' },
    user: {
      additionalFields: {
        company: { type: 'string', required: false, input: true },
        phone: { type: 'string', required: false, input: false },
        lastLoginAt: { type: 'date', required: false, input: false },
        // Set only by the create hook below, from the reserved demo domain: never from a request body.
        isSandbox: { type: 'boolean', required: false, input: false, defaultValue: false },
        sandboxExpiresAt: { type: 'date', required: false, input: false },
      },
      // E-mail change goes through modules/account-mail (password re-check, link to the new address).
      changeEmail: { enabled: false },
    },
    // The server's own limiter enforces the spec's budgets (see plugins/rate-limit.ts).
    rateLimit: { enabled: false },
    advanced: { useSecureCookies: config.secureCookies, ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] } },
    plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] })],
    databaseHooks: {
      user: {
        create: {
          // Bootstrap admins from ADMIN_EMAILS on the server, at sign-up.
          // A demo sandbox is marked in the same insert that creates it (modules/sandbox): an
          // account on the reserved domain is never, even for a moment, an ordinary account.
          before: async (user) => {
            const sandbox = isSandboxEmail(user.email);
            return {
              data: {
                ...user,
                role: !sandbox && isAdminEmail(user.email) ? 'admin' : 'user',
                isSandbox: sandbox,
                sandboxExpiresAt: sandbox ? new Date(Date.now() + DEMO_SANDBOX.ttlHours * 3_600_000) : null,
              },
            };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
