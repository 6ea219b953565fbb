import { ONBOARDING_STORAGE_KEYS } from '@viabiliza/contracts/dashboard';

/** What the onboarding keeps in local storage, under the spec's three keys. */
export interface OnboardingRecord {
  completed: boolean;
  completedAt: string | null;
  skipped: boolean;
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Local storage, or nothing where it is unavailable (private modes, blocked storage). */
export function browserStorage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readOnboarding(storage: StorageLike | null): OnboardingRecord {
  try {
    return {
      completed: storage?.getItem(ONBOARDING_STORAGE_KEYS.completed) === 'true',
      completedAt: storage?.getItem(ONBOARDING_STORAGE_KEYS.completedAt) ?? null,
      skipped: storage?.getItem(ONBOARDING_STORAGE_KEYS.skipped) === 'true',
    };
  } catch {
    return { completed: false, completedAt: null, skipped: false };
  }
}

/** Once completed or skipped, the tutorial never opens by itself again (spec 01 §4). */
export function shouldAutoOpen(record: OnboardingRecord): boolean {
  return !record.completed && !record.skipped;
}

function write(storage: StorageLike | null, apply: (s: StorageLike) => void): void {
  if (!storage) return;
  try {
    apply(storage);
  } catch {
    // A full or blocked storage only means the tutorial may show again: nothing to tell the user.
  }
}

export function markCompleted(storage: StorageLike | null, now: Date = new Date()): void {
  write(storage, (s) => {
    s.setItem(ONBOARDING_STORAGE_KEYS.completed, 'true');
    s.setItem(ONBOARDING_STORAGE_KEYS.completedAt, now.toISOString());
  });
}

export function markSkipped(storage: StorageLike | null): void {
  write(storage, (s) => s.setItem(ONBOARDING_STORAGE_KEYS.skipped, 'true'));
}

/** The spec's reset: clears all three entries (the dialog then opens again). */
export function resetOnboarding(storage: StorageLike | null): void {
  write(storage, (s) => {
    for (const key of Object.values(ONBOARDING_STORAGE_KEYS)) s.removeItem(key);
  });
}
