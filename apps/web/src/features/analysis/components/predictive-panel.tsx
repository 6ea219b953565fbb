import {
  IMPACT_LABELS,
  RECOMMENDATION_LABELS,
  REAL_RATE_LIMITS,
  RISK_LEVEL_LABELS,
  type ProjectionResult,
} from '@viabiliza/contracts/intelligence';
import { LineChart as LineChartIcon, Sparkles } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';

import { useAnalysisProjections } from '@/features/analysis/api/get-analysis-projections';
import { QueryError } from '@/components/errors/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { formatCurrency, formatFractionPercent } from '@/lib/format';

const ProjectionChart = lazy(() => import('@/features/analysis/components/projection-chart'));

const RISK_VARIANT = { low: 'success', medium: 'warning', high: 'destructive' } as const;
const ACTION_VARIANT = { buy: 'success', hold: 'secondary', sell: 'destructive', wait: 'warning' } as const;

function Projection({ label, value, base }: { label: string; value: number; base: number }) {
  const change = base > 0 ? value / base - 1 : 0;
  return (
    <div className="rounded-lg border p-3">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-lg font-semibold tabular-nums">{formatCurrency(value)}</p>
      <p className="text-xs text-muted-foreground tabular-nums">
        {change >= 0 ? '+' : ''}
        {formatFractionPercent(change, 2)}
      </p>
    </div>
  );
}

function Result({ p }: { p: ProjectionResult }) {
  const pp = p.priceProjection;
  const rec = p.investmentRecommendation;
  return (
    <div className="space-y-5">
      <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200" role="note">
        Cenários, não previsões: valores calculados a partir das premissas abaixo.
      </p>
      {pp ? (
        <div className="grid gap-3 sm:grid-cols-4" data-testid="price-projection">
          <Projection label={p.basis?.label ?? 'Valor-base'} value={pp.current} base={pp.current} />
          <Projection label="Em 6 meses" value={pp.projected6m} base={pp.current} />
          <Projection label="Em 1 ano" value={pp.projected1y} base={pp.current} />
          <Projection label="Em 2 anos" value={pp.projected2y} base={pp.current} />
        </div>
      ) : (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          Sem valor-base (avaliação ou valor do imóvel): informe a área ou o valor para projetar o preço.
        </p>
      )}
      {p.monthly.length > 0 && (
        <Suspense fallback={<Skeleton role="status" aria-label="Carregando gráfico" className="h-64 w-full" />}>
          <ProjectionChart monthly={p.monthly} />
        </Suspense>
      )}
      <ul className="list-disc space-y-1 pl-5 text-xs text-muted-foreground">
        {p.notes.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>

      <div className="grid gap-4 lg:grid-cols-2">
        <section aria-labelledby="risk-assessment" className="space-y-2 rounded-lg border p-4">
          <h3 id="risk-assessment" className="flex flex-wrap items-center gap-2 font-semibold">
            Avaliação de risco
            <Badge variant={RISK_VARIANT[p.riskAssessment.level]}>Risco {RISK_LEVEL_LABELS[p.riskAssessment.level].toLowerCase()}</Badge>
          </h3>
          {p.riskAssessment.factors.length === 0 ? (
            <p className="text-sm text-muted-foreground">A análise não apontou riscos.</p>
          ) : (
            <ul className="space-y-2 text-sm">
              {p.riskAssessment.factors.map((f) => (
                <li key={f.factor} className="space-y-0.5">
                  <span className="font-medium">{f.factor}</span> <Badge variant="outline">Impacto {IMPACT_LABELS[f.impact].toLowerCase()}</Badge>
                  <p className="text-xs text-muted-foreground">{f.description}</p>
                </li>
              ))}
            </ul>
          )}
          <p className="text-xs text-muted-foreground">Pontos: alta 3, média 2, baixa 1; alto com um risco de severidade alta ou 6 pontos, médio com 2.</p>
        </section>
        <section aria-labelledby="investment-recommendation" className="space-y-2 rounded-lg border p-4" data-testid="investment-recommendation">
          <h3 id="investment-recommendation" className="flex flex-wrap items-center gap-2 font-semibold">
            Recomendação
            <Badge variant={ACTION_VARIANT[rec.action]}>{RECOMMENDATION_LABELS[rec.action]}</Badge>
            <Badge variant="outline">Confiança {rec.confidence}%</Badge>
          </h3>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {rec.reasoning.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

/**
 * Analytics tab, 'Análise Preditiva' (spec 02 §2, §3): the generate button disappears once there is a
 * result; the real rate can be changed afterwards and the scenario is recomputed on the server.
 */
export function PredictivePanel({ analysisId }: { analysisId: string | null }) {
  const [generated, setGenerated] = useState(false);
  const [ratePercent, setRatePercent] = useState(String(REAL_RATE_LIMITS.default * 100));
  const parsed = Number(ratePercent.replace(',', '.'));
  const valid = ratePercent.trim() !== '' && Number.isFinite(parsed) && parsed >= REAL_RATE_LIMITS.min * 100 && parsed <= REAL_RATE_LIMITS.max * 100;
  const [appliedRate, setAppliedRate] = useState<number>(REAL_RATE_LIMITS.default);
  const query = useAnalysisProjections(analysisId, appliedRate, generated);

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex items-center gap-2">
          <LineChartIcon className="size-5 text-primary" aria-hidden />
          <h2 className="text-lg">Análise Preditiva</h2>
        </CardTitle>
        <CardDescription>
          Preço em 6 meses, 1 e 2 anos pelo IPCA mais uma taxa real que você escolhe, avaliação de risco e recomendação por regras explícitas.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5 px-4 sm:px-6">
        {!analysisId ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            Inicie uma análise para ver os cenários de preço e a recomendação.
          </p>
        ) : (
          <>
            <form
              className="flex flex-wrap items-end gap-3"
              onSubmit={(e) => {
                e.preventDefault();
                if (!valid) return;
                setAppliedRate(Math.round(parsed * 100) / 10000);
                setGenerated(true);
              }}
            >
              <div className="space-y-1">
                <Label htmlFor="real-rate">Valorização real (% a.a., acima do IPCA)</Label>
                <Input
                  id="real-rate"
                  inputMode="decimal"
                  className="w-40"
                  value={ratePercent}
                  onChange={(e) => setRatePercent(e.target.value)}
                  aria-invalid={!valid}
                  aria-describedby="real-rate-hint"
                />
              </div>
              {!generated ? (
                <Button type="submit" disabled={!valid}>
                  <Sparkles aria-hidden />
                  Gerar Análise Preditiva
                </Button>
              ) : (
                <Button type="submit" variant="outline" disabled={!valid || query.isFetching}>
                  Recalcular cenário
                </Button>
              )}
              <p id="real-rate-hint" className={valid ? 'w-full text-xs text-muted-foreground' : 'w-full text-xs text-destructive'}>
                {valid ? 'Entre −10% e 10%. 0% mantém o valor real (acompanha a inflação).' : 'A taxa real deve ficar entre -10% e 10% ao ano'}
              </p>
            </form>
            {generated && query.isFetching && (
              <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
                <Spinner className="size-4" /> Analisando...
              </p>
            )}
            {generated && query.isError && (
              <QueryError title="Não foi possível gerar a análise preditiva" error={query.error} onRetry={() => void query.refetch()} />
            )}
            {generated && query.data && <Result p={query.data} />}
          </>
        )}
      </CardContent>
    </Card>
  );
}
