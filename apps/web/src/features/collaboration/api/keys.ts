/** Query keys of the collaboration feature. */
export const COLLABORATION_QUERY_KEY = ['collaboration'] as const;

export const collaboratorsQueryKey = (analysisId: string) => [...COLLABORATION_QUERY_KEY, 'collaborators', analysisId] as const;
export const commentsQueryKey = (analysisId: string) => [...COLLABORATION_QUERY_KEY, 'comments', analysisId] as const;
export const sharedAnalysesQueryKey = [...COLLABORATION_QUERY_KEY, 'shared-with-me'] as const;
