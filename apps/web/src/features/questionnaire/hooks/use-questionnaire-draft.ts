import type { QuestionnaireField, QuestionnaireInput } from '@viabiliza/contracts/questionnaire';
import { useCallback, useEffect, useState } from 'react';

import { parseDraft, questionnaireStorageKey, serializeDraft } from '@/features/questionnaire/utils/draft';

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage may be disabled (private mode, policy): the form still works, it just is not kept.
    return null;
  }
}

function writeStorage(key: string, json: string | null): void {
  try {
    if (json === null) localStorage.removeItem(key);
    else localStorage.setItem(key, json);
  } catch {
    // Full or disabled storage: nothing to do but keep the values in memory.
  }
}

export interface QuestionnaireDraft {
  values: QuestionnaireInput;
  setField: <F extends QuestionnaireField>(field: F, value: QuestionnaireInput[F]) => void;
  /** 'Premissas do empreendimento', a block of its own. */
  setDevelopment: (value: QuestionnaireInput['development']) => void;
  /** 'Estratégia, financiamento e impostos', a block of its own. */
  setDeal: (value: QuestionnaireInput['deal']) => void;
  /** 'Comparáveis de mercado': the valid rows of the comparables editor (undefined: none). */
  setComparables: (value: QuestionnaireInput['comparables']) => void;
  /** 'Limpar': empties the form and forgets the saved draft. */
  clear: () => void;
  /** Puts these values in the form (a property's last questionnaire); they are saved as the draft. */
  replace: (values: QuestionnaireInput) => void;
  /** Whether this browser held a draft under this key when it was opened. */
  hadDraft: boolean;
}

function load(key: string) {
  const raw = readStorage(key);
  return { key, values: parseDraft(raw), hadDraft: raw !== null };
}

/**
 * The questionnaire's values, restored from this browser on load and saved on every change
 * (spec 01 §4 'Questionnaire'). Kept per user, so a shared computer does not mix two people's drafts,
 * and per property when the form is a new analysis of one (`propertyId`), so that property's draft
 * does not overwrite the general one.
 */
export function useQuestionnaireDraft(userId: string, propertyId: string | null = null): QuestionnaireDraft {
  const key = questionnaireStorageKey(userId, propertyId);
  const [state, setState] = useState(() => load(key));
  // Another user signed in on this page (or another property was chosen): show that draft.
  if (state.key !== key) setState(load(key));

  useEffect(() => {
    writeStorage(state.key, serializeDraft(state.values));
  }, [state]);

  const setField = useCallback(<F extends QuestionnaireField>(field: F, value: QuestionnaireInput[F]) => {
    setState((previous) => ({ ...previous, values: { ...previous.values, [field]: value } }));
  }, []);
  const setDevelopment = useCallback((value: QuestionnaireInput['development']) => {
    setState((previous) => ({ ...previous, values: { ...previous.values, development: value } }));
  }, []);
  const setDeal = useCallback((value: QuestionnaireInput['deal']) => {
    setState((previous) => ({ ...previous, values: { ...previous.values, deal: value } }));
  }, []);
  const setComparables = useCallback((value: QuestionnaireInput['comparables']) => {
    setState((previous) => ({ ...previous, values: { ...previous.values, comparables: value } }));
  }, []);
  const clear = useCallback(() => setState((previous) => ({ ...previous, values: {} })), []);
  const replace = useCallback((values: QuestionnaireInput) => setState((previous) => ({ ...previous, values })), []);

  return { values: state.values, setField, setDevelopment, setDeal, setComparables, clear, replace, hadDraft: state.hadDraft };
}
