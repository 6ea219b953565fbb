import type { MonitorAlert } from '@viabiliza/contracts/admin-console';
import { describe, expect, it } from 'vitest';

import { mergeAlerts } from './alert-feed';

const alert = (id: string, at: string, level: MonitorAlert['level'] = 'error'): MonitorAlert => ({ id, level, at, message: id });

describe('mergeAlerts (issue 15: alerts clear with their condition and are toasted once)', () => {
  it('toasts a condition once while it lasts, drops it from the list when it clears, toasts a new episode', () => {
    const first = alert('a:errors:error:10:00', '2026-11-24T10:00:00Z');
    let state = mergeAlerts([first], [], new Set());
    expect(state.toast).toEqual([first]);
    expect(state.feed).toEqual([first]);

    // The next polls: still active, not toasted again.
    state = mergeAlerts([first], state.feed, state.seen);
    expect(state.toast).toEqual([]);
    expect(state.feed).toEqual([first]);

    // The condition cleared: gone from the list.
    state = mergeAlerts([], state.feed, state.seen);
    expect(state.feed).toEqual([]);
    expect(state.seen.size).toBe(0);

    // It comes back later: a new episode, toasted again.
    const again = alert('a:errors:error:10:20', '2026-11-24T10:20:00Z');
    state = mergeAlerts([again], state.feed, state.seen);
    expect(state.toast).toEqual([again]);
  });

  it("keeps the client's own collection failures in the list", () => {
    const failure = alert('client:1', '2026-11-24T10:05:00Z');
    const state = mergeAlerts([], [failure], new Set(['client:1']));
    expect(state.feed).toEqual([failure]);
    expect(state.toast).toEqual([]);
  });
});
