import type { Figure, FinancialResult, FinancingSchedule } from '@viabiliza/contracts/analysis-result';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

import { FinancingPanel, financingTableRows } from './financing-panel';

const fig = (id: string, value: number | null, unit: Figure['unit'], note?: string): Figure => ({
  id,
  label: id,
  value,
  unit,
  source: { kind: 'reference', referenceId: id, label: id, asOf: '2025-10', source: 'reportagens na imprensa', uncertain: true },
  ...(note ? { note } : {}),
});

const schedule = (system: 'SAC' | 'PRICE', first: number, firstTotal: number, cetHint: number): FinancingSchedule => ({
  system,
  firstPayment: first,
  lastPayment: 100,
  totalInterest: cetHint,
  totalPaid: 1000,
  firstPaymentTotal: firstTotal,
  lastPaymentTotal: 130,
  totalCorrection: 10,
  totalInsurance: 20,
  totalFees: 30,
  totalPaidAll: 1060,
  rows: [],
});

/** A R$ 500 mil flat under SFH: SAC 80 % (400 mil), Price 70 % (350 mil, down payment raised). */
const FINANCING: NonNullable<FinancialResult['financing']> = {
  downPayment: fig('downPayment', 100_000, 'BRL'),
  loanAmount: fig('loanAmount', 400_000, 'BRL'),
  rateAnnual: fig('rateAnnual', 0.12, 'fraction'),
  termMonths: fig('termMonths', 360, 'months'),
  sac: schedule('SAC', 5_000, 5_200, 1),
  price: schedule('PRICE', 3_500, 3_650, 2),
  regime: 'SFH',
  sfhEligible: true,
  sfhCeiling: fig('sfhCeiling', 2_250_000, 'BRL'),
  ltvMax: { SAC: fig('ltvSac', 0.8, 'fraction'), PRICE: fig('ltvPrice', 0.7, 'fraction') },
  loanBySystem: { SAC: fig('loanSac', 400_000, 'BRL'), PRICE: fig('loanPrice', 350_000, 'BRL') },
  downPaymentBySystem: { SAC: fig('downSac', 100_000, 'BRL'), PRICE: fig('downPrice', 150_000, 'BRL') },
  tr: fig('tr', 0.001711, 'fraction'),
  insurance: {
    borrowerAge: fig('age', 35, 'years'),
    mipRateMonthly: fig('mip', 0.00028933, 'fraction'),
    dfiRateMonthly: fig('dfi', 0.00004684, 'fraction'),
    adminFeeMonthly: fig('fee', 25, 'BRL/mes'),
  },
  cet: { SAC: fig('cetSac', 0.1432, 'fraction'), PRICE: fig('cetPrice', 0.1451, 'fraction') },
  notes: ['Price: a entrada subiu para R$ 150.000 (30% do valor) porque o banco financia no máximo 70% neste sistema.'],
};

describe('financing panel', () => {
  it('compares SAC and Price with their own LTV, loan, total first payment and CET', () => {
    const rows = Object.fromEntries(financingTableRows(FINANCING).map((r) => [r.label, r.values]));
    expect(rows['Cota máxima']).toEqual(['80,0%', '70,0%']);
    expect(rows['Valor financiado']![1]).toMatch(/350\.000,00/);
    expect(rows['1ª parcela (com seguros e tarifa)']![0]).toMatch(/5\.200,00/);
    expect(rows['CET (custo efetivo total)']).toEqual(['14,3%', '14,5%']);
  });

  it('shows the regime, the monthly rates with four decimals and the notes', () => {
    const html = renderToStaticMarkup(createElement(FinancingPanel, { financing: FINANCING }));
    expect(html).toContain('SFH');
    expect(html).toContain('0,0289% ao mês');
    expect(html).toContain('0,1711% ao mês');
    expect(html).toContain('a entrada subiu');
    expect(renderToStaticMarkup(createElement(FinancingPanel, { financing: null }))).toBe('');
  });
});
