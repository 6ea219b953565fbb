import { describe, expect, it } from 'vitest';
import { readTextFacts } from './text-facts.ts';

const AS_OF = '2026-11-27';
const read = (text: string) => readTextFacts(text, { asOf: AS_OF });
const byKey = (text: string) => Object.fromEntries(read(text).facts.filter((f) => f.key !== 'onus').map((f) => [f.key, f]));

describe('readTextFacts (the public API reads its text, issue 18)', () => {
  it('reads city, state, area, price, rent, condo fee, IPTU and matrícula from prose, each with its phrase', () => {
    const text =
      'Apartamento de 80 m² na Rua das Flores, 123, Pinheiros, São Paulo/SP, à venda por R$ 800.000,00. ' +
      'Aluguel de R$ 3.200 por mês, condomínio R$ 850 e IPTU de R$ 2.400 por ano. Matrícula nº 45.678 do 10º Registro de Imóveis.';
    const f = byKey(text);
    expect(f.cidade).toMatchObject({ value: 'São Paulo', label: 'Cidade' });
    expect(f.uf).toMatchObject({ value: 'SP', normalized: 'SP', label: 'Estado' });
    expect(f.area_privativa_m2).toMatchObject({ normalized: 80, value: '80 m²', phrase: 'Apartamento de 80 m²' });
    expect(f.preco).toMatchObject({ normalized: 800000, value: 'R$ 800.000,00', phrase: 'venda por R$ 800.000,00' });
    expect(f.aluguel).toMatchObject({ normalized: 3200, phrase: 'Aluguel de R$ 3.200 por mês' });
    expect(f.condominio).toMatchObject({ normalized: 850, phrase: 'condomínio R$ 850' });
    expect(f.iptu).toMatchObject({ normalized: 2400, phrase: 'IPTU de R$ 2.400 por ano' });
    expect(f.matricula).toMatchObject({ normalized: '45678', phrase: 'Matrícula nº 45.678' });
    // Every phrase is the text as sent, so a client can highlight it.
    for (const fact of read(text).facts) expect(text).toContain(fact.phrase);
  });

  it("reads 'mil' and 'milhão', amounts named after them, areas named after them, and an IPTU by month as the year's", () => {
    const f = byKey(
      'Casa em Campinas - SP com 150 m2 de área construída e terreno de 300 m², vendida por R$ 1,2 milhão. ' +
        'Pode ser alugada por R$ 5.500/mês. R$ 640 de condomínio. IPTU R$ 300 mensais.',
    );
    expect(f.cidade?.value).toBe('Campinas');
    expect(f.uf?.value).toBe('SP');
    expect(f.area_construida_m2?.normalized).toBe(150);
    expect(f.area_terreno_m2?.normalized).toBe(300);
    expect(f.area_privativa_m2).toBeUndefined();
    expect(f.preco?.normalized).toBe(1_200_000);
    expect(f.aluguel).toMatchObject({ normalized: 5500, phrase: 'alugada por R$ 5.500/mês' });
    expect(f.condominio).toMatchObject({ normalized: 640, phrase: 'R$ 640 de condomínio' });
    expect(f.iptu).toMatchObject({ normalized: 3600, value: 'R$ 3.600,00 (R$ 300,00 por mês)' });
    expect(byKey('Sala à venda por R$ 450 mil em Recife/PE.').preco?.normalized).toBe(450_000);
  });

  it('an amount no word names is not guessed', () => {
    const f = byKey('Imóvel em Curitiba/PR, 70 m², R$ 500.000,00.');
    expect(f.preco).toBeUndefined();
    expect(f.area_privativa_m2?.normalized).toBe(70);
    expect(f.cidade?.value).toBe('Curitiba');
  });

  it('a vague text yields nothing', () => {
    expect(read('Quero saber se vale a pena comprar um imóvel.').facts).toEqual([]);
  });

  it('liens only from a registry act in the text: a pasted matrícula has one, a sentence about a lien has none', () => {
    const matricula = [
      'MATRÍCULA Nº 12.345 - Cartório de Registro de Imóveis de Campinas/SP.',
      'IMÓVEL: Apartamento nº 52 do Edifício Jardim, situado na Rua das Flores, nº 100, Centro, Campinas - SP,',
      'CEP 13010-000, com área privativa de 80,00 m² e área total de 95,50 m².',
      'R.1 - COMPRA E VENDA: transmitido por R$ 450.000,00 (quatrocentos e cinquenta mil reais).',
      'R.2 - ALIENAÇÃO FIDUCIÁRIA: o imóvel foi alienado fiduciariamente ao Banco do Brasil S.A. em garantia de dívida de R$ 300.000,00.',
    ].join('\n');
    const reading = read(matricula);
    expect(reading.document.documentType).toBe('matricula');
    const liens = reading.facts.filter((f) => f.key === 'onus');
    expect(liens).toHaveLength(1);
    expect(liens[0]).toMatchObject({ value: 'Alienação fiduciária (R.2, ativa)', normalized: 'alienacao_fiduciaria' });
    expect(liens[0]!.phrase).toContain('R.2 - ALIENAÇÃO FIDUCIÁRIA');
    const f = byKey(matricula);
    expect(f.matricula?.normalized).toBe('12345');
    expect(f.area_privativa_m2?.normalized).toBe(80);
    expect(f.area_total_m2?.normalized).toBe(95.5);

    for (const prose of [
      'Apartamento em Santos/SP, 60 m², à venda por R$ 400.000. Há uma penhora e uma alienação fiduciária ao banco.',
      'Apartamento em Santos/SP, 60 m², à venda por R$ 400.000. Não há penhora nem hipoteca.',
    ]) {
      expect(read(prose).facts.filter((x) => x.key === 'onus')).toEqual([]);
    }
  });
});
