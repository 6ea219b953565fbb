import { BIDI_CONTROL_MESSAGE, hasBidiControl } from './text-rules.ts';
import { z } from 'zod';

/**
 * Properties as first-class things (issue 18): a property has a title the person can edit (by
 * default its address), its documents and its analyses over time; a new analysis can start from it.
 */

export const PROPERTY_TITLE_MAX = 200;

export const PROPERTY_MESSAGES = {
  titleRequired: 'Informe o título do imóvel',
  titleTooLong: `O título pode ter no máximo ${PROPERTY_TITLE_MAX} caracteres`,
  notFound: 'Propriedade não encontrada',
  titleSaved: 'Título do imóvel atualizado',
  titleError: 'Não foi possível salvar o título do imóvel',
  /** The default title of a property whose address is not known when it is created. */
  untitled: 'Imóvel sem endereço',
  newAnalysis: 'Nova análise deste imóvel',
  /** A run that names a document of another property (a run reads only its property's documents). */
  documentOfAnotherProperty: (fileName: string, title: string) =>
    `O documento "${fileName}" pertence a outro imóvel ("${title}"). Uma análise usa apenas os documentos do próprio imóvel: mova o documento para este imóvel antes de analisar.`,
  documentsOfSeveralProperties: 'Os documentos escolhidos pertencem a imóveis diferentes. Uma análise usa apenas os documentos de um imóvel.',
  documentMoved: (title: string) => `Documento movido para "${title}"`,
  documentNotFound: 'Documento não encontrado',
} as const;

/** A property still named by the upload that created it ('Imóvel sem endereço dd/mm/aaaa'): its first analysis names it. */
export function isUntitledProperty(title: string): boolean {
  return /^Imóvel sem endereço \d{2}\/\d{2}\/\d{4}$/u.test(title);
}

/** POST /api/properties/:id/documents: moves one of the user's documents to this property. */
export const moveDocumentBody = z.object({ documentId: z.uuid({ error: PROPERTY_MESSAGES.documentNotFound }) });
export type MoveDocumentBody = z.input<typeof moveDocumentBody>;

/** dd/MM/yyyy in America/Sao_Paulo, the day the person saw it happen. */
function saoPauloDate(at: Date): string {
  return new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(at);
}

/**
 * A new property's title: its address (the questionnaire's, else the one the documents cite), else
 * 'Imóvel sem endereço dd/MM/yyyy'. The same rule as migration 0009 for the old default titles.
 */
export function defaultPropertyTitle(address: string | null | undefined, createdAt: Date): string {
  const trimmed = address?.trim();
  if (trimmed) return trimmed.slice(0, PROPERTY_TITLE_MAX);
  return `${PROPERTY_MESSAGES.untitled} ${saoPauloDate(createdAt)}`;
}

export const propertyTitle = z
  .string({ error: PROPERTY_MESSAGES.titleRequired })
  .trim()
  .min(1, PROPERTY_MESSAGES.titleRequired)
  .max(PROPERTY_TITLE_MAX, PROPERTY_MESSAGES.titleTooLong)
  .refine((title) => !hasBidiControl(title), BIDI_CONTROL_MESSAGE);

/** PATCH /api/properties/:id */
export const updatePropertyBody = z.object({ title: propertyTitle });
export type UpdatePropertyBody = z.input<typeof updatePropertyBody>;

/** GET /api/properties/:id and the answer of PATCH: the property with the questionnaire it was last analysed with. */
export const propertyDetail = z.object({
  id: z.uuid(),
  title: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  propertyType: z.string(),
  status: z.string(),
  /** The questionnaire of the last analysis saved against it (null before any); a new analysis starts from it. */
  questionnaire: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PropertyDetail = z.infer<typeof propertyDetail>;

export const propertyResponse = z.object({ property: propertyDetail });
export type PropertyResponse = z.infer<typeof propertyResponse>;

/** GET /api/properties: the user's properties, newest first ('Mover para' and the /analise picker). */
export const propertyListItem = z.object({ id: z.uuid(), title: z.string(), documentCount: z.number().int(), createdAt: z.string() });
export type PropertyListItem = z.infer<typeof propertyListItem>;
export const propertyList = z.object({ properties: z.array(propertyListItem) });
export type PropertyList = z.infer<typeof propertyList>;

/** The answer of POST /api/properties/:id/documents. */
export const moveDocumentResponse = z.object({ documentId: z.uuid(), propertyId: z.uuid(), fromPropertyId: z.uuid().nullable(), message: z.string() });
export type MoveDocumentResponse = z.infer<typeof moveDocumentResponse>;
