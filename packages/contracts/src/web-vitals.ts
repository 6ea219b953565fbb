import { z } from 'zod';

/**
 * Web vitals (spec 01 §3 'Performance metric record', §9 thresholds): measured in the browser,
 * the last 10 kept in localStorage under `webVitals`, sent to POST /api/metrics/web-vitals and
 * stored in performance_metrics (metric_name = the vital's name, tags.type = 'web_vital').
 */
export const WEB_VITAL_NAMES = ['FCP', 'LCP', 'CLS', 'TTFB'] as const;
export type WebVitalName = (typeof WEB_VITAL_NAMES)[number];
export type WebVitalRating = 'good' | 'needs-improvement' | 'poor';

/** Spec 01 §9: good up to the first figure, poor above the second (ms, CLS unitless). */
export const WEB_VITAL_THRESHOLDS: Record<WebVitalName, { good: number; poor: number }> = {
  FCP: { good: 1800, poor: 3000 },
  LCP: { good: 2500, poor: 4000 },
  CLS: { good: 0.1, poor: 0.25 },
  TTFB: { good: 800, poor: 1800 },
};

/**
 * Beyond these a value is a broken or forged measurement, not a slow page: the server answers 400.
 * Anyone may report (public pages are measured), so the bounds are what a real load can take: a
 * page whose first paint takes more than 30 s has been abandoned long before (issue 15: ten reports
 * of LCP 119 000 ms moved the admin figure to 48 883 ms). Figures are medians and p75, too.
 */
export const WEB_VITAL_MAX: Record<WebVitalName, number> = { FCP: 30_000, LCP: 30_000, CLS: 5, TTFB: 20_000 };

export const WEB_VITALS_STORAGE_KEY = 'webVitals';
export const WEB_VITALS_KEPT = 10;

export function rateWebVital(name: WebVitalName, value: number): WebVitalRating {
  const { good, poor } = WEB_VITAL_THRESHOLDS[name];
  if (value <= good) return 'good';
  return value <= poor ? 'needs-improvement' : 'poor';
}

export const WEB_VITAL_LABELS = {
  good: 'Bom',
  'needs-improvement': 'Precisa melhorar',
  poor: 'Ruim',
} as const satisfies Record<WebVitalRating, string>;

export const webVitalSample = z
  .object({
    name: z.enum(WEB_VITAL_NAMES, { error: 'Métrica desconhecida (use FCP, LCP, CLS ou TTFB)' }),
    value: z.number({ error: 'O valor da métrica deve ser um número' }).finite().nonnegative('O valor da métrica não pode ser negativo'),
    /** The page the measurement belongs to (a path, never a full URL with a query). */
    path: z.string().regex(/^\/[^?#\s]{0,199}$/, 'Caminho da página inválido'),
  })
  .refine((s) => s.value <= WEB_VITAL_MAX[s.name], { message: 'Valor da métrica fora do intervalo aceitável', path: ['value'] });
export type WebVitalSample = z.infer<typeof webVitalSample>;

/** One page load reports its vitals in one request. */
export const webVitalsReport = z.object({
  metrics: z.array(webVitalSample).min(1, 'Informe ao menos uma métrica').max(WEB_VITAL_NAMES.length * 2, 'Métricas demais em um envio'),
});
export type WebVitalsReport = z.infer<typeof webVitalsReport>;

export const webVitalsAccepted = z.object({ stored: z.number().int() });

/** A record of the local history (spec 01 §3): name, value, rating, timestamp (ms). */
export interface WebVitalRecord {
  name: WebVitalName;
  value: number;
  rating: WebVitalRating;
  timestamp: number;
}
