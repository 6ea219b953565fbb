import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { properties } from '@viabiliza/db/schema';
import type { SearchResponse } from '@viabiliza/contracts/search';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';

/** GET /api/search (spec 01 §2 'Global search', §5, §9): the user's properties, at most 5, accent-insensitive. */

let t: TestApp;
let owner: Awaited<ReturnType<typeof signUp>>;
let other: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUp(t);
  other = await signUp(t);
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);
  await t.runtime.ctx.db.insert(properties).values([
    { userId: owner.user.id, title: 'Apartamento em São Paulo', address: 'Rua dos Pinheiros, 1000', createdAt: minutesAgo(30) },
    { userId: owner.user.id, title: 'Terreno no Jardim Botânico', address: 'Rua São João, 45 - Florianópolis', createdAt: minutesAgo(20) },
    { userId: owner.user.id, title: 'Galpão 100% ocupado', address: null, createdAt: minutesAgo(10) },
    ...Array.from({ length: 7 }, (_, i) => ({
      userId: owner.user.id,
      title: `Sala comercial ${i + 1}`,
      address: 'Avenida Paulista, 900',
      createdAt: minutesAgo(i),
    })),
    { userId: other.user.id, title: 'Cobertura em São Paulo (de outra pessoa)', address: 'Rua Oscar Freire, 10' },
  ]);
});
afterAll(async () => t?.close());

const search = async (q: string, cookie = owner.cookie) => {
  const res = await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SearchResponse).properties;
};
const titles = (rows: { title: string }[]) => rows.map((r) => r.title);

describe('GET /api/search', () => {
  it('requires a session', async () => {
    expect((await t.app.inject({ url: '/api/search?q=casa' })).statusCode).toBe(401);
  });

  it('finds by title or address, without regard to accents or case, newest first', async () => {
    expect(titles(await search('sao'))).toEqual(['Terreno no Jardim Botânico', 'Apartamento em São Paulo']);
    expect(titles(await search('SÃO PAULO'))).toEqual(['Apartamento em São Paulo']);
    expect(titles(await search('  botanico '))).toEqual(['Terreno no Jardim Botânico']);
    expect(titles(await search('florianopolis'))).toEqual(['Terreno no Jardim Botânico']);
    expect(titles(await search('GALPAO'))).toEqual(['Galpão 100% ocupado']);
    const [row] = await search('pinheiros');
    expect(row).toEqual({ id: expect.any(String), title: 'Apartamento em São Paulo', address: 'Rua dos Pinheiros, 1000' });
  });

  it('returns at most 5 results', async () => {
    const rows = await search('paulista');
    expect(titles(rows)).toEqual(['Sala comercial 1', 'Sala comercial 2', 'Sala comercial 3', 'Sala comercial 4', 'Sala comercial 5']);
  });

  it('takes % and _ literally', async () => {
    expect(titles(await search('100%'))).toEqual(['Galpão 100% ocupado']);
    expect(await search('%')).toHaveLength(1);
    expect(await search('_')).toEqual([]);
  });

  it("never finds another user's properties", async () => {
    expect(titles(await search('cobertura'))).toEqual([]);
    expect(titles(await search('oscar freire'))).toEqual([]);
    expect(titles(await search('sao paulo', other.cookie))).toEqual(['Cobertura em São Paulo (de outra pessoa)']);
  });

  it('refuses an empty or too long query with a Portuguese message', async () => {
    for (const q of ['', '   ']) {
      const res = await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}`, headers: { cookie: owner.cookie } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.details).toContain('Digite algo para buscar');
    }
    const missing = await t.app.inject({ url: '/api/search', headers: { cookie: owner.cookie } });
    expect(missing.statusCode).toBe(400);
    const long = await t.app.inject({ url: `/api/search?q=${'a'.repeat(101)}`, headers: { cookie: owner.cookie } });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.details).toContain('A busca pode ter no máximo 100 caracteres');
    expect(await search('a'.repeat(100))).toEqual([]);
  });
});
