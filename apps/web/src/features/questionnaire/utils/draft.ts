import {
  QUESTIONNAIRE_SECTIONS,
  comparableSchema,
  dealInputsSchema,
  developmentInputsSchema,
  questionnaireSchema,
  type QuestionnaireField,
  type QuestionnaireInput,
} from '@viabiliza/contracts/questionnaire';

import { maskCep } from './cep';
import { FIELD_KINDS } from './fields';

/** Autosave (spec 01 §4 'Questionnaire'): one draft per signed-in user, in this browser. */
export const QUESTIONNAIRE_STORAGE_PREFIX = 'viabiliza:questionnaire:';

export function questionnaireStorageKey(userId: string, propertyId: string | null = null): string {
  return `${QUESTIONNAIRE_STORAGE_PREFIX}${userId}${propertyId ? `:imovel:${propertyId}` : ''}`;
}

type DraftValue = QuestionnaireInput[QuestionnaireField];

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Fields in form order, so the stored JSON reads like the form. */
const FORM_ORDER: readonly QuestionnaireField[] = QUESTIONNAIRE_SECTIONS.flatMap((s) => s.fields);

/** The JSON kept in storage: only what was filled, in form order; null when nothing was. */
export function serializeDraft(values: QuestionnaireInput): string | null {
  const kept: Record<string, unknown> = {};
  for (const field of FORM_ORDER) {
    const value = values[field];
    if (!isEmpty(value)) kept[field] = value;
  }
  const development = Object.entries(values.development ?? {}).filter(([, v]) => !isEmpty(v));
  if (development.length) kept.development = Object.fromEntries(development);
  const deal = Object.entries(values.deal ?? {}).filter(([, v]) => !isEmpty(v));
  if (deal.length) kept.deal = Object.fromEntries(deal);
  if (values.comparables?.length) kept.comparables = values.comparables;
  return Object.keys(kept).length ? JSON.stringify(kept) : null;
}

/**
 * A stored draft read back. Storage is not trusted: it may come from an older version of the form or
 * be edited by hand, so each field is kept only when its type fits and, for enumerations, when its
 * value still exists. Anything else is dropped rather than breaking the form.
 */
export function parseDraft(raw: string | null): QuestionnaireInput {
  if (!raw) return {};
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const stored = data as Record<string, unknown>;
  const draft: Record<string, DraftValue> = {};
  for (const field of FORM_ORDER) {
    const spec = FIELD_KINDS[field];
    const value = stored[field];
    if (!spec || value === undefined || value === null) continue;
    switch (spec.kind) {
      case 'text':
      case 'textarea':
      case 'number':
        if (typeof value === 'string') draft[field] = value;
        break;
      case 'cep':
        if (typeof value === 'string') draft[field] = maskCep(value);
        break;
      case 'select':
        if (typeof value === 'string' && spec.options.some((o) => o.value === value)) draft[field] = value;
        break;
      case 'multi':
        if (Array.isArray(value)) {
          const allowed = value.filter(
            (v): v is string => typeof v === 'string' && spec.options.some((o) => o.value === v),
          );
          if (allowed.length) draft[field] = [...new Set(allowed)];
        }
        break;
      case 'boolean':
        if (typeof value === 'boolean') draft[field] = value;
        break;
    }
  }
  // 'Premissas do empreendimento': kept when it parses against its schema.
  const development = developmentInputsSchema.safeParse(stored.development);
  if (stored.development && development.success) (draft as Record<string, unknown>).development = development.data;
  // 'Estratégia, financiamento e impostos': likewise.
  const deal = dealInputsSchema.safeParse(stored.deal);
  if (stored.deal && deal.success) (draft as Record<string, unknown>).deal = deal.data;
  // Comparables: each row kept only when it still validates (storage is not trusted).
  if (Array.isArray(stored.comparables)) {
    const rows = stored.comparables.flatMap((c) => {
      const parsed = comparableSchema.safeParse(c);
      return parsed.success ? [parsed.data] : [];
    });
    if (rows.length) (draft as Record<string, unknown>).comparables = rows;
  }
  return draft as QuestionnaireInput;
}

export type FieldErrors = Partial<Record<QuestionnaireField, string>>;

/** The first message of each invalid field, by the shared schema (e.g. 'CEP deve ter o formato 00000-000'). */
export function questionnaireFieldErrors(values: QuestionnaireInput): FieldErrors {
  const parsed = questionnaireSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as QuestionnaireField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** Filled fields of one section, for the section header ('3/7'). */
export function sectionFilledCount(values: QuestionnaireInput, fields: readonly QuestionnaireField[]): number {
  return fields.filter((f) => !isEmpty(values[f])).length;
}
