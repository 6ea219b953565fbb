import { useMutation } from '@tanstack/react-query';
import { chatAnswer, type ChatAnswer } from '@viabiliza/contracts/chat';

import { api } from '@/lib/api-client';

/** POST /api/analyses/:id/chat: one question, answered from the analysis's documents and report. */
export function askQuestion({ analysisId, question }: { analysisId: string; question: string }): Promise<ChatAnswer> {
  return api.post(`/api/analyses/${encodeURIComponent(analysisId)}/chat`, { question }, { schema: chatAnswer, timeoutMs: 90_000 });
}

export function useAskQuestion(analysisId: string) {
  return useMutation({ mutationFn: (question: string) => askQuestion({ analysisId, question }) });
}
