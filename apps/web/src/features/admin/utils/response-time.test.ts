import { describe, expect, it } from 'vitest';

import { IDLE_INTERVAL, responseTimeLabel } from './response-time';

describe('responseTimeLabel (issue 15: idle intervals are "sem requisições", not 0 ms)', () => {
  it('shows an interval without requests as "sem requisições"', () => {
    expect(responseTimeLabel(null, 0)).toBe(IDLE_INTERVAL);
    expect(responseTimeLabel(null)).toBe(IDLE_INTERVAL);
    expect(responseTimeLabel(undefined)).toBe(IDLE_INTERVAL);
    // A 0 stored by an older server for an idle interval is not a response time either.
    expect(responseTimeLabel(0, 0)).toBe(IDLE_INTERVAL);
    expect(IDLE_INTERVAL).toBe('sem requisições');
  });

  it('shows a measured interval in milliseconds, pt-BR', () => {
    expect(responseTimeLabel(1234.5, 30)).toBe('1.234,5 ms');
    expect(responseTimeLabel(12, 1)).toBe('12,0 ms');
  });
});
