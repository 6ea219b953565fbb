import { describe, expect, it } from 'vitest';

import { countLabel, rateLabel, tokensLabel } from './figures';

describe('dashboard figures', () => {
  it('shows a dash, never a made-up rate, when there is nothing to compute from', () => {
    expect(rateLabel(null)).toBe('—');
    expect(rateLabel(1)).toBe('100%');
    expect(rateLabel(0.75)).toBe('75%');
  });

  it('formats counts and tokens in pt-BR', () => {
    expect(countLabel(1234.4)).toBe('1.234');
    expect(tokensLabel(1500)).toBe('1.500 tokens');
    expect(tokensLabel(1)).toBe('1 token');
    // The engine's own reports use no tokens: nothing is shown, not '0 tokens'.
    expect(tokensLabel(null)).toBeNull();
    expect(tokensLabel(0)).toBeNull();
  });
});
