import {
  DEAL_FIELD_LABELS,
  DEAL_STRATEGIES,
  DEAL_STRATEGY_LABELS,
  FINANCING_SYSTEMS,
  OWNER_TYPES,
  OWNER_TYPE_LABELS,
  parseBrNumber,
  type DealInputs,
} from '@viabiliza/contracts/questionnaire';
import { ChevronDown, Landmark } from 'lucide-react';
import { Collapsible } from 'radix-ui';

import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';

type TextKey = Exclude<keyof DealInputs, 'strategy' | 'wantsFinancing' | 'financingSystem' | 'ownerType' | 'otherProperties'>;

const invalid = (v: string | undefined) =>
  v && v.trim() !== '' && (parseBrNumber(v) === null || parseBrNumber(v)! < 0) ? 'Informe um número válido' : undefined;

const yesNo = (v: boolean | undefined) => (v === true ? 'sim' : v === false ? 'nao' : '');
const fromYesNo = (s: string) => (s === 'sim' ? true : s === 'nao' ? false : undefined);

/**
 * 'Estratégia, financiamento e impostos' (optional): keep and rent or renovate and resell, the
 * buyer's own loan ('Pretende financiar?'; 'Aceita financiamento' above is the seller's), the flip's
 * budget and months, the owner's tax profile and the return the person requires. Empty fields use
 * the engine's defaults, which the report states.
 */
export function DealInputsPanel({ value, onChange }: { value: DealInputs | undefined; onChange: (next: DealInputs) => void }) {
  const v = value ?? {};
  const set = <K extends keyof DealInputs>(key: K, next: DealInputs[K]) => onChange({ ...v, [key]: next });
  const text = (key: TextKey, placeholder: string, numeric = true) => (
    <div key={key} className="min-w-0">
      <FormField id={`deal-${key}`} label={DEAL_FIELD_LABELS[key]} error={numeric ? invalid(v[key]) : undefined}>
        {(control) => (
          <Input
            {...control}
            inputMode={numeric ? 'decimal' : 'text'}
            autoComplete="off"
            placeholder={placeholder}
            maxLength={30}
            value={v[key] ?? ''}
            className="tabular-nums"
            onChange={(e) => set(key, e.target.value)}
          />
        )}
      </FormField>
    </div>
  );
  const select = (key: 'wantsFinancing' | 'otherProperties') => (
    <div key={key} className="min-w-0">
      <FormField id={`deal-${key}`} label={DEAL_FIELD_LABELS[key]}>
        {(control) => (
          <NativeSelect {...control} value={yesNo(v[key])} onChange={(e) => set(key, fromYesNo(e.target.value))}>
            <option value="">Não informado</option>
            <option value="sim">Sim</option>
            <option value="nao">Não</option>
          </NativeSelect>
        )}
      </FormField>
    </div>
  );
  const flip = v.strategy === 'revenda';
  return (
    <Collapsible.Root className="group/section" data-testid="deal-inputs">
      <h3>
        <Collapsible.Trigger
          className={cn(
            'flex w-full items-center gap-3 px-4 py-3 text-left font-medium transition-colors hover:bg-muted/50',
            'rounded-none outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
          )}
        >
          <Landmark className="size-4 shrink-0 text-primary" aria-hidden />
          <span className="flex-1">Estratégia, financiamento e impostos</span>
          <span className="text-xs font-normal text-muted-foreground">opcional</span>
          <ChevronDown className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]/section:rotate-180" aria-hidden />
        </Collapsible.Trigger>
      </h3>
      <Collapsible.Content className="grid gap-5 border-t px-4 pt-4 pb-5 sm:grid-cols-2">
        <p className="text-sm text-muted-foreground sm:col-span-2">
          O veredito julga o imóvel sem financiamento, após impostos; o financiamento só entra se você pretende financiar, e aparece ao lado.
          Campos vazios usam as premissas padrão.
        </p>
        <div className="min-w-0">
          <FormField id="deal-strategy" label={DEAL_FIELD_LABELS.strategy}>
            {(control) => (
              <NativeSelect {...control} value={v.strategy ?? ''} onChange={(e) => set('strategy', (e.target.value || undefined) as DealInputs['strategy'])}>
                <option value="">Não informado</option>
                {DEAL_STRATEGIES.map((o) => (
                  <option key={o} value={o}>
                    {DEAL_STRATEGY_LABELS[o]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        {text('hurdleRate', 'Tesouro IPCA+ após IR + prêmio')}
        {flip && [text('renovationBudget', '0'), text('renovationPerSqm', 'ou por m²'), text('worksMonths', '3'), text('sellMonths', '6'), text('targetSalePrice', 'valor de mercado'), text('utilitiesMonthly', '0')]}
        {select('wantsFinancing')}
        {v.wantsFinancing && [
          text('downPayment', '20 % do valor'),
          <div key="financingSystem" className="min-w-0">
            <FormField id="deal-financingSystem" label={DEAL_FIELD_LABELS.financingSystem}>
              {(control) => (
                <NativeSelect {...control} value={v.financingSystem ?? 'SAC'} onChange={(e) => set('financingSystem', e.target.value as DealInputs['financingSystem'])}>
                  {FINANCING_SYSTEMS.map((o) => (
                    <option key={o} value={o}>
                      {o === 'SAC' ? 'SAC' : 'Price'}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          </div>,
          text('financingTermMonths', '360'),
          text('financingRate', '12'),
        ]}
        <div className="min-w-0">
          <FormField id="deal-ownerType" label={DEAL_FIELD_LABELS.ownerType}>
            {(control) => (
              <NativeSelect {...control} value={v.ownerType ?? 'pf'} onChange={(e) => set('ownerType', e.target.value as DealInputs['ownerType'])}>
                {OWNER_TYPES.map((o) => (
                  <option key={o} value={o}>
                    {OWNER_TYPE_LABELS[o]}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        {text('otherRentalIncome', '0')}
        {select('otherProperties')}
        {text('acquisitionDate', 'aaaa-mm', false)}
        {text('acquisitionCost', 'custo declarado no IR')}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
