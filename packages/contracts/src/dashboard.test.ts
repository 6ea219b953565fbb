import { describe, expect, it } from 'vitest';
import { goalPercent, monthStartIn, ratio } from './dashboard.ts';

describe('monthStartIn', () => {
  it('is midnight of the 1st in São Paulo (UTC−3), as a UTC instant', () => {
    expect(monthStartIn('America/Sao_Paulo', new Date('2026-03-15T12:00:00Z')).toISOString()).toBe('2026-03-01T03:00:00.000Z');
  });

  it('still counts the last evening of a month in Brazil as that month', () => {
    // 01:30 UTC on 1 April is 22:30 on 31 March in São Paulo.
    expect(monthStartIn('America/Sao_Paulo', new Date('2026-04-01T01:30:00Z')).toISOString()).toBe('2026-03-01T03:00:00.000Z');
    expect(monthStartIn('America/Sao_Paulo', new Date('2026-04-01T03:00:00Z')).toISOString()).toBe('2026-04-01T03:00:00.000Z');
  });

  it('follows daylight saving where a zone has it', () => {
    // New York is on EDT (UTC−4) on 1 April, EST (UTC−5) on 1 January.
    expect(monthStartIn('America/New_York', new Date('2026-04-10T12:00:00Z')).toISOString()).toBe('2026-04-01T04:00:00.000Z');
    expect(monthStartIn('America/New_York', new Date('2026-01-10T12:00:00Z')).toISOString()).toBe('2026-01-01T05:00:00.000Z');
  });
});

describe('ratio and goalPercent', () => {
  it('gives null rather than a made-up rate when there is nothing to divide by', () => {
    expect(ratio(0, 0)).toBeNull();
    expect(ratio(3, 4)).toBe(0.75);
  });

  it('fills a goal bar up to 100', () => {
    expect(goalPercent(25, 100)).toBe(25);
    expect(goalPercent(750, 500)).toBe(100);
    expect(goalPercent(1, 0)).toBe(0);
  });
});
