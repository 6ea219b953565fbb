import { describe, expect, it } from 'vitest';
import { capitalGainsTax, companyRentTax, irpfMarginal, irpfMonthly, irpfTable, monthIndexOf, reductionFactorFR2, reductionFactors, saleTax } from './tax.ts';

describe('IRPF on rent (carnê-leão, table of Lei 15.191/2025 with the Lei 15.270/2025 reduction)', () => {
  it('applies the monthly progressive table', () => {
    expect(irpfTable(2428.8)).toBe(0);
    // 2 800 × 7,5 % − 182,16 = 27,84
    expect(irpfTable(2800)).toBeCloseTo(27.84, 6);
    // 4 000 × 22,5 % − 675,49 = 224,51
    expect(irpfTable(4000)).toBeCloseTo(224.51, 6);
    // 10 000 × 27,5 % − 908,73 = 1 841,27
    expect(irpfTable(10000)).toBeCloseTo(1841.27, 6);
  });

  it('zeroes the tax up to R$ 5.000 of income and reduces it up to R$ 7.350', () => {
    expect(irpfMonthly(4800)).toBe(0); // table 411,27, reduced to 0
    expect(irpfMonthly(5000)).toBe(0);
    // 6 000: table 6 000 × 27,5 % − 908,73 = 741,27; reduction 978,62 − 0,133145 × 6 000 = 179,75 → 561,52
    expect(irpfMonthly(6000)).toBeCloseTo(561.52, 2);
    // 7 350: reduction 978,62 − 978,62 = 0 → full table 1 112,52
    expect(irpfMonthly(7350)).toBeCloseTo(7350 * 0.275 - 908.73, 2);
    // 8 000: no reduction → 1 291,27
    expect(irpfMonthly(8000)).toBeCloseTo(1291.27, 2);
    // The base after deductible expenses sets the table; the income sets the reduction.
    // income 6 000, base 5 000: 5 000 × 27,5 % − 908,73 = 466,27 − 179,75 = 286,52
    expect(irpfMonthly(6000, 5000)).toBeCloseTo(286.52, 2);
  });
});

describe('company in the lucro presumido', () => {
  it('charges PIS/Cofins 3,65 % and IRPJ + CSLL on 32 % of the rent, +10 % over R$ 20 mil/month presumed', () => {
    // 10 000: 365 + 3 200 × 24 % = 1 133
    expect(companyRentTax(10000)).toBeCloseTo(1133, 6);
    // 100 000: 3 650 + 32 000 × 24 % (7 680) + (32 000 − 20 000) × 10 % (1 200) = 12 530
    expect(companyRentTax(100000)).toBeCloseTo(12530, 6);
    expect(companyRentTax(0)).toBe(0);
  });
});

describe('capital gains on the sale', () => {
  it('FR2 = 1/1,0035^months (Lei 11.196/2005 art. 40)', () => {
    expect(reductionFactorFR2(0)).toBe(1);
    expect(reductionFactorFR2(120)).toBeCloseTo(0.657529, 6); // 1,0035^120 = 1,52085…
  });

  it('individual: (sale − costs − acquisition) × FR2 at the progressive rates; exempt up to R$ 440 mil', () => {
    // 1 000 000 − 60 000 − 700 000 = 240 000 × FR2(60) = 240 000 / 1,0035^60 (1,23316…) = 194 622,… × 15 %
    const r = saleTax('pf', 1_000_000, 60_000, 700_000, 60);
    expect(r.gain).toBe(240_000);
    expect(r.tax).toBeCloseTo((0.15 * 240_000) / 1.0035 ** 60, 6);
    expect(r.tax).toBeGreaterThan(29_100);
    expect(r.tax).toBeLessThan(29_300);
    const small = saleTax('pf', 440_000, 0, 300_000, 12);
    expect(small.exempt).toBe(true);
    expect(small.tax).toBe(0);
    expect(saleTax('pf', 440_000.01, 0, 300_000, 12).exempt).toBe(false);
    // A loss pays nothing.
    expect(saleTax('pf', 900_000, 54_000, 950_000, 12).tax).toBe(0);
    // Above R$ 5 mi of gain the next bracket applies (Lei 13.259/2016).
    expect(capitalGainsTax(6_000_000)).toBeCloseTo(750_000 + 175_000, 6);
  });

  it('company: IRPJ 15 % + CSLL 9 % on the gain, +10 % over R$ 60 mil; no FR2, no exemption', () => {
    // 100 000: 24 000 + 4 000
    const r = saleTax('pj', 400_000, 0, 300_000, 120);
    expect(r.tax).toBeCloseTo(28_000, 6);
    expect(r.reductionFactor).toBe(1);
    expect(r.exempt).toBe(false);
    expect(saleTax('none', 2_000_000, 0, 300_000, 120).tax).toBe(0);
  });
});

describe("the owner's tax profile", () => {
  it('other rent: the carnê-leão brackets apply to the total, this rent pays the difference', () => {
    // Alone, R$ 3.000 is under R$ 5.000: exempt. With R$ 6.000 of other rent the total 9.000 pays
    // 9.000 × 27,5 % − 908,73 = 1.566,27 against 6.000 × 27,5 % − 908,73 − (978,62 − 0,133145 × 6.000) = 561,52.
    expect(irpfMonthly(3000)).toBe(0);
    const other = 6000 * 0.275 - 908.73 - (978.62 - 0.133145 * 6000);
    expect(irpfMonthly(6000)).toBeCloseTo(other, 6);
    expect(irpfMarginal(3000, 3000, 6000)).toBeCloseTo(9000 * 0.275 - 908.73 - other, 6);
    expect(irpfMarginal(3000, 3000, 0)).toBe(0);
  });

  it('other properties: no R$ 440 mil exemption', () => {
    expect(saleTax('pf', 400_000, 0, 300_000, 12).exempt).toBe(true);
    const taxed = saleTax('pf', 400_000, 0, 300_000, 12, { otherProperties: true });
    expect(taxed.exempt).toBe(false);
    expect(taxed.tax).toBeCloseTo(100_000 * 0.15 / 1.0035 ** 12, 6);
  });

  it('FR1 for acquisitions before 12/2005, and the Lei 7.713/1988 reduction before 1989', () => {
    const jun2000 = monthIndexOf('2000-06-15')!;
    const nov2030 = monthIndexOf('2030-11')!;
    const f = reductionFactors(jun2000, nov2030);
    // m1 = Jun/2000 … Nov/2005 = 66 months; m2 = Dec/2005 … Nov/2030 = 299.
    expect(f.art18).toBe(0);
    expect(f.fr1).toBeCloseTo(1 / 1.006 ** 66, 12);
    expect(f.fr2).toBeCloseTo(1 / 1.0035 ** 299, 12);
    const old = reductionFactors(monthIndexOf('1980-03')!, nov2030);
    expect(old.art18).toBeCloseTo(0.45, 12); // 1980 → 9 years before 1989 × 5 %
    expect(old.fr1).toBeCloseTo(1 / 1.006 ** 119, 12); // from Jan/1996
    expect(reductionFactors(monthIndexOf('1965-01')!, nov2030).combined).toBe(0);
    // After Nov 2005: FR1 = 1, FR2 from the acquisition.
    const recent = reductionFactors(monthIndexOf('2015-08')!, monthIndexOf('2025-08')!);
    expect(recent.fr1).toBe(1);
    expect(recent.fr2).toBeCloseTo(1 / 1.0035 ** 120, 12);
    const sale = saleTax('pf', 1_000_000, 0, 200_000, 0, { acquiredMonth: jun2000, saleMonth: nov2030 });
    expect(sale.tax).toBeCloseTo(800_000 * f.combined * 0.15, 6);
    expect(sale.fr1).toBeCloseTo(f.fr1, 12);
  });
});
