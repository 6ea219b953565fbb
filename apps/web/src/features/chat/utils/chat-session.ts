import type { ChatCitation } from '@viabiliza/contracts/chat';

/** Spec 02 §3 'Chat message', with the citations of an answer. */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  timestamp: string;
  type: 'text' | 'analysis' | 'suggestion';
  citations?: ChatCitation[];
}

const key = (analysisId: string) => `chat:${analysisId}`;

/** The conversation is kept in the browser for the session only; the server keeps nothing. */
export function loadConversation(analysisId: string): ChatMessage[] | null {
  try {
    const raw = sessionStorage.getItem(key(analysisId));
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) ? (parsed as ChatMessage[]) : null;
  } catch {
    return null;
  }
}

export function saveConversation(analysisId: string, messages: ChatMessage[]): void {
  try {
    sessionStorage.setItem(key(analysisId), JSON.stringify(messages));
  } catch {
    // A full or blocked storage only loses the history of this tab.
  }
}

export function newMessage(role: ChatMessage['role'], content: string, extra: Partial<ChatMessage> = {}): ChatMessage {
  return { id: crypto.randomUUID(), role, content, timestamp: new Date().toISOString(), type: 'text', ...extra };
}

/** Spec 02 §5: an empty or whitespace-only message is not sent. */
export const canSend = (text: string, pending: boolean) => !pending && text.trim().length > 0;
