/** The query parameter of /analise that names the property a new analysis is of. */
export const PROPERTY_PARAM = 'imovel';

/** 'Nova análise deste imóvel': the workspace on that property, its documents and last questionnaire. */
export function newPropertyAnalysisPath(propertyId: string): string {
  return `/analise?${PROPERTY_PARAM}=${encodeURIComponent(propertyId)}`;
}

/** The property id of a workspace URL's query, when it looks like one (the server checks ownership). */
export function propertyIdFromParams(params: URLSearchParams): string | null {
  const value = params.get(PROPERTY_PARAM);
  return value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value.toLowerCase() : null;
}
