import {
  ANALYSIS_TYPE_DESCRIPTIONS,
  ANALYSIS_TYPES,
  PROVIDER_NAMES,
  analysisTypeLabel,
  type AnalysisType,
  type ProviderInfo,
} from '@viabiliza/contracts/analysis';
import { FileSearch } from 'lucide-react';

import { useAiProviders } from '@/features/analysis/api/get-ai-providers';
import { DEFAULT_PROVIDER } from '@/features/analysis/hooks/use-analysis-workspace';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';

/** Configured providers by priority; the built-in engine is always there and always first choice. */
export function selectableProviders(providers: readonly ProviderInfo[] | undefined): { id: string; name: string }[] {
  const configured = (providers ?? []).filter((p) => p.configured).sort((a, b) => a.priority - b.priority);
  const list = configured.map((p) => ({ id: p.id, name: p.name || PROVIDER_NAMES[p.id] || p.id }));
  if (!list.some((p) => p.id === DEFAULT_PROVIDER)) {
    list.unshift({ id: DEFAULT_PROVIDER, name: PROVIDER_NAMES[DEFAULT_PROVIDER]! });
  }
  return list;
}

/** Analysis type selector with the card describing the chosen type, and the provider select. */
export function AnalysisSetupCard({
  analysisType,
  onAnalysisTypeChange,
  provider,
  onProviderChange,
  disabled,
}: {
  analysisType: AnalysisType;
  onAnalysisTypeChange: (type: AnalysisType) => void;
  provider: string;
  onProviderChange: (provider: string) => void;
  disabled?: boolean;
}) {
  const providers = useAiProviders();
  const options = selectableProviders(providers.data?.providers);

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="text-lg">Tipo de Análise</h2>
        </CardTitle>
        <CardDescription>Escolha o que a análise deve cobrir.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6 grid gap-5 md:grid-cols-2">
        <div className="grid content-start gap-5">
          <FormField id="analysis-type" label="Tipo de análise">
            {(control) => (
              <NativeSelect
                {...control}
                value={analysisType}
                disabled={disabled}
                onChange={(e) => onAnalysisTypeChange(e.target.value as AnalysisType)}
              >
                {ANALYSIS_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {analysisTypeLabel(type)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField
            id="analysis-provider"
            label="Provedor de IA"
            hint="Os números vêm sempre do Motor Viabiliza; um provedor de IA configurado no servidor escreve a narrativa."
          >
            {(control) => (
              <NativeSelect
                {...control}
                value={options.some((o) => o.id === provider) ? provider : DEFAULT_PROVIDER}
                disabled={disabled}
                onChange={(e) => onProviderChange(e.target.value)}
              >
                {options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
        </div>
        <div
          className="flex gap-3 rounded-lg border border-primary/20 bg-primary/5 p-4"
          aria-live="polite"
          data-testid="analysis-type-description"
        >
          <FileSearch className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <div className="space-y-1">
            <p className="font-medium">Análise {analysisTypeLabel(analysisType)}</p>
            <p className="text-sm text-muted-foreground">{ANALYSIS_TYPE_DESCRIPTIONS[analysisType]}</p>
          </div>
        </div>
      </CardContent>
    </Card>
  );
}
