import { analysisTypeLabel, PROVIDER_NAMES } from '@viabiliza/contracts/analysis';
import { ALL_FILTER } from '@viabiliza/contracts/history';
import { Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

import type { HistoryFilterValues } from '@/features/history/hooks/use-history-filters';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';

/** How long typing pauses before the list is asked for again. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Text search (property title, city, analysis type), type select and provider select, whose options
 * come from the user's own analyses (spec 01 §2 'History').
 */
export function HistoryFilters({
  values,
  types,
  providers,
  onChange,
  onClear,
  hasFilters,
}: {
  values: HistoryFilterValues;
  types: string[];
  providers: string[];
  onChange: (changes: Partial<HistoryFilterValues>, options?: { replace?: boolean }) => void;
  onClear: () => void;
  hasFilters: boolean;
}) {
  const [text, setText] = useState(values.q);
  // The URL can change without typing (back button, 'Limpar filtros'): the box follows it.
  const lastSent = useRef(values.q);
  useEffect(() => {
    if (values.q !== lastSent.current) {
      lastSent.current = values.q;
      setText(values.q);
    }
  }, [values.q]);

  useEffect(() => {
    if (text === lastSent.current) return;
    const timer = setTimeout(() => {
      lastSent.current = text;
      onChange({ q: text }, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, onChange]);

  // A filtered value that is not among the options any more still shows as chosen.
  const typeOptions = withCurrent(types, values.type);
  const providerOptions = withCurrent(providers, values.provider);

  return (
    <Card className="py-4">
      <CardContent className="grid grid-cols-2 gap-3 px-4 sm:gap-4 sm:px-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
        <div className="col-span-2 grid gap-2 lg:col-span-1">
          <Label htmlFor="history-search">Buscar análises</Label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id="history-search"
              type="search"
              inputMode="search"
              autoComplete="off"
              maxLength={100}
              placeholder="Imóvel, cidade ou tipo"
              className="pl-9"
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                // Enter searches at once instead of waiting for the pause.
                if (e.key === 'Enter' && text !== lastSent.current) {
                  lastSent.current = text;
                  onChange({ q: text }, { replace: true });
                }
              }}
            />
          </div>
        </div>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor="history-type">Tipo de análise</Label>
          <NativeSelect id="history-type" value={values.type} onChange={(e) => onChange({ type: e.target.value })}>
            <option value={ALL_FILTER}>Todos</option>
            {typeOptions.map((t) => (
              <option key={t} value={t}>
                {analysisTypeLabel(t)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid min-w-0 gap-2">
          <Label htmlFor="history-provider">Provedor</Label>
          <NativeSelect id="history-provider" value={values.provider} onChange={(e) => onChange({ provider: e.target.value })}>
            <option value={ALL_FILTER}>Todos</option>
            {providerOptions.map((p) => (
              <option key={p} value={p}>
                {PROVIDER_NAMES[p] ?? p}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button
          variant="ghost"
          onClick={() => {
            lastSent.current = '';
            setText('');
            onClear();
          }}
          disabled={!hasFilters && text === ''}
          className="col-span-2 justify-self-start lg:col-span-1"
        >
          <X aria-hidden />
          Limpar filtros
        </Button>
      </CardContent>
    </Card>
  );
}

function withCurrent(options: string[], current: string): string[] {
  return current === ALL_FILTER || options.includes(current) ? options : [...options, current];
}
