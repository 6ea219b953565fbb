import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AppContext } from '../../context.ts';
import { deleteUserWithFiles } from './admin-console.repository.ts';
import { expectThat } from './check-runner.ts';

/**
 * A real account created through the public API for one synthetic run and deleted afterwards,
 * with its uploaded files. Requests go through app.inject: the same routes, hooks, validation and
 * rate limits a browser meets, without a network hop.
 */
export class ThrowawayUser {
  readonly email = `sintetico.${randomUUID()}@viabiliza.test`;
  readonly password = `${randomBytes(18).toString('base64url')}aA1!`;
  cookie = '';
  userId: string | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly app: FastifyInstance,
  ) {}

  async request(options: InjectOptions & { url: string }) {
    return this.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(this.cookie ? { cookie: this.cookie } : {}) } });
  }

  async signUp() {
    const res = await this.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up',
      payload: { fullName: 'Teste Sintético', email: this.email, password: this.password },
    });
    expectThat(res.statusCode === 201, `Cadastro respondeu ${res.statusCode}: ${res.body.slice(0, 200)}`);
    this.userId = (res.json() as { user: { id: string } }).user.id;
    this.cookie = cookieHeader(res.headers['set-cookie']);
    expectThat(this.cookie, 'O cadastro não abriu uma sessão (sem cookie)');
  }

  async signIn() {
    const res = await this.app.inject({ method: 'POST', url: '/api/auth/sign-in', payload: { email: this.email, password: this.password } });
    expectThat(res.statusCode === 200, `Login respondeu ${res.statusCode}: ${res.body.slice(0, 200)}`);
    this.cookie = cookieHeader(res.headers['set-cookie']);
    expectThat(this.cookie, 'O login não abriu uma sessão (sem cookie)');
  }

  async signOut() {
    const res = await this.request({ method: 'POST', url: '/api/auth/sign-out' });
    expectThat(res.statusCode === 204, `Logout respondeu ${res.statusCode}`);
  }

  /** The e-mail of the session's user, or null when the cookie no longer opens a session. */
  async sessionEmail(): Promise<string | null> {
    const res = await this.request({ url: '/api/auth/session' });
    expectThat(res.statusCode === 200, `Sessão respondeu ${res.statusCode}`);
    return (res.json() as { user: { email: string } | null }).user?.email ?? null;
  }

  /** Deletes the account, its data (cascade) and its stored files; safe to call twice. */
  async remove() {
    if (!this.userId) return;
    await deleteUserWithFiles(this.ctx, this.userId);
    this.userId = null;
  }
}

function cookieHeader(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}
