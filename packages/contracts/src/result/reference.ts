import { z } from 'zod';

/** How often a reference figure is renewed by its publisher. */
export const REFERENCE_CADENCES = ['daily', 'monthly', 'yearly', 'event'] as const;
export const referenceCadenceSchema = z.enum(REFERENCE_CADENCES);
export type ReferenceCadence = z.infer<typeof referenceCadenceSchema>;

/**
 * A reference row used by an analysis after twice its cadence (e.g. a monthly Selic row more
 * than 2 months old on the analysis date): shown near the assumptions and in the report.
 */
export const referenceWarningSchema = z.object({
  referenceId: z.string(),
  label: z.string(),
  asOf: z.string(),
  cadence: referenceCadenceSchema,
  ageDays: z.number().int().nonnegative(),
  ageMonths: z.number().int().nonnegative(),
  /** 'Selic de jun/2025 usada em nov/2026: dado com mais de 2 meses; confira o valor atual.' */
  message: z.string(),
});
export type ReferenceWarning = z.infer<typeof referenceWarningSchema>;
