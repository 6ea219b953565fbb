import { ANALYSIS_LIMITS, ANALYSIS_MESSAGES } from '@viabiliza/contracts/analysis';
import { validationMessage } from '@viabiliza/contracts/errors';
import {
  hasQuestionnaireData,
  questionnaireContent,
  questionnaireSchema,
  type Questionnaire,
  type QuestionnaireInput,
} from '@viabiliza/contracts/questionnaire';

/** A document whose extraction completed: what the analysis needs to know of it. */
export interface ReadyDocument {
  id: string;
  fileName: string;
}

export type PreconditionCheck = { ok: true; questionnaire: Questionnaire } | { ok: false; message: string };

/**
 * Spec 01 §5 'Analysis run preconditions', in the browser for comfort (the server checks them again
 * and answers with the same messages). Demo mode does not come here. What the browser cannot know is
 * left to the server: the text length of each document (a completed extraction already has at least
 * 10 characters) and so the combined length when documents are part of the run.
 */
export function checkRunPreconditions(input: {
  signedIn: boolean;
  questionnaire: QuestionnaireInput;
  documents: readonly ReadyDocument[];
}): PreconditionCheck {
  if (!hasQuestionnaireData(input.questionnaire) && input.documents.length === 0) {
    return { ok: false, message: ANALYSIS_MESSAGES.noData };
  }
  if (!input.signedIn) return { ok: false, message: ANALYSIS_MESSAGES.loginRequired };
  const parsed = questionnaireSchema.safeParse(input.questionnaire);
  if (!parsed.success) {
    return { ok: false, message: validationMessage([...new Set(parsed.error.issues.map((i) => i.message))]) };
  }
  if (input.documents.length === 0 && questionnaireContent(parsed.data).length < ANALYSIS_LIMITS.minCombinedChars) {
    return { ok: false, message: ANALYSIS_MESSAGES.insufficientContent };
  }
  return { ok: true, questionnaire: parsed.data };
}

/**
 * Issue 18: while a document is being read (uploaded or processing) the run would leave it out, so
 * 'Iniciar Análise' waits and says why and for how many ('Aguarde: 2 documentos em leitura'); the
 * count follows the documents list as each one finishes. The server refuses such a run too (409).
 * Null when nothing holds the button: demo mode reads no document, and a run under way has its own text.
 */
export function readingGate(input: { readingCount: number; demoMode: boolean; running: boolean }): string | null {
  if (input.demoMode || input.running || input.readingCount <= 0) return null;
  return ANALYSIS_MESSAGES.documentsReading(input.readingCount);
}
