import {
  LAND_DEAL_OPTIONS,
  TAX_REGIME_OPTIONS,
  parseBrNumber,
  type DevelopmentInputs,
  type QuestionnaireInput,
} from '@viabiliza/contracts/questionnaire';
import { Building2, ChevronDown, Plus, Trash2 } from 'lucide-react';
import { Collapsible } from 'radix-ui';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';

/** Development purposes (the engine's rule): objective, plot or purpose 'desenvolvimento'. */
export function isDevelopmentDraft(q: QuestionnaireInput): boolean {
  return q.mainObjective === 'desenvolvimento' || q.propertyType === 'terreno' || (q.purpose ?? []).includes('desenvolvimento');
}

type NumberKey = Exclude<keyof DevelopmentInputs, 'mix' | 'landDeal' | 'taxRegime'>;

const NUMBER_FIELDS: { key: NumberKey; label: string; placeholder: string; hint?: string; integer?: boolean }[] = [
  { key: 'units', label: 'Número de unidades', placeholder: '40', integer: true },
  { key: 'privateAreaPerUnit', label: 'Área privativa por unidade (m²)', placeholder: '70' },
  { key: 'pricePerSqm', label: 'Preço de venda (R$/m² privativo)', placeholder: 'referência da cidade' },
  { key: 'approvalMonths', label: 'Prazo de aprovação (meses)', placeholder: '12', integer: true },
  { key: 'worksMonths', label: 'Prazo de obra (meses)', placeholder: '30', integer: true },
  { key: 'salesMonths', label: 'Prazo de vendas (meses)', placeholder: '36', integer: true },
];
const SHARE_FIELDS: { key: NumberKey; label: string; placeholder: string }[] = [
  { key: 'signalShare', label: 'Sinal (%)', placeholder: '10' },
  { key: 'monthlyShare', label: 'Mensais até as chaves (%)', placeholder: '20' },
  { key: 'balloonShare', label: 'Reforços anuais (%)', placeholder: '10' },
  { key: 'keysShare', label: 'Chaves (%)', placeholder: '5' },
];
const LAND_DEAL_LABELS: Record<(typeof LAND_DEAL_OPTIONS)[number], string> = {
  cash: 'Compra à vista',
  'permuta-fisica': 'Permuta física (unidades ao proprietário)',
  'permuta-financeira': 'Permuta financeira (% das receitas)',
};
const TAX_REGIME_LABELS: Record<(typeof TAX_REGIME_OPTIONS)[number], string> = {
  ret: 'RET 4 % (patrimônio de afetação)',
  'ret-mcmv': 'RET 1 % (Minha Casa, Minha Vida)',
  presumido: 'Lucro presumido (≈ 5,93 %)',
};

const invalid = (v: string | undefined) => (v && v.trim() !== '' && (parseBrNumber(v) === null || parseBrNumber(v)! < 0) ? 'Informe um número válido' : undefined);

/**
 * 'Premissas do empreendimento' (issue 17): the optional inputs of an incorporação — units, areas,
 * price, schedule, land deal, funding, tax regime and the 'na planta' payment flow. Empty fields use
 * the engine's defaults (shown as placeholders). Shown only for development purposes.
 */
export function DevelopmentInputsPanel({
  value,
  onChange,
}: {
  value: DevelopmentInputs | undefined;
  onChange: (next: DevelopmentInputs) => void;
}) {
  const v = value ?? {};
  const set = <K extends keyof DevelopmentInputs>(key: K, next: DevelopmentInputs[K]) => onChange({ ...v, [key]: next });
  const numberInput = (f: { key: NumberKey; label: string; placeholder: string; integer?: boolean }) => {
    const text = v[f.key] ?? '';
    return (
      <div key={f.key} className="min-w-0">
        <FormField id={`dev-${f.key}`} label={f.label} error={invalid(text)}>
          {(control) => (
            <Input
              {...control}
              inputMode={f.integer ? 'numeric' : 'decimal'}
              autoComplete="off"
              placeholder={f.placeholder}
              maxLength={30}
              value={text}
              className="tabular-nums"
              onChange={(e) => set(f.key, e.target.value)}
            />
          )}
        </FormField>
      </div>
    );
  };
  const landDeal = v.landDeal ?? 'cash';
  return (
    <Collapsible.Root className="group/section" data-testid="development-inputs">
      <h3>
        <Collapsible.Trigger
          className={cn(
            'flex w-full items-center gap-3 px-4 py-3 text-left font-medium transition-colors hover:bg-muted/50',
            'rounded-none outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
            'group-last/section:group-data-[state=closed]/section:rounded-b-xl',
          )}
        >
          <Building2 className="size-4 shrink-0 text-primary" aria-hidden />
          <span className="flex-1">Premissas do empreendimento</span>
          <span className="text-xs font-normal text-muted-foreground">opcional</span>
          <ChevronDown
            className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]/section:rotate-180"
            aria-hidden
          />
        </Collapsible.Trigger>
      </h3>
      <Collapsible.Content className="grid gap-5 border-t px-4 pt-4 pb-5 sm:grid-cols-2">
        <p className="text-sm text-muted-foreground sm:col-span-2">
          Para a incorporação: unidades, prazos, terreno, financiamento da obra, impostos e fluxo de pagamento na planta.
          Campos vazios usam as premissas padrão (mostradas em cinza).
        </p>
        {NUMBER_FIELDS.map(numberInput)}
        <fieldset className="grid gap-3 sm:col-span-2">
          <legend className="mb-2 text-sm font-medium">Tipologias (opcional: substituem unidades × área acima)</legend>
          {(v.mix ?? []).map((row, i) => {
            const setRow = (key: 'count' | 'privateArea' | 'pricePerSqm', text: string) =>
              set('mix', (v.mix ?? []).map((r, j) => (j === i ? { ...r, [key]: text } : r)));
            const cell = (key: 'count' | 'privateArea' | 'pricePerSqm', label: string, placeholder: string) => (
              <FormField id={`dev-mix-${i}-${key}`} label={`Tipo ${i + 1}: ${label}`} error={invalid(row[key])}>
                {(control) => (
                  <Input {...control} inputMode="decimal" autoComplete="off" maxLength={30} placeholder={placeholder} value={row[key] ?? ''} className="tabular-nums" onChange={(e) => setRow(key, e.target.value)} />
                )}
              </FormField>
            );
            return (
              <div key={i} className="grid items-end gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_1fr_1fr_auto]">
                {cell('count', 'unidades', '10')}
                {cell('privateArea', 'área privativa (m²)', '45')}
                {cell('pricePerSqm', 'preço (R$/m²)', 'preço geral')}
                <Button type="button" variant="outline" size="sm" onClick={() => set('mix', (v.mix ?? []).filter((_, j) => j !== i))}>
                  <Trash2 aria-hidden />
                  Remover tipo {i + 1}
                </Button>
              </div>
            );
          })}
          {(v.mix ?? []).length < 10 && (
            <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => set('mix', [...(v.mix ?? []), { count: '', privateArea: '' }])}>
              <Plus aria-hidden />
              Adicionar tipologia
            </Button>
          )}
        </fieldset>
        <div className="min-w-0">
          <FormField id="dev-landDeal" label="Aquisição do terreno">
            {(control) => (
              <NativeSelect {...control} value={landDeal} onChange={(e) => set('landDeal', e.target.value as DevelopmentInputs['landDeal'])}>
                {LAND_DEAL_OPTIONS.map((o) => (
                  <option key={o} value={o}>
                    {LAND_DEAL_LABELS[o]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        {landDeal !== 'cash' &&
          numberInput({
            key: 'landDealShare',
            label: landDeal === 'permuta-fisica' ? 'Unidades ao proprietário (%)' : 'Receitas ao proprietário (%)',
            placeholder: '20',
          })}
        {numberInput({ key: 'loanShare', label: 'Plano empresário: obra financiada (%)', placeholder: '50' })}
        <div className="min-w-0">
          <FormField id="dev-taxRegime" label="Regime tributário">
            {(control) => (
              <NativeSelect {...control} value={v.taxRegime ?? 'ret'} onChange={(e) => set('taxRegime', e.target.value as DevelopmentInputs['taxRegime'])}>
                {TAX_REGIME_OPTIONS.map((o) => (
                  <option key={o} value={o}>
                    {TAX_REGIME_LABELS[o]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-3 text-sm font-medium">Fluxo de pagamento na planta (o restante é o repasse bancário nas chaves)</legend>
          {SHARE_FIELDS.map(numberInput)}
        </fieldset>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
