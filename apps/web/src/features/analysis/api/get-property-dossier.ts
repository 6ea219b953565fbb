import { queryOptions, useQuery } from '@tanstack/react-query';
import { dossier, type Dossier } from '@viabiliza/contracts/dossier';
import { z } from 'zod';

import { ANALYSES_QUERY_KEY } from '@/features/analysis/api/keys';
import { api } from '@/lib/api-client';

/** The server answers `{ dossier }`, null while the property has no document read. */
const propertyDossierResponse = z.object({ dossier: dossier.nullable() });

/** GET /api/properties/:propertyId/dossier: the due-diligence dossier of the property's documents. */
export function getPropertyDossier(propertyId: string, { signal }: { signal?: AbortSignal } = {}): Promise<{ dossier: Dossier | null }> {
  return api.get(`/api/properties/${encodeURIComponent(propertyId)}/dossier`, { signal, schema: propertyDossierResponse });
}

export function getPropertyDossierQueryOptions(propertyId: string) {
  return queryOptions({
    queryKey: [...ANALYSES_QUERY_KEY, 'property-dossier', propertyId] as const,
    queryFn: ({ signal }) => getPropertyDossier(propertyId, { signal }),
  });
}

/** `null` asks for nothing (e.g. before the session is known). */
export function usePropertyDossier(propertyId: string | null) {
  return useQuery({ ...getPropertyDossierQueryOptions(propertyId ?? ''), enabled: propertyId !== null });
}
