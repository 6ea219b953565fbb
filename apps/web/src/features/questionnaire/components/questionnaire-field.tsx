import {
  QUESTIONNAIRE_FIELD_LABELS,
  parseBrNumber,
  type QuestionnaireField as Field,
  type QuestionnaireInput,
} from '@viabiliza/contracts/questionnaire';

import { maskCep } from '@/features/questionnaire/utils/cep';
import type { FieldKind } from '@/features/questionnaire/utils/fields';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { formatCurrency } from '@/lib/format';
import { cn } from '@/lib/utils';

const TEXT_LIMITS: Partial<Record<Field, number>> = { address: 200, city: 100, neighborhood: 100, additionalNotes: 2000 };

export interface QuestionnaireFieldProps {
  field: Field;
  spec: FieldKind;
  value: QuestionnaireInput[Field];
  error: string | undefined;
  onChange: (value: QuestionnaireInput[Field]) => void;
  onBlur: () => void;
}

/** Whether a field takes the whole row of the two-column grid. */
export function isWideField(field: Field, spec: FieldKind): boolean {
  return spec.kind === 'multi' || spec.kind === 'textarea' || field === 'address';
}

/** One questionnaire field with its Portuguese label, in the control its kind asks for. */
export function QuestionnaireFieldControl({ field, spec, value, error, onChange, onBlur }: QuestionnaireFieldProps) {
  const id = `q-${field}`;
  const label = QUESTIONNAIRE_FIELD_LABELS[field];
  const text = typeof value === 'string' ? value : '';

  switch (spec.kind) {
    case 'multi': {
      const selected = Array.isArray(value) ? (value as string[]) : [];
      const toggle = (option: string, checked: boolean) => {
        const next = checked ? [...selected, option] : selected.filter((v) => v !== option);
        // Keep the enumeration's order whatever the order of the clicks.
        onChange(spec.options.map((o) => o.value).filter((v) => next.includes(v)) as QuestionnaireInput[Field]);
      };
      return (
        <fieldset className="grid gap-3">
          <legend className="mb-3 text-sm leading-none font-medium">{label}</legend>
          <div className="grid gap-x-4 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
            {spec.options.map((option) => {
              const optionId = `${id}-${option.value}`;
              return (
                <div key={option.value} className="flex items-center gap-2">
                  <Checkbox
                    id={optionId}
                    checked={selected.includes(option.value)}
                    onCheckedChange={(checked) => toggle(option.value, checked === true)}
                  />
                  <Label htmlFor={optionId} className="font-normal">
                    {option.label}
                  </Label>
                </div>
              );
            })}
          </div>
        </fieldset>
      );
    }

    case 'boolean': {
      const state = value === true ? 'Sim' : value === false ? 'Não' : 'Não informado';
      return (
        <div className="grid gap-2">
          <Label htmlFor={id}>{label}</Label>
          <div className="flex h-9 items-center gap-3">
            <Switch id={id} checked={value === true} onCheckedChange={(checked) => onChange(checked)} />
            <span className="text-sm text-muted-foreground" aria-hidden>
              {state}
            </span>
          </div>
        </div>
      );
    }

    case 'select':
      return (
        <FormField id={id} label={label} error={error}>
          {(control) => (
            <NativeSelect
              {...control}
              value={text}
              onChange={(e) => onChange((e.target.value || undefined) as QuestionnaireInput[Field])}
              onBlur={onBlur}
            >
              <option value="">{field === 'state' ? 'UF' : 'Selecione...'}</option>
              {spec.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      );

    case 'textarea': {
      const max = TEXT_LIMITS[field] ?? 2000;
      return (
        <FormField id={id} label={label} error={error} hint={`${text.length}/${max} caracteres`}>
          {(control) => (
            <Textarea
              {...control}
              rows={4}
              maxLength={max}
              placeholder={spec.placeholder}
              value={text}
              onChange={(e) => onChange(e.target.value as QuestionnaireInput[Field])}
              onBlur={onBlur}
            />
          )}
        </FormField>
      );
    }

    case 'cep':
      return (
        <FormField id={id} label={label} error={error}>
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="postal-code"
              placeholder="00000-000"
              maxLength={9}
              value={text}
              onChange={(e) => onChange(maskCep(e.target.value) as QuestionnaireInput[Field])}
              onBlur={onBlur}
            />
          )}
        </FormField>
      );

    case 'number': {
      const parsed = spec.money && !error ? parseBrNumber(text) : null;
      return (
        <FormField id={id} label={label} error={error} hint={parsed !== null ? `= ${formatCurrency(parsed)}` : undefined}>
          {(control) => (
            <Input
              {...control}
              inputMode={spec.integer ? 'numeric' : 'decimal'}
              autoComplete="off"
              placeholder={spec.placeholder}
              maxLength={30}
              value={text}
              className={cn('tabular-nums')}
              onChange={(e) => onChange(e.target.value as QuestionnaireInput[Field])}
              onBlur={onBlur}
            />
          )}
        </FormField>
      );
    }

    case 'text':
      return (
        <FormField id={id} label={label} error={error}>
          {(control) => (
            <Input
              {...control}
              autoComplete={spec.autoComplete}
              placeholder={spec.placeholder}
              maxLength={TEXT_LIMITS[field]}
              value={text}
              onChange={(e) => onChange(e.target.value as QuestionnaireInput[Field])}
              onBlur={onBlur}
            />
          )}
        </FormField>
      );
  }
}
