import { z } from 'zod';

/**
 * The regime a purchase is financed under (issue 17, item 4b): SFH for residential property up to
 * the SFH ceiling (rate capped), SFI for residential property above it, commercial real-estate
 * credit for everything else (galpão, sala, loja, terreno, commercial use).
 */
export const FINANCING_REGIMES = ['SFH', 'SFI', 'Crédito comercial'] as const;
export const financingRegimeSchema = z.enum(FINANCING_REGIMES);
export type FinancingRegime = z.infer<typeof financingRegimeSchema>;
