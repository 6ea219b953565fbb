import { z } from 'zod';

/** GET /api/admin/security (spec 02 §2 'Security panel'): checks computed from this installation. */
export const securityCheck = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(['pass', 'warn', 'fail']),
  severity: z.enum(['low', 'medium', 'high']),
  message: z.string(),
});
export type SecurityCheck = z.infer<typeof securityCheck>;

export const securityReport = z.object({
  checkedAt: z.string(),
  checks: z.array(securityCheck),
  counts: z.object({ pass: z.number(), warn: z.number(), fail: z.number() }),
});
export type SecurityReport = z.infer<typeof securityReport>;

/** GET /api/admin/sessions: unexpired sessions of every user, latest activity first. */
export const activeSession = z.object({
  id: z.string(),
  userId: z.string(),
  userEmail: z.string(),
  userName: z.string(),
  browser: z.string(),
  ipAddress: z.string().nullable(),
  lastActivity: z.string(),
  createdAt: z.string(),
  /** The session of the admin asking. */
  current: z.boolean(),
});
export type ActiveSession = z.infer<typeof activeSession>;
export const activeSessionList = z.object({ sessions: z.array(activeSession) });
export type ActiveSessionList = z.infer<typeof activeSessionList>;

export const revokeSessionResponse = z.object({ id: z.string(), revoked: z.literal(true) });
export type RevokeSessionResponse = z.infer<typeof revokeSessionResponse>;

/** A readable browser name from a user agent (spec 02 §3: device_info.browser). */
export function browserFromUserAgent(ua: string | null | undefined): string {
  if (!ua) return 'Desconhecido';
  const rules: [RegExp, string][] = [
    [/Edg(e|A|iOS)?\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/SamsungBrowser\//, 'Samsung Internet'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
    [/Safari\//, 'Safari'],
    [/curl\//, 'curl'],
  ];
  const found = rules.find(([re]) => re.test(ua));
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Windows/.test(ua) ? 'Windows' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : null;
  const name = found ? found[1] : 'Outro';
  return os ? `${name} (${os})` : name;
}
