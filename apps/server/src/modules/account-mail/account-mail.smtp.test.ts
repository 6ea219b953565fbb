import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '@viabiliza/db/schema';
import { ADMIN_EMAIL, createTestApp, signUp, type TestApp } from '../../../test/helper.ts';

/** A mail server on loopback that accepts every message and keeps its raw text (no TLS, no auth). */
function loopbackSmtp(): Promise<{ url: string; messages: string[]; close: () => Promise<void> }> {
  const messages: string[] = [];
  const server: Server = createServer((socket) => {
    socket.setEncoding('utf8');
    socket.write('220 loopback ESMTP\r\n');
    let buffer = '';
    let data: string[] | null = null;
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end >= 0; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === '.') {
            messages.push(data.join('\n'));
            data = null;
            socket.write('250 OK\r\n');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'EHLO' || command === 'HELO') socket.write('250-loopback\r\n250 8BITMIME\r\n');
        else if (command === 'DATA') {
          data = [];
          socket.write('354 Fim com <CRLF>.<CRLF>\r\n');
        } else if (command === 'QUIT') socket.end('221 Tchau\r\n');
        else socket.write('250 OK\r\n');
      }
    });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

/** Quoted-printable as nodemailer writes it: soft line breaks and =XX escapes. */
const unquote = (text: string) => text.replace(/=\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

let smtp: Awaited<ReturnType<typeof loopbackSmtp>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await loopbackSmtp();
  t = await createTestApp({ smtpUrl: smtp.url, mailFrom: 'Viabiliza <nao-responda@viabiliza.test>' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

describe('account e-mail with SMTP_URL', () => {
  it('sends the reset link by SMTP and keeps no link in the outbox', async () => {
    const admin = await signUp(t, { email: ADMIN_EMAIL, fullName: 'Admin' });
    const person = await signUp(t, { fullName: 'Sérgio Smtp' });
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: person.email } });
    expect(res.statusCode).toBe(200);

    expect(smtp.messages).toHaveLength(1);
    const message = unquote(smtp.messages[0]!);
    expect(message).toContain(`To: ${person.email}`);
    expect(message).toContain('From: Viabiliza <nao-responda@viabiliza.test>');
    const link = /http:\/\/localhost:3000\/redefinir-senha\?token=[\w-]+/.exec(message)?.[0];
    expect(link).toBeDefined();

    const [row] = await t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, person.email));
    expect(row).toMatchObject({ kind: 'password_reset', delivery: 'smtp', status: 'sent', link: null });
    const outbox = await t.app.inject({ url: '/api/admin/outbox', headers: { cookie: admin.cookie } });
    expect(outbox.json()).toMatchObject({ delivery: 'smtp' });
    expect(outbox.json().items[0].link).toBeNull();

    // The link from the message works.
    const token = new URL(link!).searchParams.get('token')!;
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'Jabuticaba!Roxa9' } });
    expect(reset.statusCode).toBe(200);
  });
});
