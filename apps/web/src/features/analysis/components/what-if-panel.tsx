import type { AssumptionId } from '@viabiliza/contracts/analysis';
import type { AnalysisResult, AssumptionUsed } from '@viabiliza/contracts/analysis-result';
import type { EngineInputResponse } from '@viabiliza/contracts/engine-input';
import { NUMBER_MESSAGE, parseBrNumber } from '@viabiliza/contracts/questionnaire';
import { Gauge, RotateCcw, Save } from 'lucide-react';
import { Suspense, lazy, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';

import { useAnalysisRun } from '@/features/analysis/api/get-analysis-run';
import { useEngineInput } from '@/features/analysis/api/get-engine-input';
import { useStartAnalysisRun } from '@/features/analysis/api/start-analysis-run';
import { MarkdownReport } from '@/features/analysis/components/markdown-report';
import { TornadoPanel } from '@/features/analysis/components/tornado-chart';
import { WhatIfSkeleton } from '@/features/analysis/components/what-if-skeleton';
import {
  CODED_ASSUMPTIONS,
  SCENARIO_VALUES,
  clampAssumption,
  editableAssumptions,
  isWhole,
  keyFigures,
  loadEngine,
  runScenario,
  scenarioOverrides,
  scenarioValueOf,
  sliderRange,
  withScenarioValues,
  type BrowserEngine,
  type KeyFigure,
  type ScenarioValueKey,
  type ScenarioValues,
} from '@/features/analysis/utils/engine-in-browser';
import { formatValue, sourceLabel } from '@/features/analysis/utils/figures';
import { cashFlowSeries } from '@/features/analysis/utils/result';
import { QueryError } from '@/components/errors/query-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { formatDecimal } from '@/lib/format';
import { toast } from '@/lib/toast';

const CashFlowChart = lazy(() => import('@/features/analysis/components/cash-flow-chart'));

type Changes = Partial<Record<AssumptionId, number>>;

/**
 * 'Simular cenário' (issue 18, live what-if): the engine runs here, in the browser, on the inputs
 * the server used for this saved analysis; each change of an assumption recomputes every figure,
 * the charts, the verdict and the report without a server call, and the time it took is shown.
 * 'Salvar cenário' saves the scenario as a new analysis of the same property (the run API).
 * Loaded with `lazy()` by the result views, so neither it nor the engine reach other pages.
 */
export default function WhatIfPanel({
  analysisId,
  savedResult,
  detailPath = (id) => `/dashboard/analysis/${id}`,
}: {
  analysisId: string;
  savedResult: AnalysisResult;
  detailPath?: (id: string) => string;
}) {
  const input = useEngineInput(analysisId);
  const [engine, setEngine] = useState<BrowserEngine | null>(null);
  const [engineError, setEngineError] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    loadEngine().then(
      (e) => live && setEngine(() => e),
      (err: unknown) => live && setEngineError(err),
    );
    return () => {
      live = false;
    };
  }, []);

  if (input.isError) {
    if (input.error instanceof ApiError && input.error.status === 404) {
      return (
        <Alert>
          <AlertTitle>Simulação indisponível</AlertTitle>
          <AlertDescription>Só quem fez a análise pode simular cenários sobre ela.</AlertDescription>
        </Alert>
      );
    }
    return <QueryError title="Não foi possível carregar o simulador" error={input.error} onRetry={() => void input.refetch()} isRetrying={input.isFetching} />;
  }
  if (engineError) return <QueryError title="Não foi possível carregar o motor de cálculo" error={engineError} />;
  if (!input.data || !engine) return <WhatIfSkeleton />;
  return <WhatIf engine={engine} response={input.data} savedResult={savedResult} detailPath={detailPath} />;
}

function WhatIf({
  engine,
  response: saved,
  savedResult,
  detailPath,
}: {
  engine: BrowserEngine;
  response: EngineInputResponse;
  savedResult: AnalysisResult;
  detailPath: (id: string) => string;
}) {
  const assumptions = useMemo(() => editableAssumptions(savedResult), [savedResult]);
  const defaults = useMemo(() => Object.fromEntries(assumptions.map((a) => [a.id, a.defaultValue])) as Changes, [assumptions]);
  const [changes, setChanges] = useState<Changes>({});
  // Price, rent, condomínio, IPTU, renovation and TMA: the questionnaire's own values, changed here.
  const [values, setValues] = useState<ScenarioValues>({});
  const response = useMemo(() => withScenarioValues(saved, values), [saved, values]);
  const overrides = useMemo(() => scenarioOverrides(response.input.overrides, defaults, changes), [response, defaults, changes]);
  const run = useMemo(() => runScenario(engine, response, overrides), [engine, response, overrides]);
  const changed = Object.keys(changes).length > 0 || Object.keys(values).length > 0;
  const valueOf = (a: AssumptionUsed & { id: AssumptionId }) => changes[a.id] ?? a.value;
  const flows = cashFlowSeries(run.result);

  return (
    <div className="space-y-4" data-testid="what-if">
      <Card>
        <CardHeader className="px-4 sm:px-6">
          <CardTitle>
            <h2 className="text-lg">Simular cenário</h2>
          </CardTitle>
          <CardDescription>
            Altere as premissas e veja os números, os gráficos e o veredito recalculados na hora, no seu navegador. Nada é salvo até você clicar em
            &nbsp;&lsquo;Salvar cenário&rsquo;.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-4 px-4 sm:px-6">
          {!response.complete && (
            <Alert>
              <AlertTitle>Dados incompletos</AlertTitle>
              <AlertDescription>Um documento desta análise foi removido depois dela: os números simulados podem diferir dos salvos.</AlertDescription>
            </Alert>
          )}
          <div className="flex flex-wrap items-center gap-2">
            <p className="flex items-center gap-1.5 text-sm text-muted-foreground" aria-live="polite">
              <Gauge className="size-4" aria-hidden />
              <span data-testid="what-if-timing" data-ms={run.ms.toFixed(2)}>
                {/* The first run also compiles the engine (JIT): it is not a recompute. */}
                {changed ? 'recalculado' : 'calculado no navegador'} em {formatDecimal(run.ms, run.ms < 10 ? 1 : 0)} ms
              </span>
            </p>
            <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
              <Button
                variant="outline"
                onClick={() => {
                  setChanges({});
                  setValues({});
                }}
                disabled={!changed}
              >
                <RotateCcw aria-hidden />
                Restaurar premissas
              </Button>
              <SaveScenarioButton response={response} overrides={overrides} detailPath={detailPath} />
            </div>
          </div>
          <ScenarioFigures saved={savedResult} scenario={run.result} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="px-4 sm:px-6">
          <CardTitle>
            <h3 className="text-base">Valores do imóvel</h3>
          </CardTitle>
          <CardDescription>Os valores do questionário desta análise. Deixe em branco para a análise estimar.</CardDescription>
        </CardHeader>
        <CardContent className="px-4 sm:px-6">
          <ul className="grid gap-4 md:grid-cols-2">
            {SCENARIO_VALUES.map((field) => (
              <ScenarioValueControl
                key={field.key}
                field={field}
                saved={scenarioValueOf(saved.input.questionnaire, field.key)}
                value={values[field.key]}
                onChange={(v) =>
                  setValues((previous) => {
                    const next = { ...previous };
                    if (v === null) delete next[field.key];
                    else next[field.key] = v;
                    return next;
                  })
                }
              />
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="px-4 sm:px-6">
          <CardTitle>
            <h3 className="text-base">Premissas</h3>
          </CardTitle>
          <CardDescription>Cada premissa mostra o valor padrão desta análise e de onde ele vem.</CardDescription>
        </CardHeader>
        <CardContent className="px-4 sm:px-6">
          {assumptions.length === 0 ? (
            <p className="text-sm text-muted-foreground">Esta análise não usa premissas que possam ser alteradas.</p>
          ) : (
            <ul className="grid gap-4 md:grid-cols-2">
              {assumptions.map((a) => (
                <AssumptionControl
                  key={a.id}
                  assumption={a}
                  value={valueOf(a)}
                  onChange={(v) => setChanges((c) => ({ ...c, [a.id]: v }))}
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      {flows.length > 0 && (
        <Card>
          <CardHeader className="px-4 sm:px-6">
            <CardTitle>
              <h3 className="text-base">Fluxo de caixa do cenário</h3>
            </CardTitle>
          </CardHeader>
          <CardContent className="space-y-8 px-4 sm:px-6">
            {flows.map((flow) => (
              <Suspense key={flow.id} fallback={<Skeleton role="status" aria-label="Carregando gráfico" className="h-72 w-full" />}>
                <CashFlowChart title={flow.title} points={flow.points} />
              </Suspense>
            ))}
          </CardContent>
        </Card>
      )}

      <TornadoPanel engine={engine} response={response} overrides={overrides} result={run.result} />

      <Card>
        <CardContent className="px-4 sm:px-6">
          <details>
            <summary className="cursor-pointer py-2 font-semibold">Relatório do cenário</summary>
            <div className="pt-2">
              <MarkdownReport content={run.markdown} />
            </div>
          </details>
        </CardContent>
      </Card>
    </div>
  );
}

function bandVariant(band: AnalysisResult['score']['band']): 'default' | 'secondary' | 'destructive' | 'outline' {
  if (band === 'alta') return 'default';
  if (band === 'moderada') return 'secondary';
  if (band === 'baixa') return 'destructive';
  return 'outline';
}

function display(f: KeyFigure): string {
  return f.value === null ? '—' : formatValue(f.value, f.unit);
}

function deltaText(saved: KeyFigure, scenario: KeyFigure): string {
  if (saved.value === null || scenario.value === null) return '—';
  const d = scenario.value - saved.value;
  if (Math.abs(d) < 1e-9) return 'sem mudança';
  const sign = d > 0 ? '+' : '−';
  if (scenario.unit === 'fraction') return `${sign}${formatDecimal(Math.abs(d) * 100, 2)} p.p.`;
  return `${sign}${formatValue(Math.abs(d), scenario.unit)}`;
}

/** Saved vs scenario: the key figures and the verdict. */
function ScenarioFigures({ saved, scenario }: { saved: AnalysisResult; scenario: AnalysisResult }) {
  const before = keyFigures(saved);
  const after = keyFigures(scenario);
  const rows = after.map((f, i) => ({ after: f, before: before[i]! })).filter((r) => r.after.value !== null || r.before.value !== null);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Veredito do cenário:</span>
        <Badge variant={bandVariant(scenario.score.band)} data-testid="what-if-verdict">
          {scenario.score.label}
        </Badge>
        <span className="text-muted-foreground">(salvo: {saved.score.label})</span>
      </div>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[20rem] text-sm">
          <caption className="sr-only">Números-chave: análise salva, cenário e diferença</caption>
          <thead>
            <tr className="border-b text-left text-muted-foreground">
              <th scope="col" className="py-1.5 pr-3 font-medium">Número</th>
              <th scope="col" className="py-1.5 pr-3 text-right font-medium">Salvo</th>
              <th scope="col" className="py-1.5 pr-3 text-right font-medium">Cenário</th>
              <th scope="col" className="py-1.5 text-right font-medium">Diferença</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(({ before: b, after: a }) => (
              <tr key={a.id} className="border-b last:border-0" data-testid={`what-if-figure-${a.id}`}>
                <th scope="row" className="py-1.5 pr-3 text-left font-normal">{a.label}</th>
                <td className="py-1.5 pr-3 text-right whitespace-nowrap tabular-nums">{display(b)}</td>
                <td className="py-1.5 pr-3 text-right font-medium whitespace-nowrap tabular-nums" data-testid={`what-if-value-${a.id}`}>
                  {display(a)}
                </td>
                <td className="py-1.5 text-right whitespace-nowrap tabular-nums text-muted-foreground">{deltaText(b, a)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** Fractions are typed and shown in percent; the engine gets the fraction. */
const shown = (a: Pick<AssumptionUsed, 'unit'>, v: number) => (a.unit === 'fraction' ? Number((v * 100).toFixed(4)) : v);
const stored = (a: Pick<AssumptionUsed, 'unit'>, v: number) => (a.unit === 'fraction' ? v / 100 : v);

function unitSuffix(a: Pick<AssumptionUsed, 'unit'>): string {
  switch (a.unit) {
    case 'fraction':
      return '%';
    case 'BRL':
      return 'R$';
    case 'BRL/m2':
      return 'R$/m²';
    case 'BRL/mes':
      return 'R$/mês';
    case 'months':
      return 'meses';
    case 'years':
      return 'anos';
    default:
      return '';
  }
}

/** One questionnaire value: typed as in the questionnaire ('750.000', '4.500,00'); a bad number is not applied. */
function ScenarioValueControl({
  field,
  saved,
  value,
  onChange,
}: {
  field: { key: ScenarioValueKey; label: string; unit: string };
  saved: string;
  /** The scenario's text, or undefined when unchanged. */
  value: string | undefined;
  /** null: back to the saved value. */
  onChange: (value: string | null) => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? value ?? saved;
  const invalid = text.trim() !== '' && parseBrNumber(text) === null;
  const describedBy = `${id}-help`;
  return (
    <li className="min-w-0 space-y-1.5 rounded-lg border p-3" data-testid={`scenario-value-${field.key}`}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={`${id}-input`} className="text-sm font-medium">
          {field.label} ({field.unit})
        </label>
        {value !== undefined && <Badge variant="secondary">alterado</Badge>}
      </div>
      <Input
        id={`${id}-input`}
        inputMode="decimal"
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        className="tabular-nums"
        value={text}
        onChange={(e) => {
          const raw = e.target.value;
          setDraft(raw);
          if (raw.trim() !== '' && parseBrNumber(raw) === null) return;
          onChange(raw.trim() === saved.trim() ? null : raw);
        }}
        onBlur={() => setDraft(null)}
      />
      <p id={describedBy} className={invalid ? 'text-xs text-destructive' : 'text-xs text-muted-foreground'}>
        {invalid ? NUMBER_MESSAGE : `Na análise salva: ${saved.trim() === '' ? 'não informado (estimado)' : saved}`}
      </p>
    </li>
  );
}

function AssumptionControl({
  assumption: a,
  value,
  onChange,
}: {
  assumption: AssumptionUsed & { id: AssumptionId };
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const codes = CODED_ASSUMPTIONS[a.id];
  const range = sliderRange(a);
  const whole = isWhole(a);
  // What is being typed (kept as typed until the field is left); otherwise the value itself.
  const [draft, setDraft] = useState<string | null>(null);
  const commit = (raw: string) => {
    const n = Number(raw.replace(',', '.'));
    if (raw.trim() === '' || !Number.isFinite(n)) return;
    let v = clampAssumption(a.id, stored(a, n));
    if (whole) v = Math.round(v);
    onChange(v);
  };
  const changed = value !== a.value;
  const describedBy = `${id}-help`;

  return (
    <li className="min-w-0 space-y-1.5 rounded-lg border p-3" data-testid={`assumption-${a.id}`}>
      <div className="flex items-baseline justify-between gap-2">
        <label htmlFor={`${id}-input`} className="text-sm font-medium">
          {a.label}
        </label>
        {changed && <Badge variant="secondary">alterada</Badge>}
      </div>
      {codes ? (
        <NativeSelect id={`${id}-input`} aria-describedby={describedBy} value={String(value)} onChange={(e) => onChange(Number(e.target.value))}>
          {codes.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </NativeSelect>
      ) : (
        <div className="flex items-center gap-3">
          <input
            type="range"
            aria-label={`${a.label} (controle deslizante)`}
            aria-describedby={describedBy}
            className="h-9 min-w-0 flex-1 accent-primary"
            min={shown(a, range.min)}
            max={shown(a, range.max)}
            step={shown(a, range.step)}
            value={shown(a, value)}
            onChange={(e) => commit(e.target.value)}
          />
          <div className="flex shrink-0 items-center gap-1">
            <Input
              id={`${id}-input`}
              type="number"
              inputMode="decimal"
              aria-describedby={describedBy}
              className="w-24 text-right tabular-nums"
              step={whole ? 1 : 'any'}
              value={draft ?? String(shown(a, value))}
              onChange={(e) => {
                setDraft(e.target.value);
                commit(e.target.value);
              }}
              onBlur={() => setDraft(null)}
            />
            <span className="w-10 text-xs text-muted-foreground">{unitSuffix(a)}</span>
          </div>
        </div>
      )}
      <p id={describedBy} className="text-xs text-muted-foreground">
        Padrão: {codes ? (codes.find((c) => c.value === a.defaultValue)?.label ?? a.defaultValue) : formatValue(a.defaultValue, a.unit)} · Fonte:{' '}
        {sourceLabel(a.source)}
      </p>
    </li>
  );
}

function SaveScenarioButton({
  response,
  overrides,
  detailPath,
}: {
  response: EngineInputResponse;
  overrides: EngineInputResponse['input']['overrides'];
  detailPath: (id: string) => string;
}) {
  const navigate = useNavigate();
  const start = useStartAnalysisRun();
  const [runId, setRunId] = useState<string | null>(null);
  const run = useAnalysisRun(runId);
  const status = run.data?.run;

  useEffect(() => {
    if (!status) return;
    if (status.status === 'completed' && status.analysisId) {
      toast.success('Cenário salvo', { description: 'Uma nova análise deste imóvel foi criada com estas premissas.' });
      setRunId(null);
      void navigate(detailPath(status.analysisId));
    } else if (status.status === 'failed') {
      toast.error('Não foi possível salvar o cenário', { description: status.error ?? undefined });
      setRunId(null);
    }
  }, [status, navigate, detailPath]);

  const saving = start.isPending || runId !== null;
  const save = () =>
    start.mutate(
      {
        analysisType: response.input.analysisType,
        questionnaire: response.input.questionnaire,
        documentIds: response.documentIds,
        propertyId: response.propertyId,
        overrides,
      },
      {
        onSuccess: ({ run: started }) => setRunId(started.id),
        onError: (err) => toast.error('Não foi possível salvar o cenário', { description: err instanceof Error ? err.message : undefined }),
      },
    );

  return (
    <Button onClick={save} disabled={saving}>
      {saving ? <Spinner aria-hidden /> : <Save aria-hidden />}
      {saving ? (status?.stepLabel ?? 'Salvando cenário...') : 'Salvar cenário'}
    </Button>
  );
}
