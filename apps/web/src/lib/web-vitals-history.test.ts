import { describe, expect, it } from 'vitest';

import { appendWebVital } from './web-vitals-history';

const rec = (i: number) => ({ name: 'LCP' as const, value: i, rating: 'good' as const, timestamp: i });

describe('web-vitals history in localStorage', () => {
  it('keeps the last 10, newest last', () => {
    let stored: string | null = null;
    for (let i = 1; i <= 12; i++) stored = JSON.stringify(appendWebVital(stored, rec(i)));
    const list = JSON.parse(stored!);
    expect(list).toHaveLength(10);
    expect(list[0].value).toBe(3);
    expect(list[9].value).toBe(12);
  });

  it('recovers from garbage and drops malformed entries', () => {
    expect(appendWebVital('{oops', rec(1))).toEqual([rec(1)]);
    expect(appendWebVital(JSON.stringify([{ name: 'X' }, rec(1)]), rec(2))).toEqual([rec(1), rec(2)]);
  });
});
