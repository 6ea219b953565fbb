import { describe, expect, it } from 'vitest';
import { itbiFigure, itbiFor, ITBI_NO_CITY_NOTE } from './itbi.ts';
import { REFERENCE_ROWS } from './reference-data.ts';
import { ITBI_CITY_ROWS } from './reference/itbi-cities.ts';

const NOW = '2026-11-25';

describe('city ITBI table', () => {
  it('every row names its law or page, its source and the date it was confirmed', () => {
    expect(ITBI_CITY_ROWS.length).toBeGreaterThanOrEqual(33);
    for (const r of ITBI_CITY_ROWS) {
      expect(r.series).toBe('itbi');
      expect(r.source.length, r.id).toBeGreaterThan(5);
      expect(r.law.length, r.id).toBeGreaterThan(5);
      expect(r.asOf, r.id).toMatch(/^\d{4}(-\d{2}(-\d{2})?)?$/);
      expect(r.value, r.id).toBeGreaterThan(0);
      expect(r.value, r.id).toBeLessThanOrEqual(0.05);
      if (r.uncertain) expect(r.note ?? '', r.id).toMatch(/confirme/i);
    }
  });

  it('confirms a row only with its law (number/year) or an official page, and a date', () => {
    const confirmed = ITBI_CITY_ROWS.filter((r) => !r.uncertain);
    const flagged = ITBI_CITY_ROWS.filter((r) => r.uncertain);
    // The counts the header comment of reference/itbi-cities.ts states.
    expect(confirmed.length).toBe(17);
    expect(flagged.length).toBe(19);
    for (const r of confirmed) {
      const namesLaw = /\b\d{1,3}(\.\d{3})*\/\d{4}\b/.test(r.law);
      const officialPage = /prefeitura|secretaria|\.gov\.br/i.test(r.source);
      expect(namesLaw || officialPage, `${r.id}: law '${r.law}', source '${r.source}'`).toBe(true);
      expect(r.asOf, r.id).toMatch(/^\d{4}(-\d{2}(-\d{2})?)?$/);
      expect(r.source, r.id).not.toMatch(/sem fonte oficial/);
    }
    // A flagged row says why in its note and never passes for confirmed in the analysis.
    for (const r of flagged) {
      expect(r.note ?? '', r.id).toMatch(/confirme/i);
      expect(itbiFor({ city: r.city, state: r.state, price: 100_000, asOf: NOW }).uncertain, r.id).toBe(true);
    }
  });

  it('covers the 30 largest cities and the ones already in the dataset, shipped in REFERENCE_ROWS', () => {
    const cities = new Set(ITBI_CITY_ROWS.map((r) => r.city));
    for (const c of ['São Paulo', 'Rio de Janeiro', 'Brasília', 'Fortaleza', 'Salvador', 'Belo Horizonte', 'Manaus', 'Curitiba', 'Recife', 'Goiânia',
      'Belém', 'Porto Alegre', 'Guarulhos', 'Campinas', 'São Luís', 'Maceió', 'Campo Grande', 'São Gonçalo', 'Teresina', 'João Pessoa',
      'São Bernardo do Campo', 'Duque de Caxias', 'Nova Iguaçu', 'Natal', 'Santo André', 'Osasco', 'Sorocaba', 'Uberlândia', 'Ribeirão Preto',
      'São José dos Campos', 'Jundiaí', 'Florianópolis', 'Vitória']) {
      expect(cities.has(c), c).toBe(true);
    }
    const ids = new Set(REFERENCE_ROWS.map((r) => r.id));
    for (const r of ITBI_CITY_ROWS) expect(ids.has(r.id), r.id).toBe(true);
    // The old rows keep their ids.
    for (const id of ['itbi-sao-paulo', 'itbi-jundiai', 'itbi-jundiai-financiado', 'itbi-jundiai-financiado-limite', 'itbi-tipico']) expect(ids.has(id), id).toBe(true);
    expect(ITBI_CITY_ROWS.length).toBe(new Set(ITBI_CITY_ROWS.map((r) => r.id)).size);
  });
});

describe('itbiFor', () => {
  it('São Paulo, paid in cash: 3 % of the price', () => {
    // 500.000 × 3% = 15.000
    const r = itbiFor({ city: 'São Paulo', state: 'SP', price: 500_000, asOf: NOW });
    expect(r.amount).toBeCloseTo(15_000, 6);
    expect(r.rate).toBeCloseTo(0.03, 10);
    expect(r.uncertain).toBe(false);
    expect(r.row?.id).toBe('itbi-sao-paulo-2026-11-25');
  });

  it('São Paulo with an SFH loan: 0,5 % on the financed part up to R$ 110.673,72, 3 % on the rest', () => {
    // 110.673,72 × 0,5% = 553,3686; (500.000 − 110.673,72) × 3% = 389.326,28 × 3% = 11.679,7884
    // total 12.233,157
    const r = itbiFor({ city: 'sao paulo', state: 'sp', price: 500_000, financedAmount: 400_000, sfh: true, asOf: NOW });
    expect(r.breakdown.financedBase).toBeCloseTo(110_673.72, 6);
    expect(r.breakdown.financedTax).toBeCloseTo(553.3686, 6);
    expect(r.breakdown.generalTax).toBeCloseTo(11_679.7884, 6);
    expect(r.amount).toBeCloseTo(12_233.157, 6);
    expect(r.note).toContain('Lei 11.154/1991');
    // Not SFH (SFI) or a property above R$ 664.041,74: 3 % on everything.
    expect(itbiFor({ city: 'São Paulo', state: 'SP', price: 500_000, financedAmount: 400_000, sfh: false, asOf: NOW }).amount).toBeCloseTo(15_000, 6);
    expect(itbiFor({ city: 'São Paulo', state: 'SP', price: 700_000, financedAmount: 400_000, sfh: true, asOf: NOW }).amount).toBeCloseTo(21_000, 6);
  });

  it('Jundiaí: 1,5 % on the financed part up to R$ 120 mil, 2,5 % on the rest — also from the older rows', () => {
    // 120.000 × 1,5% = 1.800; 180.000 × 2,5% = 4.500; total 6.300
    const r = itbiFor({ city: 'Jundiaí', state: 'SP', price: 300_000, financedAmount: 200_000, sfh: true, asOf: NOW });
    expect(r.amount).toBeCloseTo(6_300, 6);
    // An analysis dated before the new row (January 2026) uses 'itbi-jundiai' and its separate
    // financed-part rows, which were never applied before.
    const old = itbiFor({ city: 'JUNDIAI', state: 'SP', price: 300_000, financedAmount: 200_000, sfh: true, asOf: '2026-01-10' });
    expect(old.row?.id).toBe('itbi-jundiai');
    expect(old.amount).toBeCloseTo(6_300, 6);
    // A loan below the ceiling: all of it at 1,5 %. 80.000 × 1,5% + 220.000 × 2,5% = 1.200 + 5.500
    expect(itbiFor({ city: 'Jundiaí', state: 'SP', price: 300_000, financedAmount: 80_000, sfh: true, asOf: NOW }).amount).toBeCloseTo(6_700, 6);
  });

  it('Florianópolis: 2 %, and 0,5 % on the SFH part up to R$ 226.007,12 (not a generic 3 %)', () => {
    // 226.007,12 × 0,5% = 1.130,0356; (600.000 − 226.007,12) × 2% = 373.992,88 × 2% = 7.479,8576
    // total 8.609,8932
    const r = itbiFor({ city: 'Florianópolis - SC', state: 'SC', price: 600_000, financedAmount: 480_000, sfh: true, asOf: NOW });
    expect(r.amount).toBeCloseTo(8_609.8932, 6);
    expect(r.uncertain).toBe(false);
    // Cash: 600.000 × 2% = 12.000
    expect(itbiFor({ city: 'floripa', state: 'SC', price: 600_000, asOf: '2026-01-10' }).amount).toBeCloseTo(12_000, 6);
  });

  it('a city without a row: the typical 3 %, flagged', () => {
    // 400.000 × 3% = 12.000
    const r = itbiFor({ city: 'Cidade Que Não Existe', state: 'MG', price: 400_000, financedAmount: 300_000, sfh: true, asOf: NOW });
    expect(r.amount).toBeCloseTo(12_000, 6);
    expect(r.uncertain).toBe(true);
    expect(r.cityFound).toBe(false);
    expect(r.note).toBe(ITBI_NO_CITY_NOTE);
    expect(itbiFigure(r).note).toBe(ITBI_NO_CITY_NOTE);
    expect(itbiFigure(r).source).toMatchObject({ kind: 'reference', referenceId: 'itbi-tipico', uncertain: true });
  });

  it('a rate change is a new dated row: Guarulhos 2 % until 2025, 3 % from 2026', () => {
    expect(itbiFor({ city: 'Guarulhos', state: 'SP', price: 100_000, asOf: '2025-06-30' }).amount).toBeCloseTo(2_000, 6);
    expect(itbiFor({ city: 'Guarulhos', state: 'SP', price: 100_000, asOf: '2026-03-01' }).amount).toBeCloseTo(3_000, 6);
  });

  it('Brasília: 3 % until 2024, 2 % from 2025 (Lei distrital 3.830/2006 as amended in 12/2024)', () => {
    // The press example: a R$ 300 mil property paid R$ 9 mil (3 %) and now R$ 6 mil (2 %).
    const before = itbiFor({ city: 'Brasília', state: 'DF', price: 300_000, asOf: '2024-06-30' });
    expect(before.amount).toBeCloseTo(9_000, 6);
    expect(before.row?.id).toBe('itbi-brasilia-2015');
    const now = itbiFor({ city: 'Brasilia', state: 'DF', price: 300_000, asOf: NOW });
    expect(now.amount).toBeCloseTo(6_000, 6);
    expect(now.row?.id).toBe('itbi-brasilia-2025');
    expect(now.uncertain).toBe(false);
    expect(now.note).toContain('3.830/2006');
    // No reduced rate on the financed part in the DF: an SFH loan changes nothing. 300.000 × 2% = 6.000
    expect(itbiFor({ city: 'Brasília', state: 'DF', price: 300_000, financedAmount: 240_000, sfh: true, asOf: NOW }).amount).toBeCloseTo(6_000, 6);
  });

  it('Uberlândia: 2 % (official page, Lei 4.871/1989); the low-income SFH rate is not applied to any loan', () => {
    // 400.000 × 2% = 8.000, with or without an SFH loan (the 0,5% is only for housing for the
    // lower-income population, a criterion the page does not define).
    const cash = itbiFor({ city: 'Uberlândia', state: 'MG', price: 400_000, asOf: NOW });
    expect(cash.amount).toBeCloseTo(8_000, 6);
    expect(cash.uncertain).toBe(false);
    expect(cash.note).toContain('Lei 4.871/1989');
    expect(itbiFor({ city: 'uberlandia', state: 'MG', price: 400_000, financedAmount: 300_000, sfh: true, asOf: NOW }).amount).toBeCloseTo(8_000, 6);
  });

  it('Salvador and Natal: 3 %, now confirmed', () => {
    // 250.000 × 3% = 7.500
    for (const [city, state] of [['Salvador', 'BA'], ['Natal', 'RN']] as const) {
      const r = itbiFor({ city, state, price: 250_000, asOf: NOW });
      expect(r.amount, city).toBeCloseTo(7_500, 6);
      expect(r.uncertain, city).toBe(false);
    }
  });

  it('Fortaleza and Goiânia: a financed-part reduction from a weak source, computed but still flagged', () => {
    // Fortaleza: 42.800 × 0,5% = 214; (300.000 − 42.800) × 2% = 257.200 × 2% = 5.144; total 5.358
    const fortaleza = itbiFor({ city: 'Fortaleza', state: 'CE', price: 300_000, financedAmount: 240_000, sfh: true, asOf: NOW });
    expect(fortaleza.breakdown.financedBase).toBeCloseTo(42_800, 6);
    expect(fortaleza.amount).toBeCloseTo(5_358, 6);
    expect(fortaleza.uncertain).toBe(true);
    expect(fortaleza.note).toContain('alíquota não confirmada');
    // Goiânia: 200.000 × 0,5% = 1.000; (500.000 − 200.000) × 2% = 6.000; total 7.000
    const goiania = itbiFor({ city: 'Goiânia', state: 'GO', price: 500_000, financedAmount: 400_000, sfh: true, asOf: NOW });
    expect(goiania.amount).toBeCloseTo(7_000, 6);
    expect(goiania.uncertain).toBe(true);
    // Cash: 500.000 × 2% = 10.000
    expect(itbiFor({ city: 'Goiania', state: 'GO', price: 500_000, asOf: NOW }).amount).toBeCloseTo(10_000, 6);
  });

  it('an imported row with a newer date wins over the shipped one', () => {
    const imported = { id: 'itbi-curitiba-import', series: 'itbi', city: 'Curitiba', state: 'PR', label: 'ITBI Curitiba', value: 0.02, unit: 'fraction' as const, asOf: '2026-11-30', source: 'importado', uncertain: false };
    expect(itbiFor({ city: 'Curitiba', state: 'PR', price: 100_000, asOf: '2026-12-01' }).amount).toBeCloseTo(2_700, 6);
    expect(itbiFor({ city: 'Curitiba', state: 'PR', price: 100_000, asOf: '2026-12-01' }, [...REFERENCE_ROWS, imported]).amount).toBeCloseTo(2_000, 6);
  });

  it('the figure cites the city row with its law and carries the breakdown as its note', () => {
    const f = itbiFigure(itbiFor({ city: 'São Paulo', state: 'SP', price: 500_000, financedAmount: 400_000, sfh: true, asOf: NOW }));
    expect(f.value).toBe(12_233.16);
    expect(f.source).toMatchObject({ kind: 'reference', referenceId: 'itbi-sao-paulo-2026-11-25', uncertain: false });
    expect(f.source.kind === 'reference' && f.source.label).toContain('Lei 11.154/1991');
    expect(f.note).toContain('0,5% sobre R$ 110.673,72');
  });
});

describe('the ITBI note', () => {
  // The note's /\s+:/ rescanned a long run of spaces in a city name from each space (quadratic).
  it('is written in linear time for a city name with 200 000 spaces', () => {
    const sp = itbiFor({ city: 'São Paulo', state: 'SP', price: 100_000, asOf: NOW }).row!;
    const city = `Cidade${' '.repeat(200_000)}Longa`;
    const r = itbiFor({ city: 'Cidade Longa', state: 'SP', price: 100_000, asOf: NOW }, [...REFERENCE_ROWS, { ...sp, id: 'itbi-cidade-longa', city }]);
    expect(r.cityFound).toBe(true);
    expect(r.note.startsWith(`ITBI ${city}: `)).toBe(true);
    expect(itbiFor({ city: 'São Paulo', state: 'SP', price: 100_000, asOf: NOW }).note).toMatch(/^ITBI São Paulo: /);
  });
});
