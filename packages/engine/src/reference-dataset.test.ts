import { describe, expect, it } from 'vitest';
import { analyze } from './analyze.ts';
import {
  cadenceOf,
  lookupByCity,
  REFERENCE_ROWS,
  referenceAge,
  referenceDataset,
  staleReference,
  type ReferenceRow,
} from './reference-data.ts';

const imported = (r: Partial<ReferenceRow> & Pick<ReferenceRow, 'id' | 'series' | 'value' | 'asOf'>): ReferenceRow => ({
  label: r.id,
  unit: 'BRL/m2',
  source: 'FipeZAP, planilha importada pelo administrador',
  uncertain: false,
  origin: 'import',
  ...r,
});

describe('referenceDataset', () => {
  const spNew = imported({ id: 'imp-1', series: 'fipezap-venda', city: 'São Paulo', state: 'SP', value: 12_000, asOf: '2026-09' });

  it('lets a database row dated after the shipped one win, only from its date on', () => {
    const refs = referenceDataset([spNew]);
    // Shipped São Paulo row: 11.317 of 2024-11; imported: 12.000 of 2026-09.
    expect(refs.byCity('fipezap-venda', 'sao paulo - sp', null, '2026-10-01')?.value).toBe(12_000);
    expect(refs.byCity('fipezap-venda', 'São Paulo', 'SP', '2026-08-31')?.value).toBe(11_317);
    // The free functions keep using the shipped rows only.
    expect(lookupByCity('fipezap-venda', 'São Paulo', 'SP', '2026-10-01')?.value).toBe(11_317);
  });

  it('breaks a tie on asOf in favour of the database row', () => {
    const tie = imported({ id: 'imp-tie', series: 'fipezap-venda', city: 'São Paulo', state: 'SP', value: 11_500, asOf: '2024-11' });
    expect(referenceDataset([tie]).byCity('fipezap-venda', 'São Paulo', 'SP', '2025-01-01')?.id).toBe('imp-tie');
  });

  it('keeps places apart: a Campinas row does not answer for São Paulo or the national average', () => {
    const campinas = imported({ id: 'imp-camp', series: 'fipezap-venda', city: 'Campinas', state: 'SP', value: 8_000, asOf: '2026-09' });
    const refs = referenceDataset([campinas]);
    expect(refs.byCity('fipezap-venda', 'Campinas', 'SP', '2026-10-01')?.value).toBe(8_000);
    expect(refs.byCity('fipezap-venda', 'São Paulo', 'SP', '2026-10-01')?.value).toBe(11_317);
    expect(refs.generic('fipezap-venda', '2026-10-01')?.value).toBe(9_306);
  });

  it('uses a property type’s own rows when there are any, else the residential ones', () => {
    const office = imported({ id: 'imp-com', series: 'fipezap-venda', city: 'São Paulo', state: 'SP', value: 10_100, asOf: '2026-09', propertyType: 'comercial' });
    // 'sala' belongs to the 'comercial' category.
    expect(referenceDataset([office], { propertyType: 'sala' }).byCity('fipezap-venda', 'São Paulo', 'SP', '2026-10-01')?.value).toBe(10_100);
    // A flat never uses the commercial row, even when it is the newest.
    expect(referenceDataset([office], { propertyType: 'apartamento' }).byCity('fipezap-venda', 'São Paulo', 'SP', '2026-10-01')?.value).toBe(11_317);
    // A warehouse without rows of its own falls back to the residential table.
    expect(referenceDataset([office], { propertyType: 'galpao' }).byCity('fipezap-venda', 'São Paulo', 'SP', '2026-10-01')?.value).toBe(11_317);
  });

  it('fills the cadence of every shipped row', () => {
    expect(REFERENCE_ROWS.every((r) => r.cadence !== undefined)).toBe(true);
    expect(cadenceOf({ series: 'selic' })).toBe('monthly');
    expect(cadenceOf({ series: 'itbi' })).toBe('event');
    expect(cadenceOf({ series: 'cub', cadence: 'yearly' })).toBe('yearly');
  });
});

describe('staleReference', () => {
  const selic = REFERENCE_ROWS.find((r) => r.id === 'selic-2025-06')!;

  it('warns for a monthly row used after more than 2 months', () => {
    // 2025-06-18 → 2026-11-25: 17 whole months, 525 days (2025-06-18 → 2026-06-18 is 365, + 160).
    expect(referenceAge(selic, '2026-11-25')).toEqual({ days: 525, months: 17 });
    const s = staleReference(selic, '2026-11-25');
    expect(s).toMatchObject({ referenceId: 'selic-2025-06', cadence: 'monthly', ageMonths: 17, asOf: '2025-06-18' });
    expect(s?.message).toBe('Selic de jun/2025 usada em nov/2026: dado com mais de 2 meses; confira o valor atual.');
  });

  it('names the series without its final parenthetical, in linear time', () => {
    const message = (label: string) => staleReference({ ...selic, label }, '2026-11-25')?.message;
    expect(message('Selic (meta, BCB)')).toBe(message('Selic'));
    expect(message('Selic (meta) (BCB)  ')).toBe(message('Selic'));
    expect(message('Selic\n(meta)')).toBe(message('Selic'));
    // Each '(' or space made the former /\s*\(.*\)\s*$/ rescan the rest of the label (quadratic).
    expect(message(`Selic${'('.repeat(200_000)}`)).toContain('Selic(((');
    expect(message(`Selic${' '.repeat(200_000)}x`)).toContain('Selic   ');
  });

  it('stays quiet at exactly twice the cadence and for laws', () => {
    // 2025-06-18 → 2025-08-18 is 2 months: not more than 2.
    expect(staleReference(selic, '2025-08-18')).toBeNull();
    expect(staleReference(selic, '2025-08-19')).not.toBeNull();
    const itbi = REFERENCE_ROWS.find((r) => r.id === 'itbi-sao-paulo')!;
    expect(staleReference(itbi, '2030-01-01')).toBeNull();
  });

  it('counts a yearly row in years and a daily row in days', () => {
    const yearly: ReferenceRow = { ...selic, id: 'y', asOf: '2024-01', cadence: 'yearly' };
    expect(staleReference(yearly, '2026-01-01')).toBeNull(); // 24 months
    expect(staleReference(yearly, '2026-02-01')?.message).toContain('mais de 2 anos');
    const daily: ReferenceRow = { ...selic, id: 'd', asOf: '2026-11-20', cadence: 'daily' };
    expect(staleReference(daily, '2026-11-22')).toBeNull();
    expect(staleReference(daily, '2026-11-23')?.message).toContain('mais de 2 dias');
  });
});

describe('analyze with database rows', () => {
  const q = { city: 'São Paulo', state: 'SP', usableArea: '100', targetValue: '1.200.000', propertyType: 'apartamento' as const };

  it('uses an imported FipeZAP row for the city and cites it', () => {
    const row = imported({ id: 'import-42-1', series: 'fipezap-venda', city: 'São Paulo', state: 'SP', label: 'FipeZAP venda São Paulo (R$/m²)', value: 12_000, asOf: '2026-10' });
    const base = analyze({ analysisType: 'market', questionnaire: q, documents: [], generatedAt: '2026-11-25T12:00:00.000Z' });
    const withDb = analyze({ analysisType: 'market', questionnaire: q, documents: [], generatedAt: '2026-11-25T12:00:00.000Z', referenceRows: [row] });
    expect(base.market?.referencePricePerSqm.value).toBe(11_317);
    expect(withDb.market?.referencePricePerSqm.value).toBe(12_000);
    expect(withDb.market?.referencePricePerSqm.source).toMatchObject({ kind: 'reference', referenceId: 'import-42-1', asOf: '2026-10', source: 'FipeZAP, planilha importada pelo administrador' });
    expect(withDb.references.map((r) => r.id)).toContain('import-42-1');
    // 2026-10 → 2026-11-25 is 1 month: current, no warning for it; the shipped 2024-11 row would have warned.
    expect(withDb.referenceWarnings?.some((w) => w.referenceId === 'import-42-1') ?? false).toBe(false);
    expect(base.referenceWarnings?.some((w) => w.referenceId === 'fipezap-venda-sao-paulo-2024-11')).toBe(true);
    expect(base.warnings).toContain('FipeZAP venda São Paulo de nov/2024 usada em nov/2026: dado com mais de 2 meses; confira o valor atual.');
  });

  it('warns about the stale Tesouro rate behind the hurdle of a rental analysis; a newer imported row replaces it', () => {
    const r = analyze({ analysisType: 'investment', questionnaire: { ...q, monthlyRent: '5.000' }, documents: [], generatedAt: '2026-11-25T12:00:00.000Z' });
    // Shipped Tesouro IPCA+ 2035 row: 2025-11-26 → 11 months old on 2026-11-25 (monthly cadence: stale).
    const w = r.referenceWarnings?.find((x) => x.referenceId.startsWith('tesouro'));
    expect(w).toMatchObject({ referenceId: 'tesouro-ipca-2035-2025-11', ageMonths: 11 });
    expect(r.warnings.some((x) => x.startsWith('Tesouro IPCA+ 2035 de nov/2025 usada em nov/2026'))).toBe(true);
    const fresh: ReferenceRow = {
      id: 'import-tesouro-2026-11',
      series: 'tesouro-ipca-longo',
      label: 'Tesouro IPCA+ 2035 (juros reais, a.a.)',
      value: 0.065,
      unit: 'fraction',
      asOf: '2026-11-20',
      source: 'Tesouro Direto, importado pelo administrador',
      uncertain: false,
      origin: 'import',
    };
    const withDb = analyze({ analysisType: 'investment', questionnaire: { ...q, monthlyRent: '5.000' }, documents: [], generatedAt: '2026-11-25T12:00:00.000Z', referenceRows: [fresh] });
    expect(withDb.hurdle!.referenceId).toBe('import-tesouro-2026-11');
    expect(withDb.hurdle!.value).toBeLessThan(r.hurdle!.value);
    expect(withDb.referenceWarnings?.some((x) => x.referenceId.startsWith('tesouro')) ?? false).toBe(false);
  });
});

describe('staleReference at month ends', () => {
  it('clamps the day: a row of 2025-12-31 is current until 2026-02-28', () => {
    const row: ReferenceRow = { id: 'x', series: 'selic', label: 'Selic', value: 0.15, unit: 'fraction', asOf: '2025-12-31', source: 's', uncertain: false };
    expect(staleReference(row, '2026-02-28')).toBeNull();
    expect(staleReference(row, '2026-03-01')?.ageMonths).toBe(2);
    // 2025-06-18 → 2025-09-10: 2 whole months and 23 days, stale.
    expect(staleReference({ ...row, asOf: '2025-06-18' }, '2025-09-10')).not.toBeNull();
  });
});

describe('staleReference of a month-dated row', () => {
  it('counts from the end of the month: FipeZAP of set/2026 is current until 30/11/2026', () => {
    const row: ReferenceRow = { id: 'm', series: 'fipezap-venda', label: 'FipeZAP venda Porto Alegre (R$/m²)', value: 8765.4, unit: 'BRL/m2', asOf: '2026-09', source: 's', uncertain: false };
    expect(staleReference(row, '2026-11-25')).toBeNull();
    expect(staleReference(row, '2026-11-30')).toBeNull();
    expect(staleReference(row, '2026-12-01')?.message).toBe('FipeZAP venda Porto Alegre de set/2026 usada em dez/2026: dado com mais de 2 meses; confira o valor atual.');
  });
});
