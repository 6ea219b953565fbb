import { COLLABORATION_LIMITS, COLLABORATION_MESSAGES, shareBody } from '@viabiliza/contracts/collaboration';
import { MessageSquare, Trash2, UserPlus, Users } from 'lucide-react';
import { useState } from 'react';

import { useAddComment } from '@/features/collaboration/api/add-comment';
import { useCollaborators } from '@/features/collaboration/api/get-collaborators';
import { useComments } from '@/features/collaboration/api/get-comments';
import { useRemoveCollaborator } from '@/features/collaboration/api/remove-collaborator';
import { useShareAnalysis } from '@/features/collaboration/api/share-analysis';
import { QueryError } from '@/components/errors/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';

/** Colaboração: who can read this analysis (the owner shares and removes) and its comment thread. */
export function CollaborationPanel({ analysisId }: { analysisId: string }) {
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.3fr)]">
      <Collaborators analysisId={analysisId} />
      <Comments analysisId={analysisId} />
    </div>
  );
}

function Collaborators({ analysisId }: { analysisId: string }) {
  const query = useCollaborators(analysisId);
  const share = useShareAnalysis(analysisId);
  const remove = useRemoveCollaborator(analysisId);
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const data = query.data;
  const isOwner = data?.access === 'owner';

  const submit = () => {
    const parsed = shareBody.safeParse({ email });
    if (!parsed.success) return setFieldError(COLLABORATION_MESSAGES.emailInvalid);
    setFieldError(null);
    share.mutate(parsed.data.email, {
      onSuccess: () => {
        setEmail('');
        toast.success(COLLABORATION_MESSAGES.shared);
      },
      onError: (error) => setFieldError(errorMessage(error)),
    });
  };

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Users className="size-5" aria-hidden />
            Colaboradores
          </h2>
        </CardTitle>
        <CardDescription>
          {isOwner
            ? 'Compartilhe esta análise, somente para leitura, com outro usuário cadastrado. Ele poderá ler o relatório e comentar.'
            : 'Esta análise foi compartilhada com você somente para leitura.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 px-4 sm:px-6">
        {query.isError ? (
          <QueryError title="Não foi possível carregar os colaboradores." error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
        ) : !data ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <>
            {isOwner && (
              <form
                className="space-y-2"
                noValidate
                onSubmit={(e) => {
                  e.preventDefault();
                  submit();
                }}
              >
                <Label htmlFor="share-email">E-mail do colaborador</Label>
                <div className="flex gap-2">
                  <Input
                    id="share-email"
                    type="email"
                    value={email}
                    onChange={(e) => setEmail(e.target.value)}
                    placeholder="nome@empresa.com.br"
                    autoComplete="off"
                    maxLength={COLLABORATION_LIMITS.emailMaxChars}
                    aria-invalid={fieldError ? true : undefined}
                    aria-describedby={fieldError ? 'share-email-error' : undefined}
                  />
                  <Button type="submit" disabled={share.isPending || !email.trim()}>
                    <UserPlus aria-hidden />
                    {share.isPending ? 'Compartilhando...' : 'Compartilhar'}
                  </Button>
                </div>
                {fieldError && (
                  <p id="share-email-error" className="text-sm text-destructive">
                    {fieldError}
                  </p>
                )}
              </form>
            )}
            <ul className="divide-y rounded-md border" aria-label="Pessoas com acesso">
              <li className="flex items-center justify-between gap-2 p-3 text-sm">
                <div className="min-w-0">
                  <p className="truncate font-medium">{data.owner.name}</p>
                  <p className="truncate text-muted-foreground">{data.owner.email}</p>
                </div>
                <Badge variant="secondary">Proprietário</Badge>
              </li>
              {data.collaborators.map((c) => (
                <li key={c.userId} className="flex items-center justify-between gap-2 p-3 text-sm" data-testid="collaborator">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{c.name}</p>
                    <p className="truncate text-muted-foreground">{c.email}</p>
                  </div>
                  <div className="flex items-center gap-2">
                    <Badge variant="outline">Leitura</Badge>
                    {isOwner && (
                      <Button
                        variant="ghost"
                        size="icon"
                        aria-label={`Remover ${c.name}`}
                        disabled={remove.isPending}
                        onClick={() => remove.mutate(c.userId, { onSuccess: () => toast.success(COLLABORATION_MESSAGES.removed) })}
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
            {data.collaborators.length === 0 && <p className="text-sm text-muted-foreground">Nenhum colaborador ainda.</p>}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function Comments({ analysisId }: { analysisId: string }) {
  const query = useComments(analysisId);
  const add = useAddComment(analysisId);
  const [body, setBody] = useState('');
  const comments = query.data?.comments;

  const submit = () => {
    if (!body.trim() || add.isPending) return;
    add.mutate(body, { onSuccess: () => setBody('') });
  };

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <MessageSquare className="size-5" aria-hidden />
            Comentários
          </h2>
        </CardTitle>
        <CardDescription>Visíveis ao proprietário e aos colaboradores desta análise.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 px-4 sm:px-6">
        {query.isError ? (
          <QueryError title="Não foi possível carregar os comentários." error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
        ) : !comments ? (
          <Skeleton className="h-24 w-full" />
        ) : comments.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum comentário ainda. Comece a conversa.</p>
        ) : (
          <ol className="space-y-3" aria-label="Comentários">
            {comments.map((c) => (
              <li key={c.id} className="rounded-md border p-3 text-sm" data-testid="comment">
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="font-medium">{c.mine ? `${c.author.name} (você)` : c.author.name}</span>
                  <time className="text-xs text-muted-foreground" dateTime={c.createdAt}>
                    {formatDateTime(c.createdAt)}
                  </time>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words">{c.body}</p>
              </li>
            ))}
          </ol>
        )}
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Label htmlFor="comment-body">Novo comentário</Label>
          <Textarea
            id="comment-body"
            value={body}
            onChange={(e) => setBody(e.target.value)}
            maxLength={COLLABORATION_LIMITS.commentMaxChars}
            placeholder="Escreva um comentário..."
            rows={3}
          />
          <div className="flex items-center justify-between gap-2">
            <span className="text-xs text-muted-foreground">
              {body.length}/{COLLABORATION_LIMITS.commentMaxChars}
            </span>
            <Button type="submit" disabled={add.isPending || !body.trim()}>
              {add.isPending ? 'Publicando...' : 'Comentar'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
