import { describe, expect, it } from 'vitest';

import { comparePath, compareIds, deltaAgainst } from './comparison';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const C = '33333333-3333-4333-8333-333333333333';
const D = '44444444-4444-4444-8444-444444444444';
const E = '55555555-5555-4555-8555-555555555555';

describe('scenario comparison', () => {
  it('reads at most four distinct valid ids from ?ids=, in order', () => {
    expect(compareIds(`${A},${B}, ${A},x,${C},${D},${E}`)).toEqual([A, B, C, D]);
    expect(compareIds(null)).toEqual([]);
    expect(comparePath([A, B, C, D, E])).toBe(`/comparar?ids=${A},${B},${C},${D}`);
  });

  it('gives the difference against the first analysis, none when a figure is missing', () => {
    expect(deltaAgainst({ id: 'npv', label: 'VPL', value: 100, unit: 'BRL' }, { id: 'npv', label: 'VPL', value: 70, unit: 'BRL' })).toBe(-30);
    expect(deltaAgainst({ id: 'npv', label: 'VPL', value: null, unit: 'BRL' }, { id: 'npv', label: 'VPL', value: 70, unit: 'BRL' })).toBeNull();
  });
});
