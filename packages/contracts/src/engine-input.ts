import { z } from 'zod';
import { analysisType, assumptionOverrides } from './analysis.ts';
import { referenceRowUsedSchema } from './analysis-result.ts';
import { dossier } from './dossier.ts';
import { questionnaireSchema } from './questionnaire.ts';
import { referenceCadenceSchema } from './result/reference.ts';

/**
 * GET /api/analyses/:id/engine-input (issue 18, live what-if): what the server handed the engine
 * when it saved this analysis, so the browser can run the same pure engine again with other
 * assumptions. Owner only. With these inputs and `overrides` unchanged, the browser's result has
 * the saved result's figures.
 */

/** A document as the engine reads it (`@viabiliza/contracts/dossier` DossierDocument). */
export const engineInputDocument = z.object({
  id: z.string(),
  fileName: z.string(),
  documentType: z.string().nullable(),
  keyFields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      value: z.string(),
      normalized: z.union([z.number(), z.string()]).nullable(),
      page: z.number(),
      confidence: z.number(),
    }),
  ),
  pages: z.array(z.object({ number: z.number(), text: z.string() })),
});

/** A database reference row (SGS refresh, admin import) as the engine reads it (`ReferenceRow`). */
export const engineInputReferenceRow = referenceRowUsedSchema.extend({
  series: z.string(),
  city: z.string().optional(),
  state: z.string().optional(),
  note: z.string().optional(),
  cadence: referenceCadenceSchema.optional(),
  propertyType: z.string().optional(),
  financedRate: z.number().optional(),
  financedCeiling: z.number().optional(),
  law: z.string().optional(),
  origin: z.enum(['sgs', 'import']).optional(),
});

export const engineInputResponse = z.object({
  analysisId: z.uuid(),
  /** 'Salvar cenário' starts a run on this property with the new overrides. */
  propertyId: z.uuid(),
  /** The run's document ids, for the same run again ('Salvar cenário'). */
  documentIds: z.array(z.string()),
  input: z.object({
    analysisType,
    questionnaire: questionnaireSchema,
    documents: z.array(engineInputDocument),
    overrides: assumptionOverrides,
    /** The analysis date the saved result was computed for (its `generatedAt`). */
    generatedAt: z.string(),
    title: z.string(),
    /** The documents' dossier as saved in the result (built on the analysis day). */
    dossier: dossier.nullable(),
    /** Database reference rows that existed when the analysis was saved. */
    referenceRows: z.array(engineInputReferenceRow),
  }),
  /**
   * False when something the engine read then is gone (a document deleted since): the browser's
   * figures may then differ from the saved ones, and the panel says so.
   */
  complete: z.boolean(),
});
export type EngineInputResponse = z.infer<typeof engineInputResponse>;
