import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, PASSWORD, createTestApp, eventually, signUp, type TestApp } from '../../../test/helper.ts';
import { REDACTED, redactUrl } from '../../lib/log-redaction.ts';
import { serverLogs, teeToRing } from './log-ring.ts';

describe('redactUrl', () => {
  it('hides the value of secret query parameters and keeps the rest as sent', () => {
    expect(redactUrl('/api/admin/backups/1/download?token=1780000000000.abc_DEF-123')).toBe(`/api/admin/backups/1/download?token=${REDACTED}`);
    expect(redactUrl('/x?a=1&TOKEN=s&b=%C3%A9#frag')).toBe(`/x?a=1&TOKEN=${REDACTED}&b=%C3%A9#frag`);
    expect(redactUrl('/x?%74oken=s&password=p&token')).toBe(`/x?%74oken=${REDACTED}&password=${REDACTED}&token=${REDACTED}`);
    expect(redactUrl('/api/search?q=token')).toBe('/api/search?q=token');
    expect(redactUrl('/api/health')).toBe('/api/health');
  });
});

describe('the backup download token', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    serverLogs.clear();
    // The server's logger as main.ts builds it: every line also goes to the ring the admins search.
    t = await createTestApp({}, { logger: { level: 'trace', stream: teeToRing(null) } });
    admin = await signUp(t, { email: ADMIN_EMAIL });
  });
  afterAll(async () => {
    await t?.close();
    serverLogs.clear();
  });

  it('is not in the log after a download: the admin log search does not find it', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/backups', headers: { cookie: admin.cookie } });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    await eventually(async () => {
      const b = (await t.app.inject({ url: '/api/admin/backups', headers: { cookie: admin.cookie } })).json().backups.find((x: { id: string }) => x.id === id);
      return b?.status === 'completed';
    }, 30_000);

    const link = await t.app.inject({ method: 'POST', url: `/api/admin/backups/${id}/download-link`, headers: { cookie: admin.cookie }, payload: { password: PASSWORD } });
    expect(link.statusCode, link.body).toBe(200);
    const url = link.json().url as string;
    const token = new URL(url, 'http://localhost').searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(40);
    const download = await t.app.inject({ url, headers: { cookie: admin.cookie } });
    expect(download.statusCode).toBe(200);

    const search = await t.app.inject({ url: '/api/admin/logs?level=trace&limit=500', headers: { cookie: admin.cookie } });
    expect(search.statusCode).toBe(200);
    const lines = search.json().lines as { requestId: string | null; data: Record<string, unknown> }[];
    // The download was logged, with its URL: only the token is hidden.
    const downloadId = String(download.headers['x-request-id']);
    const logged = lines.filter((l) => l.requestId === downloadId);
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).toContain(`/api/admin/backups/${id}/download?token=${REDACTED}`);
    expect(search.body).not.toContain(token);
    expect(search.body).not.toContain(token.split('.')[1]);
  });
});
