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
