import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../../test/helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const analyse = (cookie: string, text: string) =>
  t.app.inject({ method: 'POST', url: '/api/secure-analysis', headers: { cookie }, payload: { provider: 'local', analysisType: 'complete', text } });

const REALISTIC =
  'Estou avaliando um apartamento de 80 m² na Rua das Flores, 123, Pinheiros, São Paulo/SP, à venda por R$ 800.000,00. ' +
  'Hoje está alugado: aluguel de R$ 3.200 por mês, condomínio R$ 850 e IPTU de R$ 2.400 por ano. Vale a pena comprar para renda?';

const MATRICULA = [
  'MATRÍCULA Nº 12.345 - Cartório de Registro de Imóveis de Campinas/SP.',
  'IMÓVEL: Apartamento nº 52 do Edifício Jardim, situado na Rua das Flores, nº 100, Centro, Campinas - SP,',
  'CEP 13010-000, com área privativa de 80,00 m² e área total de 95,50 m².',
  'R.1 - COMPRA E VENDA: transmitido por R$ 450.000,00 (quatrocentos e cinquenta mil reais).',
  'R.2 - ALIENAÇÃO FIDUCIÁRIA: o imóvel foi alienado fiduciariamente ao Banco do Brasil S.A. em garantia de dívida de R$ 300.000,00.',
].join('\n');

interface Fact {
  key: string;
  label: string;
  value: string;
  normalized: number | string | null;
  phrase: string;
}

describe('POST /api/secure-analysis reads its text (issue 18 item 6)', () => {
  it('echoes the facts it read, each with its phrase, and gives the verdict the engine reaches with them', async () => {
    const { cookie } = await signUp(t);
    const res = await analyse(cookie, REALISTIC);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const facts = Object.fromEntries((body.facts as Fact[]).map((f) => [f.key, f]));
    expect(facts.cidade).toMatchObject({ label: 'Cidade', value: 'São Paulo' });
    expect(facts.uf).toMatchObject({ label: 'Estado', value: 'SP' });
    expect(facts.area_privativa_m2).toMatchObject({ normalized: 80, phrase: 'apartamento de 80 m²' });
    expect(facts.preco).toMatchObject({ normalized: 800000, phrase: 'venda por R$ 800.000,00' });
    expect(facts.aluguel).toMatchObject({ normalized: 3200, phrase: 'aluguel de R$ 3.200 por mês' });
    expect(facts.condominio).toMatchObject({ normalized: 850 });
    expect(facts.iptu).toMatchObject({ normalized: 2400 });
    for (const f of body.facts as Fact[]) expect(REALISTIC).toContain(f.phrase);

    expect(body.status).toBe('concluida');
    expect(body.missing).toEqual([]);
    expect(body.verdict.score).toBeGreaterThan(0);
    expect(body.verdict.label).toMatch(/^Viabilidade (alta|moderada|baixa)$/);
    // The report is the engine's, on the facts read: the rent gives a 4,80 % gross yield on R$ 800.000,00.
    expect(body.content).toContain('## Dados lidos do texto');
    expect(body.content).toContain('| Aluguel mensal | R$ 3.200,00 | “aluguel de R$ 3.200 por mês” |');
    expect(body.content).toContain('R$ 800.000,00');
    expect(body.content).toContain('4,80%');
    expect(body.content).toContain(`Pontuação de viabilidade: ${String(body.verdict.score).replace('.', ',')}/10`);
  });

  it("a vague text is 'Dados insuficientes' with what is missing: no score, never 'inviável'", async () => {
    const { cookie } = await signUp(t);
    const res = await analyse(cookie, 'Quero saber se vale a pena comprar um imóvel. O dono diz que é uma ótima oportunidade.');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'insuficiente', verdict: { score: null, label: 'Dados insuficientes' }, facts: [], tokens_used: 0 });
    expect(body.missing.map((m: { label: string }) => m.label)).toEqual(['Cidade', 'Área (m²)', 'Preço']);
    expect(body.content).toMatch(/^# Dados insuficientes\n/);
    expect(body.content).toContain('Informe no texto: Cidade, Área (m²), Preço.');
    expect(body.content).toContain('Nenhum dado do imóvel foi reconhecido no texto.');
    expect(body.content).not.toMatch(/não se mostra viável|inviável|0\/10/);

    // Some facts, not all: the ones read are echoed, the rest listed as missing.
    const partial = (await analyse(cookie, 'Apartamento em Recife/PE com aluguel de R$ 2.000 por mês.')).json();
    expect(partial.status).toBe('insuficiente');
    expect(partial.facts.map((f: Fact) => f.key)).toEqual(['cidade', 'uf', 'aluguel']);
    expect(partial.missing.map((m: { key: string }) => m.key)).toEqual(['area', 'preco']);
  });

  it('liens only from a registry act in the text', async () => {
    const { cookie } = await signUp(t);
    const prose = (
      await analyse(cookie, 'Apartamento de 60 m² em Santos/SP, à venda por R$ 400.000. O vendedor diz que há uma penhora, mas já foi paga.')
    ).json();
    expect(prose.facts.filter((f: Fact) => f.key === 'onus')).toEqual([]);

    const registry = (await analyse(cookie, MATRICULA)).json();
    const liens = registry.facts.filter((f: Fact) => f.key === 'onus');
    expect(liens).toHaveLength(1);
    expect(liens[0]).toMatchObject({ value: 'Alienação fiduciária (R.2, ativa)' });
    expect(liens[0].phrase).toContain('R.2 - ALIENAÇÃO FIDUCIÁRIA');
    expect(registry.facts.find((f: Fact) => f.key === 'matricula')).toMatchObject({ normalized: '12345' });
    expect(registry.content).toContain('Alienação fiduciária');
  });

  it('is documented in the OpenAPI with an example body and the answer the engine gives to it', async () => {
    const spec = (await t.app.inject({ url: '/api/docs/json' })).json();
    const op = spec.paths['/api/secure-analysis'].post;
    expect(op.description).toContain('Dados insuficientes');
    const body = op.requestBody.content['application/json'].schema;
    expect(body.example.text).toContain('Aluguel de R$ 3.200');
    const answer = op.responses['200'].content['application/json'].schema;
    expect(answer.properties).toHaveProperty('facts');
    expect(answer.properties).toHaveProperty('missing');
    expect(answer.example.status).toBe('concluida');
    expect(answer.example.facts.map((f: Fact) => f.key)).toEqual(expect.arrayContaining(['cidade', 'preco', 'aluguel']));
  });
});
