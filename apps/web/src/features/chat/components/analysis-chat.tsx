import { CHAT_LIMITS, CHAT_MESSAGES, citationLabel } from '@viabiliza/contracts/chat';
import { Bot, FileText, Send, User } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

import { useAskQuestion } from '@/features/chat/api/ask-question';
import { canSend, loadConversation, newMessage, saveConversation, type ChatMessage } from '@/features/chat/utils/chat-session';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';

/**
 * Chat IA (spec 02 §2 'Chat tab'): starts with one greeting; a question adds the user's message,
 * shows a typing indicator while the server answers from the analysis's documents and report, then
 * the answer with its citations. Enter sends, Shift+Enter breaks the line; nothing is sent empty
 * or while an answer is pending.
 */
export function AnalysisChat({ analysisId }: { analysisId: string }) {
  const [messages, setMessages] = useState<ChatMessage[]>(
    () => loadConversation(analysisId) ?? [newMessage('assistant', CHAT_MESSAGES.greeting)],
  );
  const [text, setText] = useState('');
  const ask = useAskQuestion(analysisId);
  const pending = ask.isPending;
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    saveConversation(analysisId, messages);
  }, [analysisId, messages]);
  // A block body on purpose: newer Chromium returns a Promise from scrollIntoView, and an effect
  // must return nothing or a cleanup function.
  useEffect(() => {
    void endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length, pending]);

  const send = () => {
    if (!canSend(text, pending)) return;
    const question = text.trim();
    setMessages((m) => [...m, newMessage('user', question)]);
    setText('');
    ask.mutate(question, {
      onSuccess: (answer) =>
        setMessages((m) => [...m, newMessage('assistant', answer.answer, { type: answer.found ? 'analysis' : 'text', citations: answer.citations })]),
      onError: (error) => setMessages((m) => [...m, newMessage('assistant', `${CHAT_MESSAGES.error} (${errorMessage(error)})`)]),
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="text-lg">Chat IA</h2>
        </CardTitle>
        <CardDescription>Respostas tiradas dos documentos e do relatório desta análise, com a fonte de cada trecho.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 px-4 sm:px-6">
        <div className="max-h-[32rem] space-y-3 overflow-y-auto pr-1" role="log" aria-live="polite" aria-label="Conversa" data-testid="chat-log">
          {messages.map((m) => (
            <Message key={m.id} message={m} />
          ))}
          {pending && (
            <div className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="chat-typing">
              <Bot className="size-4" aria-hidden />
              <span className="flex gap-1" aria-hidden>
                <span className="size-1.5 animate-bounce rounded-full bg-current" />
                <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:150ms]" />
                <span className="size-1.5 animate-bounce rounded-full bg-current [animation-delay:300ms]" />
              </span>
              <span>Digitando...</span>
            </div>
          )}
          <div ref={endRef} />
        </div>
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            send();
          }}
        >
          <Textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            placeholder={CHAT_MESSAGES.placeholder}
            aria-label="Sua pergunta"
            maxLength={CHAT_LIMITS.questionMaxChars}
            disabled={pending}
            rows={2}
            className="max-h-40 min-h-11 resize-none"
          />
          <Button type="submit" size="icon" disabled={!canSend(text, pending)} aria-label="Enviar pergunta">
            <Send aria-hidden />
          </Button>
        </form>
        <p className="text-xs text-muted-foreground">Enter envia; Shift+Enter quebra a linha.</p>
      </CardContent>
    </Card>
  );
}

function Message({ message }: { message: ChatMessage }) {
  const mine = message.role === 'user';
  return (
    <div className={cn('flex gap-2', mine && 'flex-row-reverse')} data-role={message.role}>
      <div className="mt-1 flex size-7 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
        {mine ? <User className="size-4" aria-hidden /> : <Bot className="size-4" aria-hidden />}
      </div>
      <div className={cn('min-w-0 max-w-[85%] space-y-2 rounded-lg px-3 py-2 text-sm', mine ? 'bg-primary text-primary-foreground' : 'bg-muted')}>
        <span className="sr-only">{mine ? 'Você:' : 'Assistente:'}</span>
        {message.citations?.length && !mine ? (
          <Answer message={message} />
        ) : (
          <p className="whitespace-pre-wrap break-words">{message.content}</p>
        )}
        <time className={cn('block text-[11px]', mine ? 'text-primary-foreground/70' : 'text-muted-foreground')} dateTime={message.timestamp}>
          {formatDateTime(message.timestamp)}
        </time>
      </div>
    </div>
  );
}

/** An answer with its quoted passages, each under its source: the citations are what the answer rests on. */
function Answer({ message }: { message: ChatMessage }) {
  const citations = message.citations ?? [];
  const extractive = citations.every((c) => message.content.includes(c.excerpt));
  return (
    <div className="space-y-2">
      {!extractive && <p className="whitespace-pre-wrap break-words">{message.content}</p>}
      {extractive && <p>{CHAT_MESSAGES.foundIntro}</p>}
      <ol className="space-y-2">
        {citations.map((c) => (
          <li key={c.n} className="rounded-md border bg-background p-2" data-testid="chat-citation">
            <blockquote className="whitespace-pre-wrap break-words border-l-2 border-primary/40 pl-2 text-foreground">
              <span className="mr-1 font-medium">[{c.n}]</span>“{c.excerpt}”
            </blockquote>
            <p className="mt-1 flex items-center gap-1 text-xs text-muted-foreground">
              <FileText className="size-3" aria-hidden />
              {citationLabel(c)}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
