/**
 * Server-side budgets (spec 01 §9 'Client rate limits'), enforced by the server.
 * `read` is the generous default for GETs an SPA makes while a person browses; `default` is the
 * spec's 30/min for other calls.
 */
export const RATE_LIMITS = {
  auth: { max: 5, windowMs: 15 * 60_000 },
  analysis: { max: 10, windowMs: 60_000 },
  upload: { max: 5, windowMs: 60_000 },
  admin: { max: 3, windowMs: 60_000 },
  /**
   * Security actions of an admin (ending sessions, changing roles): an incident means ending many
   * sessions at once, so 3/min would hold the admin back, not the attacker.
   */
  adminSecurity: { max: 30, windowMs: 60_000 },
  default: { max: 30, windowMs: 60_000 },
  read: { max: 600, windowMs: 60_000 },
  /**
   * Web-vitals reports (one per full page load, not per route change) count apart, so browsing never
   * eats the default budget; 10 a minute per address leaves room for reloads, not for flooding.
   */
  vitals: { max: 10, windowMs: 60_000 },
} as const;
export type RateLimitCategory = keyof typeof RATE_LIMITS;

/**
 * Sign-in protection (issue 15): only failed sign-ins (wrong password) count; a success never does.
 * - per address: after `addressFailures` failures in the window every sign-in from that address is
 *   refused until the window frees one (a hard limit that only the address's own failures move);
 * - per account: after `accountFreeFailures` failures in the window each further attempt waits a
 *   growing delay (`accountDelaysMs`, the last repeats) since the previous failure, but never from an
 *   address the account has signed in or signed up from in the last `familiarDays`: a stranger's
 *   guesses slow the stranger down, never the owner at their usual address.
 * Counted from the security audit trail in the database, so every instance shares the counts.
 */
export const SIGN_IN_PROTECTION = {
  windowMs: 15 * 60_000,
  addressFailures: 20,
  accountFreeFailures: 5,
  accountDelaysMs: [30_000, 60_000, 120_000, 300_000],
  familiarDays: 30,
} as const;

/**
 * Accounts created (sign-ups and 'Entrar como Demo' sandboxes together) per person, not per e-mail:
 * a budget keyed by e-mail gave every new address a fresh one (one address made 59 accounts in a
 * minute). Counted per client address and per network (IPv4 /24, IPv6 /56: what one subscriber or
 * one rented server block usually holds, so rotating addresses inside it does not help), in the
 * database, so every instance shares them.
 * - per address: 5 an hour covers a family or an office signing up one after the other, and the few
 *   demos a visitor opens; 20 a day bounds a patient script at one address.
 * - per network: a bit more (20 an hour, 60 a day), for neighbours behind the same carrier NAT or in
 *   the same office block, while a script rotating through a /24 gets no more than a few addresses' worth.
 * Sandboxes have their own daily cap on top (DEMO_SANDBOX.perAddressPerDay).
 */
export const ACCOUNT_CREATION_BUDGET = {
  address: { perHour: 5, perDay: 20 },
  network: { perHour: 20, perDay: 60 },
} as const;
export type AccountCreationBudget = { [scope in keyof typeof ACCOUNT_CREATION_BUDGET]: { perHour: number; perDay: number } };

/**
 * Password hashes of new passwords (sign-ups, sandboxes, password changes) waiting for the hashing
 * slots. Sign-ins go first, so a burst of sign-ups cannot starve them; past this many waiting (about
 * 2 s of work on one core at ~100 ms a hash) a sign-up is answered 429 at once rather than left to
 * wait behind a flood.
 */
export const NEW_PASSWORD_HASH_QUEUE_MAX = 20;

/**
 * Wrong passwords at the backup re-prompt (download, restore, showing the key), counted per admin
 * account whatever the address: a stolen session cannot guess the admin's password by spreading
 * its guesses over many addresses. The count is read from the audit trail, shared by every instance.
 */
export const BACKUP_PASSWORD_PROTECTION = {
  windowMs: 15 * 60_000,
  failures: 5,
} as const;
