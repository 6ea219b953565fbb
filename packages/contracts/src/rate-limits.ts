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
  default: { max: 30, windowMs: 60_000 },
  read: { max: 600, windowMs: 60_000 },
  /** Web-vitals reports (one per page load) count apart, so browsing never eats the default budget. */
  vitals: { max: 30, windowMs: 60_000 },
} as const;
export type RateLimitCategory = keyof typeof RATE_LIMITS;
