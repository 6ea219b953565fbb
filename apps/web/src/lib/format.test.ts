import { describe, expect, it } from 'vitest';

import {
  formatBadgeCount,
  formatCompactCurrency,
  formatCurrency,
  formatCurrencyRounded,
  formatDate,
  formatDecimal,
  formatFileSize,
  formatFractionPercent,
  formatPercent,
  relativeTime,
} from './format';

/** Intl puts a no-break space after 'R$'; compare with plain spaces. */
const plain = (s: string) => s.replace(/\s/g, ' ');

const now = new Date('2025-06-18T12:00:00');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MIN = 60_000;

describe('relativeTime (spec 01 §9)', () => {
  it('is Agora under one minute', () => {
    expect(relativeTime(ago(59_000), now)).toBe('Agora');
  });
  it('counts minutes, hours and days', () => {
    expect(relativeTime(ago(5 * MIN), now)).toBe('5m');
    expect(relativeTime(ago(59 * MIN), now)).toBe('59m');
    expect(relativeTime(ago(60 * MIN), now)).toBe('1h');
    expect(relativeTime(ago(23 * 60 * MIN), now)).toBe('23h');
    expect(relativeTime(ago(24 * 60 * MIN), now)).toBe('1d');
    expect(relativeTime(ago(6 * 24 * 60 * MIN), now)).toBe('6d');
  });
  it('shows the date from seven days on', () => {
    expect(relativeTime(new Date('2025-06-11T12:00:00'), now)).toBe('11/06/2025');
  });
  it('accepts ISO strings', () => {
    expect(relativeTime(ago(2 * MIN).toISOString(), now)).toBe('2m');
  });
});

describe('pt-BR formatting', () => {
  it('formats dates as dd/MM/yyyy', () => {
    expect(formatDate(new Date('2025-01-05T10:00:00'))).toBe('05/01/2025');
  });
  it('formats money as R$ 1.234,56', () => {
    expect(formatCurrency(1234.56).replace(/\s/g, ' ')).toBe('R$ 1.234,56');
  });
  it("caps the badge at '99+'", () => {
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
  });
  it('formats file sizes in MB with two decimals', () => {
    expect(formatFileSize(1.5 * 1024 * 1024)).toBe('1,50 MB');
    expect(formatFileSize(12_345)).toBe('0,01 MB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10,00 MB');
  });
  it('rounds confidences to whole percentages', () => {
    expect(formatPercent(87.6)).toBe('88%');
  });
});

describe('figures', () => {
  it('formats decimals with a comma', () => {
    expect(formatDecimal(7.25, 1)).toBe('7,3');
    expect(formatDecimal(8, 1)).toBe('8,0');
    expect(formatDecimal(1234.5, 2)).toBe('1.234,50');
  });
  it('shows fractions as percentages with one decimal', () => {
    expect(formatFractionPercent(0.15)).toBe('15,0%');
    expect(formatFractionPercent(0.0325)).toBe('3,3%');
    expect(formatFractionPercent(-0.021)).toBe('-2,1%');
  });
  it('shortens money for chart axes', () => {
    expect(plain(formatCompactCurrency(1_234_567))).toBe('R$ 1,23 mi');
    expect(plain(formatCompactCurrency(12_500))).toBe('R$ 12,5 mil');
    expect(plain(formatCompactCurrency(450_000))).toBe('R$ 450 mil');
    expect(plain(formatCompactCurrency(-80_000))).toBe('-R$ 80 mil');
    expect(plain(formatCompactCurrency(0))).toBe('R$ 0');
  });
  it('rounds money to whole reais', () => {
    expect(plain(formatCurrencyRounded(485_000.4))).toBe('R$ 485.000');
  });
});
