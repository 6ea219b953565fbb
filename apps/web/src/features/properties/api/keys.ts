/** Query keys of the properties feature. */
export const PROPERTIES_QUERY_KEY = ['properties'] as const;

export function propertyQueryKey(id: string) {
  return [...PROPERTIES_QUERY_KEY, 'detail', id] as const;
}
