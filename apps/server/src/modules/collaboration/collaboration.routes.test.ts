import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { securityAudit } from '@viabiliza/db/schema';
import { COLLABORATION_MESSAGES } from '@viabiliza/contracts/collaboration';
import { confirmEmailOf, createTestApp, signUp, type TestApp } from '../../../test/helper.ts';
import { createAnalysis } from '../../../test/analysis-fixture.ts';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let friend: Awaited<ReturnType<typeof signUp>>;
let stranger: Awaited<ReturnType<typeof signUp>>;
let analysis: Awaited<ReturnType<typeof createAnalysis>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t, { fullName: 'Ana Proprietária' });
  await confirmEmailOf(t, owner.user.id);
  friend = await signUp(t, { fullName: 'Bruno Colaborador' });
  stranger = await signUp(t, { fullName: 'Carla Estranha' });
  analysis = await createAnalysis(t, owner.cookie);
}, 120_000);
afterAll(async () => t?.close());

const origin = 'http://localhost:3000';
const call = (cookie: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload, headers: { cookie, ...(method === 'GET' ? {} : { origin }) } });

describe('Colaboração', () => {
  it('refuses anonymous calls', async () => {
    expect((await t.app.inject({ url: `/api/analyses/${analysis.id}/collaborators` })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/shared-analyses' })).statusCode).toBe(401);
  });

  it('hides the analysis from a non-collaborator: 404 on read, report, comments, collaborators and chat', async () => {
    const urls = [
      `/api/analyses/${analysis.id}`,
      `/api/analyses/${analysis.id}/export.txt`,
      `/api/analyses/${analysis.id}/comments`,
      `/api/analyses/${analysis.id}/collaborators`,
      `/api/analyses/${analysis.id}/viewer`,
    ];
    for (const url of urls) expect((await call(stranger.cookie, 'GET', url)).statusCode, url).toBe(404);
    expect((await call(stranger.cookie, 'POST', `/api/analyses/${analysis.id}/comments`, { body: 'Oi' })).statusCode).toBe(404);
    expect((await call(stranger.cookie, 'POST', `/api/analyses/${analysis.id}/chat`, { question: 'Qual o preço?' })).statusCode).toBe(404);
    expect((await call(stranger.cookie, 'POST', `/api/analyses/${analysis.id}/collaborators`, { email: stranger.email })).statusCode).toBe(404);
  });

  it('validates the e-mail and refuses unknown users, the owner and a second share, with Portuguese messages', async () => {
    const bad = await call(owner.cookie, 'POST', `/api/analyses/${analysis.id}/collaborators`, { email: 'não-é-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain(COLLABORATION_MESSAGES.emailInvalid);
    const unknown = await call(owner.cookie, 'POST', `/api/analyses/${analysis.id}/collaborators`, { email: 'ninguem@example.com' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(COLLABORATION_MESSAGES.userNotFound);
    const self = await call(owner.cookie, 'POST', `/api/analyses/${analysis.id}/collaborators`, { email: owner.email });
    expect(self.json().error.message).toBe(COLLABORATION_MESSAGES.self);
  });

  it('shares read-only: the collaborator is notified, reads the analysis and its report, and comments', async () => {
    const shared = await call(owner.cookie, 'POST', `/api/analyses/${analysis.id}/collaborators`, { email: friend.email.toUpperCase() });
    expect(shared.statusCode).toBe(201);
    expect(shared.json()).toMatchObject({ access: 'owner', collaborators: [{ userId: friend.user.id, name: 'Bruno Colaborador', email: friend.email }] });
    const again = await call(owner.cookie, 'POST', `/api/analyses/${analysis.id}/collaborators`, { email: friend.email });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(COLLABORATION_MESSAGES.alreadyShared);

    const notes = (await call(friend.cookie, 'GET', '/api/notifications')).json();
    const note = notes.items.find((n: { title: string }) => n.title === COLLABORATION_MESSAGES.notificationTitle);
    expect(note.message).toBe(COLLABORATION_MESSAGES.notificationMessage('Ana Proprietária', analysis.property.title));
    expect(note.data).toMatchObject({ analysisId: analysis.id, link: `/dashboard/analysis/${analysis.id}` });

    const read = await call(friend.cookie, 'GET', `/api/analyses/${analysis.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().analysis.resultContent).toBe(analysis.resultContent);
    const report = await call(friend.cookie, 'GET', `/api/analyses/${analysis.id}/export.txt`);
    expect(report.statusCode).toBe(200);
    expect(report.body).toBe(analysis.resultContent);
    expect((await call(friend.cookie, 'GET', `/api/analyses/${analysis.id}/collaborators`)).json().access).toBe('collaborator');

    const mine = (await call(friend.cookie, 'GET', '/api/shared-analyses')).json();
    expect(mine.items).toEqual([expect.objectContaining({ id: analysis.id, owner: { name: 'Ana Proprietária' } })]);
    // Shared analyses stay out of the collaborator's own history.
    expect((await call(friend.cookie, 'GET', '/api/analyses')).json().items).toEqual([]);

    const c1 = await call(friend.cookie, 'POST', `/api/analyses/${analysis.id}/comments`, { body: '  Vale conferir a matrícula.  ' });
    expect(c1.statusCode).toBe(201);
    expect(c1.json().comment).toMatchObject({ body: 'Vale conferir a matrícula.', author: { name: 'Bruno Colaborador' }, mine: true });
    await call(owner.cookie, 'POST', `/api/analyses/${analysis.id}/comments`, { body: 'Combinado.' });
    const thread = (await call(owner.cookie, 'GET', `/api/analyses/${analysis.id}/comments`)).json().comments;
    expect(thread.map((c: { body: string; mine: boolean }) => [c.body, c.mine])).toEqual([
      ['Vale conferir a matrícula.', false],
      ['Combinado.', true],
    ]);
    const empty = await call(friend.cookie, 'POST', `/api/analyses/${analysis.id}/comments`, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain(COLLABORATION_MESSAGES.commentEmpty);
  });

  it('lets a collaborator neither share nor remove collaborators nor change the floor plan', async () => {
    const share = await call(friend.cookie, 'POST', `/api/analyses/${analysis.id}/collaborators`, { email: stranger.email });
    expect(share.statusCode).toBe(403);
    expect(share.json().error.message).toBe(COLLABORATION_MESSAGES.onlyOwner);
    const remove = await call(friend.cookie, 'DELETE', `/api/analyses/${analysis.id}/collaborators/${friend.user.id}`);
    expect(remove.statusCode).toBe(403);
    const room = await call(friend.cookie, 'POST', `/api/properties/${analysis.propertyId}/rooms`, { name: 'Sala', areaM2: 20 });
    expect(room.statusCode).toBe(404);
    expect((await call(stranger.cookie, 'GET', `/api/analyses/${analysis.id}`)).statusCode).toBe(404);
  });

  it('removes a collaborator, who loses access at once; both changes are audited', async () => {
    const res = await call(owner.cookie, 'DELETE', `/api/analyses/${analysis.id}/collaborators/${friend.user.id}`);
    expect(res.statusCode).toBe(204);
    expect((await call(friend.cookie, 'GET', `/api/analyses/${analysis.id}`)).statusCode).toBe(404);
    expect((await call(friend.cookie, 'GET', `/api/analyses/${analysis.id}/comments`)).statusCode).toBe(404);
    expect((await call(friend.cookie, 'GET', '/api/shared-analyses')).json().items).toEqual([]);
    expect((await call(owner.cookie, 'DELETE', `/api/analyses/${analysis.id}/collaborators/${friend.user.id}`)).statusCode).toBe(404);
    const rows = await t.runtime.ctx.db
      .select({ action: securityAudit.action })
      .from(securityAudit)
      .where(and(eq(securityAudit.userId, owner.user.id), eq(securityAudit.resource, `analysis:${analysis.id}`)));
    expect(rows.map((r) => r.action).sort()).toEqual(['analysis_shared', 'analysis_unshared']);
  });
});
