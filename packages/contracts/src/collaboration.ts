import { z } from 'zod';

export const COLLABORATION_LIMITS = { commentMaxChars: 2000, emailMaxChars: 254 } as const;

export const COLLABORATION_MESSAGES = {
  emailInvalid: 'Informe um e-mail válido',
  userNotFound: 'Nenhum usuário cadastrado com este e-mail',
  self: 'Você já é o proprietário desta análise',
  alreadyShared: 'Esta análise já está compartilhada com este usuário',
  onlyOwner: 'Somente o proprietário pode compartilhar ou remover colaboradores desta análise',
  commentEmpty: 'Escreva um comentário',
  commentTooLong: `O comentário deve ter no máximo ${COLLABORATION_LIMITS.commentMaxChars} caracteres`,
  shared: 'Análise compartilhada com sucesso!',
  removed: 'Colaborador removido',
  commented: 'Comentário publicado',
  notificationTitle: 'Análise compartilhada com você',
  notificationMessage: (owner: string, title: string) => `${owner} compartilhou a análise "${title}" com você (somente leitura).`,
} as const;

export const analysisAccess = z.enum(['owner', 'collaborator']);
export type AnalysisAccess = z.infer<typeof analysisAccess>;

export const shareBody = z.object({
  email: z
    .string({ error: COLLABORATION_MESSAGES.emailInvalid })
    .trim()
    .max(COLLABORATION_LIMITS.emailMaxChars, { error: COLLABORATION_MESSAGES.emailInvalid })
    .pipe(z.email({ error: COLLABORATION_MESSAGES.emailInvalid })),
});
export type ShareBody = z.infer<typeof shareBody>;

export const collaborator = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  addedAt: z.string(),
});
export type Collaborator = z.infer<typeof collaborator>;

export const collaboratorsResponse = z.object({
  access: analysisAccess,
  owner: z.object({ userId: z.string(), name: z.string(), email: z.string() }),
  collaborators: z.array(collaborator),
});
export type CollaboratorsResponse = z.infer<typeof collaboratorsResponse>;

export const commentBody = z.object({
  body: z
    .string({ error: COLLABORATION_MESSAGES.commentEmpty })
    .trim()
    .min(1, { error: COLLABORATION_MESSAGES.commentEmpty })
    .max(COLLABORATION_LIMITS.commentMaxChars, { error: COLLABORATION_MESSAGES.commentTooLong }),
});
export type CommentBody = z.infer<typeof commentBody>;

export const comment = z.object({
  id: z.string(),
  body: z.string(),
  createdAt: z.string(),
  author: z.object({ userId: z.string(), name: z.string() }),
  mine: z.boolean(),
});
export type Comment = z.infer<typeof comment>;

export const commentsResponse = z.object({ comments: z.array(comment) });
export type CommentsResponse = z.infer<typeof commentsResponse>;

export const sharedAnalysis = z.object({
  id: z.string(),
  analysisType: z.string(),
  createdAt: z.string(),
  sharedAt: z.string(),
  property: z.object({ title: z.string(), city: z.string().nullable(), state: z.string().nullable() }),
  owner: z.object({ name: z.string() }),
});
export type SharedAnalysis = z.infer<typeof sharedAnalysis>;

export const sharedAnalysesResponse = z.object({ items: z.array(sharedAnalysis) });
export type SharedAnalysesResponse = z.infer<typeof sharedAnalysesResponse>;
