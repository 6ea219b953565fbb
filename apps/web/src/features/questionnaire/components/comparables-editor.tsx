import { COMPARABLE_KINDS, COMPARABLE_KIND_LABELS, MAX_COMPARABLES, comparableSchema, type QuestionnaireInput } from '@viabiliza/contracts/questionnaire';
import { ChevronDown, Plus, Scale, Trash2 } from 'lucide-react';
import { Collapsible } from 'radix-ui';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { cn } from '@/lib/utils';

type Comparables = NonNullable<QuestionnaireInput['comparables']>;
interface Row {
  key: number;
  address: string;
  area: string;
  price: string;
  date: string;
  kind: (typeof COMPARABLE_KINDS)[number];
  source: string;
}

const empty = (key: number): Row => ({ key, address: '', area: '', price: '', date: '', kind: 'venda', source: '' });
const blank = (r: Row) => !r.address.trim() && !r.area.trim() && !r.price.trim() && !r.date.trim() && !r.source.trim();
const toComparable = (r: Row) => ({
  address: r.address,
  area: r.area,
  price: r.price,
  date: r.date,
  kind: r.kind,
  ...(r.source.trim() ? { source: r.source } : {}),
});

/** Errors of one row by field (a blank row has none: it is simply not sent). */
export function rowErrors(r: Row): Partial<Record<'address' | 'area' | 'price' | 'date' | 'source', string>> {
  if (blank(r)) return {};
  const parsed = comparableSchema.safeParse(toComparable(r));
  if (parsed.success) return {};
  const out: Partial<Record<'address' | 'area' | 'price' | 'date' | 'source', string>> = {};
  for (const issue of parsed.error.issues) {
    const k = issue.path[0] as keyof typeof out;
    if (!out[k]) out[k] = issue.message;
  }
  return out;
}

/**
 * 'Comparáveis' (issue 17): sales or rents of similar properties the person found (address, area,
 * price, date, source). The engine turns them into R$/m² statistics and, with 3 or more of a kind,
 * uses them as the market reference — the only reference a warehouse, shop, office or plot gets
 * without an imported table. Rows are edited here; only the complete, valid ones reach the draft.
 */
export function ComparablesEditor({ value, onChange }: { value: Comparables | undefined; onChange: (next: Comparables | undefined) => void }) {
  const [rows, setRows] = useState<Row[]>(() =>
    (value ?? []).map((c, i) => ({ key: i, address: c.address, area: c.area, price: c.price, date: c.date, kind: c.kind ?? 'venda', source: c.source ?? '' })),
  );
  const [touched, setTouched] = useState<Set<number>>(() => new Set());
  const nextKey = () => rows.reduce((m, r) => Math.max(m, r.key), -1) + 1;

  const commit = (next: Row[]) => {
    setRows(next);
    const valid = next.filter((r) => !blank(r) && comparableSchema.safeParse(toComparable(r)).success).map(toComparable);
    onChange(valid.length ? valid : undefined);
  };
  const update = (key: number, patch: Partial<Row>) => commit(rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => {
    const key = nextKey();
    commit([...rows, empty(key)]);
    // Focus the new row's first input once it is rendered.
    requestAnimationFrame(() => document.getElementById(`comp-${key}-address`)?.focus());
  };
  const remove = (key: number, index: number) => {
    commit(rows.filter((r) => r.key !== key));
    requestAnimationFrame(() => {
      const other = rows.filter((r) => r.key !== key)[Math.max(0, index - 1)];
      document.getElementById(other ? `comp-${other.key}-address` : 'comp-add')?.focus();
    });
  };
  const valid = rows.filter((r) => !blank(r) && Object.keys(rowErrors(r)).length === 0).length;

  return (
    <Collapsible.Root className="group/section" data-testid="comparables-editor" defaultOpen={rows.length > 0}>
      <h3>
        <Collapsible.Trigger
          className={cn(
            'flex w-full items-center gap-3 px-4 py-3 text-left font-medium transition-colors hover:bg-muted/50',
            'rounded-none outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none',
            'group-last/section:group-data-[state=closed]/section:rounded-b-xl',
          )}
        >
          <Scale className="size-4 shrink-0 text-primary" aria-hidden />
          <span className="flex-1">Comparáveis de mercado</span>
          <span className="text-xs font-normal text-muted-foreground tabular-nums">{valid > 0 ? `${valid} válido(s)` : 'opcional'}</span>
          <ChevronDown
            className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]/section:rotate-180"
            aria-hidden
          />
        </Collapsible.Trigger>
      </h3>
      <Collapsible.Content className="space-y-4 border-t px-4 pt-4 pb-5">
        <p className="text-sm text-muted-foreground">
          Imóveis parecidos vendidos, anunciados ou alugados (endereço, área, preço e data). Com 3 ou mais do mesmo tipo, a mediana do R$/m²
          vira a referência de mercado — a única para galpões, salas, lojas e terrenos sem tabela importada. Comparáveis com mais de 6 meses
          aparecem sinalizados, sem correção.
        </p>
        <ol className="space-y-4" aria-label="Comparáveis">
          {rows.map((r, index) => {
            const errors = touched.has(r.key) ? rowErrors(r) : {};
            const id = (f: string) => `comp-${r.key}-${f}`;
            const n = index + 1;
            return (
              <li key={r.key} className="rounded-lg border p-3" data-testid="comparable-row" onBlur={() => setTouched((t) => new Set(t).add(r.key))}>
                <div className="mb-2 flex items-center justify-between gap-2">
                  <span className="text-sm font-medium">Comparável {n}</span>
                  <Button type="button" variant="ghost" size="sm" onClick={() => remove(r.key, index)} aria-label={`Remover comparável ${n}`}>
                    <Trash2 className="size-4" aria-hidden /> Remover
                  </Button>
                </div>
                <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                  <FormField id={id('address')} label="Endereço" error={errors.address} className="sm:col-span-2 lg:col-span-3">
                    {(control) => <Input {...control} autoComplete="off" maxLength={200} value={r.address} onChange={(e) => update(r.key, { address: e.target.value })} />}
                  </FormField>
                  <FormField id={id('kind')} label="Tipo">
                    {(control) => (
                      <NativeSelect {...control} value={r.kind} onChange={(e) => update(r.key, { kind: e.target.value as Row['kind'] })}>
                        {COMPARABLE_KINDS.map((k) => (
                          <option key={k} value={k}>
                            {COMPARABLE_KIND_LABELS[k]}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  </FormField>
                  <FormField id={id('area')} label="Área (m²)" error={errors.area}>
                    {(control) => (
                      <Input {...control} inputMode="decimal" autoComplete="off" maxLength={30} className="tabular-nums" value={r.area} onChange={(e) => update(r.key, { area: e.target.value })} />
                    )}
                  </FormField>
                  <FormField id={id('price')} label={r.kind === 'aluguel' ? 'Aluguel mensal (R$)' : 'Preço (R$)'} error={errors.price}>
                    {(control) => (
                      <Input {...control} inputMode="decimal" autoComplete="off" maxLength={30} className="tabular-nums" value={r.price} onChange={(e) => update(r.key, { price: e.target.value })} />
                    )}
                  </FormField>
                  <FormField id={id('date')} label="Data" error={errors.date}>
                    {(control) => <Input {...control} type="date" value={r.date} onChange={(e) => update(r.key, { date: e.target.value })} />}
                  </FormField>
                  <FormField id={id('source')} label="Fonte (opcional)" error={errors.source} className="sm:col-span-2">
                    {(control) => (
                      <Input {...control} autoComplete="off" maxLength={200} placeholder="anúncio, escritura, corretor…" value={r.source} onChange={(e) => update(r.key, { source: e.target.value })} />
                    )}
                  </FormField>
                </div>
              </li>
            );
          })}
        </ol>
        <Button id="comp-add" type="button" variant="outline" onClick={add} disabled={rows.length >= MAX_COMPARABLES}>
          <Plus className="size-4" aria-hidden /> Adicionar comparável
        </Button>
        {rows.length >= MAX_COMPARABLES && <p className="text-xs text-muted-foreground">Máximo de {MAX_COMPARABLES} comparáveis.</p>}
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
