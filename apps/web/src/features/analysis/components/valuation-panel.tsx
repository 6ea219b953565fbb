import type { Figure, MarketResult } from '@viabiliza/contracts/analysis-result';
import { Scale } from 'lucide-react';

import { useAnalysisIntelligence } from '@/features/analysis/api/get-analysis-intelligence';
import { MarketComparables, NoMarketReference } from '@/features/analysis/components/market-comparables';
import { ValuationSteps } from '@/features/analysis/components/valuation-explanation';
import { figureDisplay, sourceLabel } from '@/features/analysis/utils/figures';
import type { ShownAnalysis } from '@/features/analysis/utils/result';
import { valuationLayout } from '@/features/analysis/utils/valuation';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCompactCurrency } from '@/lib/format';

const POSITION_LABELS: Record<MarketResult['position'], string> = {
  acima: 'Acima da referência',
  alinhado: 'Alinhado à referência',
  abaixo: 'Abaixo da referência',
  indeterminado: 'Sem comparação possível',
};

function FigureBox({ label, figure, emphasis }: { label: string; figure: Figure | null | undefined; emphasis?: boolean }) {
  const shown = figureDisplay(figure);
  return (
    // min-w-0 and break-words: a long source name wraps inside the box instead of widening the page (375 px).
    <div className={emphasis ? 'min-w-0 rounded-lg border border-primary/40 bg-primary/5 p-3 break-words' : 'min-w-0 rounded-lg border p-3 break-words'}>
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className={emphasis ? 'text-lg font-bold tabular-nums' : 'text-lg font-semibold tabular-nums'}>{shown.text}</p>
      {shown.note && <p className="mt-1 text-xs text-muted-foreground">{shown.note}</p>}
      {figure && figure.value !== null && <p className="mt-1 text-xs text-muted-foreground">{sourceLabel(figure.source)}</p>}
    </div>
  );
}

function RangeBar({ low, mid, high, asked }: { low: number; mid: number; high: number; asked: number | null }) {
  const layout = valuationLayout(low, mid, high, asked);
  if (!layout) return null;
  return (
    <div className="space-y-2" aria-hidden>
      <div className="relative h-10">
        <div className="absolute top-4 right-0 left-0 h-2 rounded-full bg-muted" />
        <div
          className="absolute top-4 h-2 rounded-full bg-primary/30"
          style={{ left: `${layout.low}%`, width: `${layout.high - layout.low}%` }}
        />
        <div className="absolute top-2 h-6 w-1 -translate-x-1/2 rounded bg-primary" style={{ left: `${layout.mid}%` }} />
        {layout.asked !== null && (
          <div
            className="absolute top-1 h-8 w-1 -translate-x-1/2 rounded bg-amber-500"
            style={{ left: `${layout.asked}%` }}
          />
        )}
      </div>
      <div className="relative h-4 text-xs text-muted-foreground tabular-nums">
        {/* The bar's ends sit near the edges: labels there grow inward so they stay inside the card. */}
        <span className="absolute" style={{ left: `${layout.low}%`, transform: layout.low < 15 ? undefined : 'translateX(-50%)' }}>
          {formatCompactCurrency(low)}
        </span>
        <span className="absolute" style={{ left: `${layout.high}%`, transform: layout.high > 85 ? 'translateX(-100%)' : 'translateX(-50%)' }}>
          {formatCompactCurrency(high)}
        </span>
      </div>
    </div>
  );
}

/** 'Avaliação': the engine's value range (low, likely, high) and its notes, shown as written. */
export function ValuationPanel({ analysis }: { analysis: ShownAnalysis }) {
  const market = analysis.result?.market ?? null;
  const valuation = market?.valuation ?? null;
  const asked = analysis.result?.financial?.price?.value ?? null;
  const values = valuation ? [valuation.low.value, valuation.mid.value, valuation.high.value] : [];
  const complete = values.length === 3 && values.every((v): v is number => v !== null);
  // A saved analysis gets the range taken apart by the engine on the server.
  const explained = useAnalysisIntelligence(analysis.kind === 'saved' && market ? analysis.id : null).data?.valuation;

  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex items-center gap-2">
          <Scale className="size-5 text-primary" aria-hidden />
          <h2 className="text-lg">Avaliação</h2>
        </CardTitle>
        <CardDescription>Faixa de valor estimada a partir da referência de mercado (comparáveis informados ou índice da cidade para imóveis residenciais) e da área do imóvel.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6 space-y-5">
        {!market ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            Esta análise não inclui avaliação de mercado. Escolha o tipo Completa ou Mercado para obtê-la.
          </p>
        ) : (
          <>
            <NoMarketReference market={market} />
            {valuation ? (
              <>
                <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                  <FigureBox label="Valor mínimo" figure={valuation.low} />
                  <FigureBox label="Valor provável" figure={valuation.mid} emphasis />
                  <FigureBox label="Valor máximo" figure={valuation.high} />
                </div>
                {complete && (
                  <div className="space-y-2">
                    <RangeBar low={values[0]!} mid={values[1]!} high={values[2]!} asked={asked} />
                    <div className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
                      <span className="flex items-center gap-1.5">
                        <span className="inline-block h-3 w-1 rounded bg-primary" aria-hidden /> Valor provável
                      </span>
                      {asked !== null && (
                        <span className="flex items-center gap-1.5">
                          <span className="inline-block h-3 w-1 rounded bg-amber-500" aria-hidden /> Valor pretendido:{' '}
                          {figureDisplay(analysis.result?.financial?.price).text}
                        </span>
                      )}
                    </div>
                  </div>
                )}
              </>
            ) : (
              <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
                Não há dados suficientes para estimar a faixa de valor.
              </p>
            )}
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
              <FigureBox label="Preço pedido por m²" figure={market.askedPricePerSqm} />
              <FigureBox label="Referência por m²" figure={market.referencePricePerSqm} />
              <div className="rounded-lg border p-3">
                <p className="text-xs text-muted-foreground">Diferença para a referência</p>
                <p className="text-lg font-semibold tabular-nums">{figureDisplay(market.deviation).text}</p>
                <Badge variant="outline" className="mt-1">
                  {POSITION_LABELS[market.position] ?? market.position}
                </Badge>
              </div>
            </div>
          </>
        )}
        {market && <MarketComparables market={market} />}
        {explained && <ValuationSteps valuation={explained} />}
        {market && market.notes.length > 0 && (
          <section aria-labelledby="valuation-notes" className="space-y-2 rounded-lg bg-muted/50 p-4">
            <h3 id="valuation-notes" className="text-sm font-semibold">
              Notas da avaliação
            </h3>
            <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="valuation-notes">
              {market.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
