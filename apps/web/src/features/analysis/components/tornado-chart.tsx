import type { AssumptionOverrides } from '@viabiliza/contracts/analysis';
import type { AnalysisResult } from '@viabiliza/contracts/analysis-result';
import type { EngineInputResponse } from '@viabiliza/contracts/engine-input';
import { useEffect, useState } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

import {
  primaryNpv,
  tornadoBar,
  tornadoCandidates,
  type BrowserEngine,
  type TornadoBar,
} from '@/features/analysis/utils/engine-in-browser';
import { formatValue } from '@/features/analysis/utils/figures';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatCompactCurrency, formatCurrency } from '@/lib/format';

const LOW = 'oklch(0.577 0.245 27.325)';
const HIGH = 'oklch(0.596 0.145 163.225)';
/** Bars shown: the assumptions that move the NPV most. */
const TOP = 10;
/** Wait for the sliders to settle before the 2 × N engine runs. */
const SETTLE_MS = 300;

/**
 * The tornado of the sensitivities: the primary model's NPV with each assumption at −10 % and +10 %
 * of the scenario's value, computed with the engine in the browser one assumption per task (the page
 * stays responsive), ranked by the largest swing.
 */
export function TornadoPanel({
  engine,
  response,
  overrides,
  result,
}: {
  engine: BrowserEngine;
  response: EngineInputResponse;
  overrides: AssumptionOverrides;
  result: AnalysisResult;
}) {
  const base = primaryNpv(result);
  const [state, setState] = useState<{ key: AnalysisResult; bars: TornadoBar[]; done: boolean } | null>(null);

  useEffect(() => {
    if (base === null) return;
    const candidates = tornadoCandidates(result);
    const bars: TornadoBar[] = [];
    let i = 0;
    let timer: ReturnType<typeof setTimeout>;
    const step = () => {
      const next = candidates[i++];
      if (!next) {
        setState({ key: result, bars: [...bars], done: true });
        return;
      }
      bars.push(tornadoBar(engine, response, overrides, next, base));
      timer = setTimeout(step, 0);
    };
    timer = setTimeout(step, SETTLE_MS);
    return () => clearTimeout(timer);
  }, [engine, response, overrides, result, base]);

  if (base === null) return null;
  const ready = state?.key === result && state.done ? state.bars : null;
  const bars = (ready ?? [])
    .filter((b) => b.swing > 0)
    .sort((a, b) => b.swing - a.swing)
    .slice(0, TOP);
  const data = bars.map((b) => ({
    label: b.label,
    low: b.low === null ? 0 : b.low - base,
    high: b.high === null ? 0 : b.high - base,
  }));

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h3 className="text-base">Sensibilidades (tornado)</h3>
        </CardTitle>
        <CardDescription>
          Quanto o VPL do cenário ({formatCurrency(base)}) muda com cada premissa 10 % abaixo e 10 % acima do seu valor, das que mais pesam para as que menos
          pesam.
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        {!ready ? (
          <Skeleton role="status" aria-label="Calculando sensibilidades" className="h-80 w-full" />
        ) : bars.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhuma premissa desta análise altera o VPL quando varia 10 %.</p>
        ) : (
          <figure className="min-w-0 space-y-2" data-testid="tornado-chart">
            <div className="w-full" style={{ height: Math.max(220, 34 * data.length + 70) }} aria-hidden>
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={data} layout="vertical" stackOffset="sign" margin={{ top: 4, right: 12, bottom: 4, left: 4 }}>
                  <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                  <XAxis type="number" tickFormatter={(v: number) => formatCompactCurrency(v)} fontSize={11} />
                  <YAxis type="category" dataKey="label" width={120} fontSize={11} tickFormatter={(v: string) => (v.length > 22 ? `${v.slice(0, 21)}…` : v)} />
                  <Tooltip formatter={(v) => formatCurrency(Number(v))} />
                  <Legend />
                  <ReferenceLine x={0} stroke="currentColor" />
                  <Bar dataKey="low" name="Premissa −10 %" fill={LOW} stackId="npv" isAnimationActive={false} />
                  <Bar dataKey="high" name="Premissa +10 %" fill={HIGH} stackId="npv" isAnimationActive={false} />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <div className="overflow-x-auto">
              <table className="w-full min-w-[22rem] text-xs">
                <caption className="sr-only">Variação do VPL por premissa</caption>
                <thead>
                  <tr className="border-b text-left text-muted-foreground">
                    <th scope="col" className="py-1 pr-2 font-medium">Premissa</th>
                    <th scope="col" className="py-1 pr-2 text-right font-medium">−10 %</th>
                    <th scope="col" className="py-1 text-right font-medium">+10 %</th>
                  </tr>
                </thead>
                <tbody>
                  {bars.map((b) => (
                    <tr key={b.id} className="border-b last:border-0">
                      <th scope="row" className="py-1 pr-2 text-left font-normal">{b.label}</th>
                      <td className="py-1 pr-2 text-right whitespace-nowrap tabular-nums">{b.low === null ? '—' : formatValue(b.low - base, 'BRL')}</td>
                      <td className="py-1 text-right whitespace-nowrap tabular-nums">{b.high === null ? '—' : formatValue(b.high - base, 'BRL')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </figure>
        )}
      </CardContent>
    </Card>
  );
}
