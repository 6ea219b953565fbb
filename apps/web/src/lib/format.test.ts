import { describe, expect, it } from 'vitest';

import { formatBadgeCount, formatCurrency, formatDate, relativeTime } from './format';

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
});
