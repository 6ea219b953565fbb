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
  /** 'Comparáveis de mercado': the valid rows of the comparables editor (undefined: none). */
  setComparables: (value: QuestionnaireInput['comparables']) => void;
  /** 'Limpar': empties the form and forgets the saved draft. */
  clear: () => void;
}

/**
 * The questionnaire's values, restored from this browser on load and saved on every change
 * (spec 01 §4 'Questionnaire'). Kept per user, so a shared computer does not mix two people's drafts.
 */
export function useQuestionnaireDraft(userId: string): QuestionnaireDraft {
  const key = questionnaireStorageKey(userId);
  const [state, setState] = useState(() => ({ key, values: parseDraft(readStorage(key)) }));
  // Another user signed in on this page: show their draft, not the previous one.
  if (state.key !== key) setState({ key, values: parseDraft(readStorage(key)) });

  useEffect(() => {
    writeStorage(state.key, serializeDraft(state.values));
  }, [state]);

  const setField = useCallback(<F extends QuestionnaireField>(field: F, value: QuestionnaireInput[F]) => {
    setState((previous) => ({ ...previous, values: { ...previous.values, [field]: value } }));
  }, []);
  const setDevelopment = useCallback((value: QuestionnaireInput['development']) => {
    setState((previous) => ({ ...previous, values: { ...previous.values, development: value } }));
  }, []);
  const setComparables = useCallback((value: QuestionnaireInput['comparables']) => {
    setState((previous) => ({ ...previous, values: { ...previous.values, comparables: value } }));
  }, []);
  const clear = useCallback(() => setState((previous) => ({ key: previous.key, values: {} })), []);

  return { values: state.values, setField, setDevelopment, setComparables, clear };
}
