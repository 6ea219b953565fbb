import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PROPERTY_MESSAGES, propertyResponse, type PropertyResponse } from '@viabiliza/contracts/properties';

import { PROPERTIES_QUERY_KEY, propertyQueryKey } from '@/features/properties/api/keys';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** PATCH /api/properties/:id with the new title (1 to 200 characters; the server checks again). */
export function updatePropertyTitle({ id, title }: { id: string; title: string }): Promise<PropertyResponse> {
  return apiRequest(`/api/properties/${encodeURIComponent(id)}`, { method: 'PATCH', body: { title }, schema: propertyResponse });
}

/**
 * Renames a property. Wherever the title shows (history, the property's page, analyses, dashboard,
 * search) is read again: all of them live under ['analyses'], ['search'] or ['properties'].
 */
export function useUpdatePropertyTitle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePropertyTitle,
    retry: false,
    onSuccess: ({ property }) => {
      queryClient.setQueryData(propertyQueryKey(property.id), { property });
      toast.success(PROPERTY_MESSAGES.titleSaved);
      void queryClient.invalidateQueries({ queryKey: ['analyses'] });
      void queryClient.invalidateQueries({ queryKey: ['search'] });
      void queryClient.invalidateQueries({ queryKey: PROPERTIES_QUERY_KEY });
    },
    meta: { errorTitle: PROPERTY_MESSAGES.titleError },
  });
}
