import { ONBOARDING_DELAY_MS } from '@viabiliza/contracts/dashboard';
import { useCallback, useEffect, useState } from 'react';

import { ONBOARDING_STEPS, type OnboardingStep } from '@/features/dashboard/utils/onboarding-steps';
import {
  browserStorage,
  markCompleted,
  markSkipped,
  readOnboarding,
  resetOnboarding,
  shouldAutoOpen,
} from '@/features/dashboard/utils/onboarding-storage';

/** The ids of the steps up to and including `i`. */
function stepsUpTo(i: number): ReadonlySet<string> {
  return new Set(ONBOARDING_STEPS.slice(0, i + 1).map((s) => s.id));
}

export interface OnboardingState {
  open: boolean;
  steps: OnboardingStep[];
  index: number;
  next: () => void;
  previous: () => void;
  complete: () => void;
  skip: () => void;
  /** Clears the three local-storage entries and opens the tutorial again at its first step. */
  restart: () => void;
}

/**
 * Spec 01 §4 'Onboarding': opens ONBOARDING_DELAY_MS after arrival unless completed or skipped;
 * 'Próximo' marks the steps up to the current one completed; 'Concluir' marks all, stores the flag
 * and its timestamp and closes; 'Pular Tutorial' stores the skipped flag and closes.
 */
export function useOnboarding({ enabled, onComplete }: { enabled: boolean; onComplete?: () => void }): OnboardingState {
  const [open, setOpen] = useState(false);
  const [index, setIndex] = useState(0);
  const [done, setDone] = useState<ReadonlySet<string>>(() => new Set());

  useEffect(() => {
    if (!enabled || !shouldAutoOpen(readOnboarding(browserStorage()))) return;
    const timer = setTimeout(() => setOpen(true), ONBOARDING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [enabled]);

  const last = ONBOARDING_STEPS.length - 1;

  const next = useCallback(() => {
    setDone(stepsUpTo(index));
    setIndex(Math.min(index + 1, last));
  }, [index, last]);

  const previous = useCallback(() => setIndex((i) => Math.max(0, i - 1)), []);

  const complete = useCallback(() => {
    setDone(stepsUpTo(last));
    markCompleted(browserStorage());
    setOpen(false);
    onComplete?.();
  }, [last, onComplete]);

  const skip = useCallback(() => {
    markSkipped(browserStorage());
    setOpen(false);
  }, []);

  const restart = useCallback(() => {
    resetOnboarding(browserStorage());
    setDone(new Set());
    setIndex(0);
    setOpen(true);
  }, []);

  const steps = ONBOARDING_STEPS.map((step) => ({ ...step, completed: done.has(step.id) }));
  return { open, steps, index, next, previous, complete, skip, restart };
}
