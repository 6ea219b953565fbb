/** Query keys of the analysis feature, in one place so events and hooks agree. */
export const ANALYSES_QUERY_KEY = ['analyses'] as const;
export const ANALYSIS_RUNS_QUERY_KEY = [...ANALYSES_QUERY_KEY, 'runs'] as const;

export function analysisRunQueryKey(id: string) {
  return [...ANALYSIS_RUNS_QUERY_KEY, id] as const;
}
