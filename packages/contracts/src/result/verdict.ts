import { z } from 'zod';

/**
 * Result parts owned by the verdict (issue 17, items 5 and 6): comparables typed by the person,
 * their R$/m² statistics, and the cap the score gets when its own figures contradict a good band.
 */

/** One comparable as the engine used it: typed values plus its R$/m² and whether it was brought to date. */
export const comparableUsedSchema = z.object({
  address: z.string(),
  area: z.number(),
  price: z.number(),
  /** ISO date (yyyy-mm-dd or yyyy-mm) the person typed. */
  date: z.string(),
  kind: z.enum(['venda', 'aluguel']),
  source: z.string().nullable(),
  /** Price ÷ area (BRL/m², per month for rents). */
  pricePerSqm: z.number(),
  /** Months between the comparable's date and the analysis date (null when the date does not parse). */
  ageMonths: z.number().nullable(),
  /** Set when the comparable is old and no index brought it to date: shown as a flag. */
  flag: z.string().nullable(),
});
export type ComparableUsed = z.infer<typeof comparableUsedSchema>;

/** R$/m² statistics of the comparables of one kind (quartiles by linear interpolation, type 7). */
export const comparableStatsSchema = z.object({
  kind: z.enum(['venda', 'aluguel']),
  n: z.number().int(),
  median: z.number(),
  mean: z.number(),
  min: z.number(),
  max: z.number(),
  q1: z.number(),
  q3: z.number(),
  iqr: z.number(),
  items: z.array(comparableUsedSchema),
});
export type ComparableStats = z.infer<typeof comparableStatsSchema>;

export const marketComparablesSchema = z.object({
  sale: comparableStatsSchema.nullable(),
  rent: comparableStatsSchema.nullable(),
});
export type MarketComparables = z.infer<typeof marketComparablesSchema>;

/** Why the score's band was capped or withheld ('VPL negativo à TMA de 19,0 %'). */
export const scoreCapSchema = z.object({
  /** 'insuficiente': too little data to judge; 'baixa': the figures contradict a better band. */
  band: z.enum(['insuficiente', 'baixa']),
  /** The highest value the score may show under this cap (4,9 for 'baixa'). */
  max: z.number().nullable(),
  reasons: z.array(z.string()),
});
export type ScoreCap = z.infer<typeof scoreCapSchema>;
