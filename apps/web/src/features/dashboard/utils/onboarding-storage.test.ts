import { describe, expect, it } from 'vitest';

import { markCompleted, markSkipped, readOnboarding, resetOnboarding, shouldAutoOpen } from './onboarding-storage';

function memoryStorage() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('onboarding storage', () => {
  it('opens by itself only for someone who neither completed nor skipped it', () => {
    const storage = memoryStorage();
    expect(shouldAutoOpen(readOnboarding(storage))).toBe(true);
    markSkipped(storage);
    expect(storage.map.get('onboarding_skipped')).toBe('true');
    expect(shouldAutoOpen(readOnboarding(storage))).toBe(false);
  });

  it('stores the completed flag with its timestamp under the spec keys', () => {
    const storage = memoryStorage();
    markCompleted(storage, new Date('2026-05-02T10:00:00Z'));
    expect(Object.fromEntries(storage.map)).toEqual({
      onboarding_completed: 'true',
      onboarding_completed_at: '2026-05-02T10:00:00.000Z',
    });
    expect(readOnboarding(storage)).toEqual({ completed: true, completedAt: '2026-05-02T10:00:00.000Z', skipped: false });
    expect(shouldAutoOpen(readOnboarding(storage))).toBe(false);
  });

  it('reset clears all three entries', () => {
    const storage = memoryStorage();
    markCompleted(storage);
    markSkipped(storage);
    resetOnboarding(storage);
    expect(storage.map.size).toBe(0);
    expect(shouldAutoOpen(readOnboarding(storage))).toBe(true);
  });

  it('works without storage at all', () => {
    expect(readOnboarding(null)).toEqual({ completed: false, completedAt: null, skipped: false });
    expect(() => markCompleted(null)).not.toThrow();
  });
});
