import { z } from 'zod';

/**
 * Reports of a saved analysis (spec 01 §3 'Report options', §5 'Report generation', §8 'Reports',
 * §9 report file names): the options of GET /api/analyses/:id/report.html and report.pdf, read from
 * the query string, the messages the web app shows and the file names both sides agree on.
 */

export const REPORT_TEMPLATE_IDS = ['executive', 'technical', 'complete'] as const;
export const reportTemplate = z.enum(REPORT_TEMPLATE_IDS);
export type ReportTemplate = z.infer<typeof reportTemplate>;

export const REPORT_TEMPLATES: Record<ReportTemplate, string> = {
  executive: 'Executivo',
  technical: 'Técnico',
  complete: 'Completo',
};

export const REPORT_TEMPLATE_DESCRIPTIONS: Record<ReportTemplate, string> = {
  executive: 'Pontuação, resumo, números principais, principais riscos e oportunidades e a conclusão.',
  technical: 'Todas as seções técnicas: tabelas com fontes, financiamento, fluxo de caixa, sensibilidade, mercado, jurídico, premissas e referências.',
  complete: 'O executivo e o técnico juntos, em um só relatório.',
};

/** The spec's placeholder brand is the product itself. */
export const DEFAULT_COMPANY_NAME = 'Viabiliza';
export const COMPANY_NAME_MAX = 100;
export const DEFAULT_REPORT_COLORS = { primary: '#2563eb', secondary: '#64748b', accent: '#059669' } as const;
export type ReportColors = { primary: string; secondary: string; accent: string };

export const REPORT_MESSAGES = {
  htmlError: 'Erro ao gerar relatório HTML',
  viewError: 'Erro ao visualizar relatório',
  generateError: 'Erro ao gerar relatório',
  insufficientData: 'Dados insuficientes para gerar o relatório',
  htmlDownloaded: 'Relatório HTML baixado com sucesso!',
  viewOpened: 'Relatório aberto para visualização!',
  downloaded: 'Relatório baixado com sucesso!',
  pdfOpened: 'Relatório aberto para visualização',
  printed: 'Relatório enviado para impressão',
  notFound: 'Análise não encontrada',
  companyNameTooLong: 'Nome da empresa muito longo',
  invalidColor: 'Cor inválida: use o formato #RRGGBB',
  popupBlocked: 'Permita janelas pop-up para este site e tente novamente.',
} as const;

const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const hexColor = z.string().trim().regex(HEX_COLOR, REPORT_MESSAGES.invalidColor);
export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/** Empty means the default brand: a cleared field in the form is not an error. */
const companyName = z
  .string()
  .trim()
  .max(COMPANY_NAME_MAX, REPORT_MESSAGES.companyNameTooLong)
  .default(DEFAULT_COMPANY_NAME)
  .transform((v) => v || DEFAULT_COMPANY_NAME);

/** The options as the form and the renderers see them. */
export const reportOptionsSchema = z.object({
  template: reportTemplate.default('complete'),
  includeMetadata: z.boolean().default(true),
  includeBranding: z.boolean().default(true),
  companyName,
  customColors: z
    .object({
      primary: hexColor.default(DEFAULT_REPORT_COLORS.primary),
      secondary: hexColor.default(DEFAULT_REPORT_COLORS.secondary),
      accent: hexColor.default(DEFAULT_REPORT_COLORS.accent),
    })
    .default({ ...DEFAULT_REPORT_COLORS }),
});
export type ReportOptionsInput = z.input<typeof reportOptionsSchema>;
export type ReportOptions = z.output<typeof reportOptionsSchema>;

export const DEFAULT_REPORT_OPTIONS: ReportOptions = reportOptionsSchema.parse({});

/** A query-string boolean: only the words 'true' and 'false'. */
const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * The query string of report.html / report.pdf. Colours are flat (`primaryColor=%232563eb`) because a
 * query string has no nesting; `disposition=inline` asks the browser to show instead of saving.
 */
export const reportQuery = z.object({
  template: reportTemplate.default('complete'),
  includeMetadata: queryBoolean.default(true),
  includeBranding: queryBoolean.default(true),
  companyName,
  primaryColor: hexColor.default(DEFAULT_REPORT_COLORS.primary),
  secondaryColor: hexColor.default(DEFAULT_REPORT_COLORS.secondary),
  accentColor: hexColor.default(DEFAULT_REPORT_COLORS.accent),
  disposition: z.enum(['attachment', 'inline']).default('attachment'),
});
export type ReportQuery = z.output<typeof reportQuery>;
export type ReportDisposition = ReportQuery['disposition'];

export function reportOptionsFromQuery(q: ReportQuery): ReportOptions {
  return {
    template: q.template,
    includeMetadata: q.includeMetadata,
    includeBranding: q.includeBranding,
    companyName: q.companyName,
    customColors: { primary: q.primaryColor, secondary: q.secondaryColor, accent: q.accentColor },
  };
}

/** The query string for `options` (values equal to the defaults are left out). */
export function reportQueryString(options: ReportOptions, disposition: ReportDisposition = 'attachment'): string {
  const d = DEFAULT_REPORT_OPTIONS;
  const params = new URLSearchParams();
  if (options.template !== d.template) params.set('template', options.template);
  if (options.includeMetadata !== d.includeMetadata) params.set('includeMetadata', String(options.includeMetadata));
  if (options.includeBranding !== d.includeBranding) params.set('includeBranding', String(options.includeBranding));
  if (options.companyName.trim() && options.companyName.trim() !== d.companyName) params.set('companyName', options.companyName.trim());
  const colors = [
    ['primaryColor', options.customColors.primary, d.customColors.primary],
    ['secondaryColor', options.customColors.secondary, d.customColors.secondary],
    ['accentColor', options.customColors.accent, d.customColors.accent],
  ] as const;
  for (const [key, value, fallback] of colors) if (value.toLowerCase() !== fallback) params.set(key, value);
  if (disposition !== 'attachment') params.set('disposition', disposition);
  return params.toString();
}

// ------------------------------------------------------------------------------------------------
// Confidence (spec 01 §5 'Confidence bands')

export type ConfidenceBandId = 'alta' | 'moderada' | 'baixa';

export const CONFIDENCE_BAND_COLORS: Record<ConfidenceBandId, string> = {
  alta: '#16a34a',
  moderada: '#ca8a04',
  baixa: '#dc2626',
};

/** At least 80 green 'Alta Confiança', 60 to 79 yellow 'Confiança Moderada', below 60 red 'Baixa Confiança'. */
export function reportConfidenceBand(score: number): { band: ConfidenceBandId; label: string; color: string } {
  const band: ConfidenceBandId = score >= 80 ? 'alta' : score >= 60 ? 'moderada' : 'baixa';
  const label = band === 'alta' ? 'Alta Confiança' : band === 'moderada' ? 'Confiança Moderada' : 'Baixa Confiança';
  return { band, label, color: CONFIDENCE_BAND_COLORS[band] };
}

// ------------------------------------------------------------------------------------------------
// File names (spec 01 §9)

export const FILE_TITLE_MAX = 80;

/** Accents removed, lower case, anything else than a–z and 0–9 turned into '-', trimmed, at most 80 characters. */
export function sanitizeFileTitle(title: string): string {
  const slug = title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '');
  return trimDashEnd(trimDashEnd(slug).slice(0, FILE_TITLE_MAX)) || 'analise';
}

/** Trailing '-'s removed by a loop: /-+$/ rescans a run of dashes from each of its characters. */
function trimDashEnd(s: string): string {
  let end = s.length;
  while (end > 0 && s[end - 1] === '-') end--;
  return s.slice(0, end);
}

const fileDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Sao_Paulo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** yyyy-MM-dd of the day in Brasília time (the server has no other time zone to go by). */
export function fileDate(date: Date | string): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) return 'sem-data';
  const parts = Object.fromEntries(fileDateFormat.formatToParts(d).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

export type ReportFormat = 'html' | 'pdf';

/** 'relatorio-{template}-{sanitized title}-{yyyy-MM-dd}.html' (or .pdf). */
export function reportFileName(template: ReportTemplate, title: string, date: Date | string, format: ReportFormat = 'html'): string {
  return `relatorio-${template}-${sanitizeFileTitle(title)}-${fileDate(date)}.${format}`;
}

/** 'analise-{sanitized title}-{yyyy-MM-dd}.txt'. */
export function textExportFileName(title: string, date: Date | string): string {
  return `analise-${sanitizeFileTitle(title)}-${fileDate(date)}.txt`;
}

/** The file name of a Content-Disposition header (plain or RFC 5987 `filename*`), or null. */
export function fileNameFromContentDisposition(header: string | null | undefined): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // A malformed encoding falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || null;
}
