import { expect, test } from '@playwright/test';
import { ORIGIN, signUpInUi, uniqueEmail } from './helpers.ts';

/**
 * Issue 18 item 6: `POST /api/secure-analysis` reads its text. Called with the signed-in page's own
 * request context (its session cookie), as a client of the public API would.
 */
const TEXT =
  'Apartamento de 80 m² na Rua das Flores, 123, Pinheiros, São Paulo/SP, à venda por R$ 800.000,00. ' +
  'Aluguel de R$ 3.200 por mês, condomínio R$ 850 e IPTU de R$ 2.400 por ano.';

interface Fact {
  key: string;
  value: string;
  phrase: string;
}

test('the public API echoes the facts it read from the text and gives a real verdict; a vague text is "Dados insuficientes"', async ({ page }) => {
  await signUpInUi(page, { fullName: 'Caio Mendes', email: uniqueEmail('api-texto') });
  const headers = { origin: ORIGIN };

  const res = await page.request.post('/api/secure-analysis', { data: { provider: 'local', analysisType: 'investment', text: TEXT }, headers });
  expect(res.status()).toBe(200);
  const body = await res.json();
  const facts = Object.fromEntries((body.facts as Fact[]).map((f) => [f.key, f]));
  expect(facts.cidade?.value).toBe('São Paulo');
  expect(facts.uf?.value).toBe('SP');
  expect(facts.area_privativa_m2?.value).toBe('80 m²');
  expect(facts.preco?.value).toBe('R$ 800.000,00');
  expect(facts.aluguel).toMatchObject({ value: 'R$ 3.200,00', phrase: 'Aluguel de R$ 3.200 por mês' });
  expect(facts.condominio?.value).toBe('R$ 850,00');
  expect(facts.iptu?.value).toBe('R$ 2.400,00');
  expect(body.status).toBe('concluida');
  expect(body.verdict.score).toBeGreaterThan(0);
  expect(body.verdict.label).toMatch(/^Viabilidade /);
  expect(body.content).toContain('## Dados lidos do texto');
  expect(body.content).toContain('“Aluguel de R$ 3.200 por mês”');

  const vague = await (await page.request.post('/api/secure-analysis', { data: { provider: 'local', analysisType: 'complete', text: 'Vale a pena comprar esse imóvel?' }, headers })).json();
  expect(vague).toMatchObject({ status: 'insuficiente', verdict: { score: null, label: 'Dados insuficientes' } });
  expect(vague.missing.map((m: { label: string }) => m.label)).toEqual(['Cidade', 'Área (m²)', 'Preço']);
  expect(vague.content).not.toContain('não se mostra viável');

  // The OpenAPI shows the example body and the engine's answer to it.
  const spec = await (await page.request.get('/api/docs/json')).json();
  const op = spec.paths['/api/secure-analysis'].post;
  expect(op.requestBody.content['application/json'].schema.example.text).toContain('Aluguel de R$ 3.200');
  expect(op.responses['200'].content['application/json'].schema.example.facts.length).toBeGreaterThan(0);
});
