import {
  BRAZILIAN_STATES,
  CONDITION_LABELS,
  CONDITIONS,
  DOCUMENT_OPTION_LABELS,
  DOCUMENT_OPTIONS,
  FEATURE_LABELS,
  FEATURES,
  LEGAL_STATUS_LABELS,
  LEGAL_STATUSES,
  MAIN_OBJECTIVE_LABELS,
  MAIN_OBJECTIVES,
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPES,
  PURPOSE_LABELS,
  PURPOSES,
  TIMEFRAME_LABELS,
  TIMEFRAMES,
  type QuestionnaireField,
} from '@viabiliza/contracts/questionnaire';

export interface Option {
  value: string;
  label: string;
}

/** How each field is entered. `licenses` has no input (spec 01 §3), so it has no kind. */
export type FieldKind =
  | { kind: 'text'; autoComplete?: string; placeholder?: string }
  | { kind: 'textarea'; placeholder?: string }
  | { kind: 'cep' }
  | { kind: 'number'; money?: boolean; integer?: boolean; placeholder?: string }
  | { kind: 'select'; options: readonly Option[] }
  | { kind: 'multi'; options: readonly Option[] }
  | { kind: 'boolean' };

function options<T extends string>(values: readonly T[], labels: Record<T, string>): Option[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

export const FIELD_KINDS: Partial<Record<QuestionnaireField, FieldKind>> = {
  address: { kind: 'text', autoComplete: 'street-address', placeholder: 'Rua, número, complemento' },
  zipCode: { kind: 'cep' },
  city: { kind: 'text', autoComplete: 'address-level2' },
  state: { kind: 'select', options: BRAZILIAN_STATES.map((uf) => ({ value: uf, label: uf })) },
  neighborhood: { kind: 'text', autoComplete: 'address-level3' },
  propertyType: { kind: 'select', options: options(PROPERTY_TYPES, PROPERTY_TYPE_LABELS) },
  purpose: { kind: 'multi', options: options(PURPOSES, PURPOSE_LABELS) },
  totalArea: { kind: 'number', placeholder: 'Ex.: 360' },
  builtArea: { kind: 'number', placeholder: 'Ex.: 180' },
  usableArea: { kind: 'number', placeholder: 'Ex.: 80' },
  bedrooms: { kind: 'number', integer: true },
  bathrooms: { kind: 'number', integer: true },
  parkingSpaces: { kind: 'number', integer: true },
  features: { kind: 'multi', options: options(FEATURES, FEATURE_LABELS) },
  condition: { kind: 'select', options: options(CONDITIONS, CONDITION_LABELS) },
  targetValue: { kind: 'number', money: true, placeholder: 'Ex.: 450.000,00' },
  pricePerSqm: { kind: 'number', money: true, placeholder: 'Ex.: 8.500,00' },
  annualTax: { kind: 'number', money: true, placeholder: 'Ex.: 2.400,00' },
  condominiumFee: { kind: 'number', money: true, placeholder: 'Ex.: 650,00' },
  monthlyRent: { kind: 'number', money: true, placeholder: 'Ex.: 2.800,00' },
  acceptsFinancing: { kind: 'boolean' },
  minimumDownPayment: { kind: 'number', money: true, placeholder: 'Ex.: 90.000,00' },
  availableDocuments: { kind: 'multi', options: options(DOCUMENT_OPTIONS, DOCUMENT_OPTION_LABELS) },
  legalStatus: { kind: 'select', options: options(LEGAL_STATUSES, LEGAL_STATUS_LABELS) },
  mainObjective: { kind: 'select', options: options(MAIN_OBJECTIVES, MAIN_OBJECTIVE_LABELS) },
  timeframe: { kind: 'select', options: options(TIMEFRAMES, TIMEFRAME_LABELS) },
  additionalNotes: { kind: 'textarea', placeholder: 'Informações que ajudam a análise: reformas, ocupação, dívidas, planos...' },
};
