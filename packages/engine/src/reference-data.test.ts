import { describe, expect, it } from 'vitest';
import {
  REFERENCE_ROWS,
  findReference,
  fold,
  lookupByCity,
  lookupByState,
  lookupGeneric,
  lookupReference,
  normalizeCity,
  normalizeState,
  referenceSource,
  toUsed,
} from './reference-data.ts';

describe('reference dataset', () => {
  it('has unique ids and a date, source and finite value on every row', () => {
    const ids = REFERENCE_ROWS.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of REFERENCE_ROWS) {
      expect(r.asOf, r.id).toMatch(/^\d{4}(-\d{2}(-\d{2})?)?$/);
      expect(r.source.length, r.id).toBeGreaterThan(3);
      expect(Number.isFinite(r.value), r.id).toBe(true);
      expect(r.label.length, r.id).toBeGreaterThan(3);
    }
  });

  it('holds the figures of REFERENCE-DATA.md', () => {
    const value = (id: string) => findReference(id)?.value;
    expect(value('selic-2025-06')).toBe(0.15);
    expect(value('ipca-2024')).toBe(0.0483);
    expect(value('ipca-2025')).toBe(0.0426);
    expect(value('cub-sp-r8n-2024-10')).toBe(2032);
    expect([value('cub-sc-2024'), value('cub-rs-2024'), value('cub-es-2024'), value('cub-go-2024')]).toEqual([2864, 2582, 2553, 2475]);
    expect([value('cub-pr-2024'), value('cub-rj-2024'), value('cub-mg-2024'), value('cub-df-2024')]).toEqual([2425, 2294, 2241, 2156]);
    expect(value('sinapi-br-2024-04')).toBe(1736.37);
    expect(value('sinapi-sp-2024-04')).toBe(1821.57);
    expect(value('sinapi-rj-2024-04')).toBe(1909.57);
    expect(value('sinapi-mg-2024-04')).toBe(1648.61);
    expect(value('sinapi-sc-2024-04')).toBe(1992.16);
    expect(value('sinapi-br-2025-03')).toBe(1810.25);
    expect(value('fipezap-venda-media-2024-11')).toBe(9306);
    expect(value('fipezap-venda-sao-paulo-2024-11')).toBe(11317);
    expect(value('fipezap-venda-florianopolis-2024-11')).toBe(11704);
    expect(value('fipezap-venda-vitoria-2024-11')).toBe(11968);
    expect(value('fipezap-venda-curitiba-2024-11')).toBe(10587);
    expect(value('fipezap-venda-rio-de-janeiro-2024-11')).toBe(10262);
    expect(value('fipezap-aluguel-media-2025-08')).toBe(49.77);
    expect(value('fipezap-aluguel-sao-paulo-2025-08')).toBe(61.69);
    expect(value('fipezap-yield-media-2025-08')).toBe(0.0594);
    expect(value('itbi-sao-paulo')).toBe(0.03);
    expect(value('itbi-jundiai')).toBe(0.025);
    expect(value('caixa-sac-ltv')).toBe(0.8);
    expect(value('sfh-teto')).toBe(2_250_000);
    expect(value('sfh-taxa-max')).toBe(0.12);
    expect(value('ret-4')).toBe(0.04);
    expect(value('ir-ganho-capital-15')).toBe(0.15);
  });

  it('marks the rows REFERENCE-DATA.md calls uncertain', () => {
    expect(findReference('itbi-tipico')?.uncertain).toBe(true);
    expect(findReference('cartorio-tipico')?.uncertain).toBe(true);
    expect(findReference('caixa-price-ltv-2025-10')?.uncertain).toBe(true);
    expect(findReference('itbi-sao-paulo')?.uncertain).toBe(false);
  });
});

describe('text matching', () => {
  it('folds accents, case and spaces', () => {
    expect(fold('  SÃO   Paulo ')).toBe('sao paulo');
  });

  // The former trailing-UF expression let two lazy runs trade characters with the separators (cubic).
  it('normalises a 200 000-character city name in linear time', () => {
    const spaces = ' '.repeat(200_000);
    expect(normalizeCity(`São Paulo${spaces}x1`)).toBe('sao paulo x1');
    expect(normalizeCity(`São Paulo${'-/'.repeat(100_000)}SP`)).toBe('sao paulo');
  });

  it('normalises city names with a trailing UF and common aliases', () => {
    for (const c of ['São Paulo', 'sao paulo', 'SÃO PAULO', 'São Paulo - SP', 'sao paulo/sp', 'São Paulo (SP)', 'SP', 'Sampa']) {
      expect(normalizeCity(c), c).toBe('sao paulo');
    }
    expect(normalizeCity('Florianópolis/SC')).toBe('florianopolis');
    expect(normalizeCity('Floripa')).toBe('florianopolis');
    expect(normalizeCity('Jundiaí')).toBe('jundiai');
    expect(normalizeCity('Rio de Janeiro, RJ')).toBe('rio de janeiro');
    expect(normalizeCity('Belo Horizonte -/ MG')).toBe('belo horizonte');
    expect(normalizeCity('Xx - ZZ')).toBe('xx zz');
    expect(normalizeCity('')).toBeNull();
    expect(normalizeCity(null)).toBeNull();
  });

  it('accepts a UF in any case and rejects anything else', () => {
    expect(normalizeState('sp')).toBe('SP');
    expect(normalizeState(' Sc ')).toBe('SC');
    expect(normalizeState('São Paulo')).toBeNull();
    expect(normalizeState(undefined)).toBeNull();
  });
});

describe('lookups', () => {
  it('finds a city row accent- and case-insensitively', () => {
    for (const c of ['São Paulo', 'sao paulo', 'SAO PAULO', 'SP']) {
      expect(lookupByCity('fipezap-venda', c, 'SP')?.id, c).toBe('fipezap-venda-sao-paulo-2024-11');
    }
    expect(lookupByCity('fipezap-venda', 'florianopolis', null)?.id).toBe('fipezap-venda-florianopolis-2024-11');
    expect(lookupByCity('itbi', 'JUNDIAÍ', 'sp')?.value).toBe(0.025);
  });

  it('does not match a city of another state or a city without a row', () => {
    expect(lookupByCity('fipezap-venda', 'São Paulo', 'RJ')).toBeNull();
    expect(lookupByCity('fipezap-venda', 'Campinas', 'SP')).toBeNull();
    expect(lookupByCity('fipezap-venda', '', 'SP')).toBeNull();
  });

  it('finds state rows by UF', () => {
    expect(lookupByState('cub', 'sp')?.id).toBe('cub-sp-r8n-2024-10');
    expect(lookupByState('cub', 'SC')?.value).toBe(2864);
    expect(lookupByState('cub', 'BA')).toBeNull();
    expect(lookupByState('sinapi-uf', 'MG')?.value).toBe(1648.61);
  });

  it('picks the newest row as of the analysis date', () => {
    expect(lookupReference('selic', {}, '2025-09-01')?.id).toBe('selic-2025-06');
    expect(lookupReference('selic', {}, '2025-12-10')?.id).toBe('selic-2025-12');
    expect(lookupReference('ipca', {}, '2025-06-30')?.id).toBe('ipca-2024');
    expect(lookupReference('ipca', {}, '2026-02-01')?.id).toBe('ipca-2025');
    expect(lookupGeneric('sinapi-br', '2024-12-31')?.value).toBe(1736.37);
    expect(lookupGeneric('sinapi-br', '2025-03-15')?.value).toBe(1810.25);
    expect(lookupGeneric('caixa-price-ltv', '2025-01-01')?.value).toBe(0.5);
    expect(lookupGeneric('caixa-price-ltv', '2025-10-20')?.value).toBe(0.7);
    expect(lookupReference('selic')?.id).toBe('selic-2025-12');
  });

  it('falls back to the oldest row when every row is newer than the date', () => {
    expect(lookupReference('ipca', {}, '2020-01-01')?.id).toBe('ipca-2024');
  });

  it('turns rows into cited sources and stored rows with their dates', () => {
    const row = findReference('itbi-tipico')!;
    expect(referenceSource(row)).toEqual({ kind: 'reference', referenceId: 'itbi-tipico', label: row.label, asOf: row.asOf, source: row.source, uncertain: true });
    expect(toUsed(row)).toEqual({ id: row.id, label: row.label, value: 0.03, unit: 'fraction', asOf: row.asOf, source: row.source, uncertain: true });
  });
});
