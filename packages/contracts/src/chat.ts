import { z } from 'zod';

export const CHAT_LIMITS = { questionMaxChars: 1000, maxCitations: 3 } as const;

export const CHAT_MESSAGES = {
  greeting:
    'Olá! Sou o assistente desta análise. Pergunte sobre o relatório ou os documentos enviados: respondo citando o trecho, o documento e a página de onde tirei a resposta.',
  notFound:
    'Não encontrei nos documentos desta análise nem no relatório um trecho que responda a essa pergunta. Tente usar outras palavras ou envie o documento que contém essa informação.',
  foundIntro: 'Encontrei estes trechos nas fontes desta análise:',
  questionEmpty: 'Digite uma pergunta',
  questionTooLong: `A pergunta deve ter no máximo ${CHAT_LIMITS.questionMaxChars} caracteres`,
  placeholder: 'Pergunte sobre a análise ou os documentos...',
  error: 'Não foi possível responder agora. Tente novamente.',
} as const;

export const chatQuestion = z.object({
  question: z
    .string({ error: CHAT_MESSAGES.questionEmpty })
    .trim()
    .min(1, { error: CHAT_MESSAGES.questionEmpty })
    .max(CHAT_LIMITS.questionMaxChars, { error: CHAT_MESSAGES.questionTooLong }),
});
export type ChatQuestion = z.infer<typeof chatQuestion>;

export const chatCitation = z.object({
  /** 1-based number the answer refers to as [n]. */
  n: z.number().int().positive(),
  source: z.enum(['document', 'report']),
  documentId: z.string().nullable(),
  /** The document's file name, or 'Relatório da análise'. */
  sourceName: z.string(),
  page: z.number().int().positive().nullable(),
  /** The report section's heading, for report passages. */
  section: z.string().nullable(),
  /** The passage exactly as it appears in the source. */
  excerpt: z.string(),
});
export type ChatCitation = z.infer<typeof chatCitation>;

export const chatAnswer = z.object({
  answer: z.string(),
  found: z.boolean(),
  citations: z.array(chatCitation),
  /** 'local' for the retrieval-only answer; the LLM provider id when a model wrote it. */
  provider: z.string(),
  providerName: z.string(),
});
export type ChatAnswer = z.infer<typeof chatAnswer>;

/** How a citation is written under an answer: 'matricula.pdf, página 2' or 'Relatório da análise, seção Riscos'. */
export function citationLabel(c: Pick<ChatCitation, 'sourceName' | 'page' | 'section'>): string {
  if (c.page) return `${c.sourceName}, página ${c.page}`;
  if (c.section) return `${c.sourceName}, seção ${c.section}`;
  return c.sourceName;
}
