import type { MarketResult, ViabilityScore } from '@viabiliza/contracts/analysis-result';
import { AlertTriangle, Info } from 'lucide-react';

import { StackedTable } from '@/components/stacked-table';
import { formatCurrency, formatNumber } from '@/lib/format';

type Stats = NonNullable<NonNullable<MarketResult['comparables']>['sale']>;

/** 'Sem referência de mercado para este tipo': said plainly on the market card, with what to do. */
export function NoMarketReference({ market }: { market: MarketResult }) {
  if (!market.noReference) return null;
  return (
    <p className="flex gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" role="note" data-testid="no-market-reference">
      <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        <strong>{market.noReference}.</strong> Os índices da base são residenciais. Informe comparáveis no questionário (endereço, área, preço, data) para obter a
        referência e a faixa de valor.
      </span>
    </p>
  );
}

function StatsBlock({ stats }: { stats: Stats }) {
  const unit = stats.kind === 'aluguel' ? 'R$/m² ao mês' : 'R$/m²';
  const rows: [string, number][] = [
    ['Mediana', stats.median],
    ['Média', stats.mean],
    ['Mínimo', stats.min],
    ['Máximo', stats.max],
    ['1º quartil', stats.q1],
    ['3º quartil', stats.q3],
    ['Intervalo interquartil', stats.iqr],
  ];
  return (
    <section className="space-y-3" aria-label={`Comparáveis de ${stats.kind}`}>
      <h3 className="text-sm font-semibold">
        Comparáveis de {stats.kind === 'aluguel' ? 'aluguel' : 'venda'} ({stats.n}) · {unit}
      </h3>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid={`comparables-stats-${stats.kind}`}>
        {rows.map(([label, value]) => (
          <div key={label} className="rounded-md border p-2">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="font-semibold tabular-nums">{formatCurrency(value)}</dd>
          </div>
        ))}
      </dl>
      {/* Cards on a phone (each value under its column's name), a table from 640 px: no column cut at 375 px. */}
      <StackedTable
        caption="Comparáveis de mercado"
        columns={['Endereço', 'Área', unit, 'Data', 'Fonte']}
        rows={stats.items.map((c, i) => ({
          key: `${c.address}-${i}`,
          cells: [
            <>
              {c.address}
              {c.flag && (
                <span className="mt-1 flex gap-1 text-xs text-amber-800">
                  <AlertTriangle className="size-3.5 shrink-0" aria-hidden /> {c.flag}
                </span>
              )}
            </>,
            <span className="whitespace-nowrap tabular-nums">{formatNumber(c.area)} m²</span>,
            <span className="whitespace-nowrap tabular-nums">{formatCurrency(c.pricePerSqm)}</span>,
            <span className="tabular-nums">{c.date.split('-').reverse().join('/')}</span>,
            c.source ?? 'Informado pelo usuário',
          ],
        }))}
      />
    </section>
  );
}

/** The comparables' R$/m² statistics (sale and rent) with each comparable, its date and its source. */
export function MarketComparables({ market }: { market: MarketResult }) {
  const c = market.comparables;
  if (!c || (!c.sale && !c.rent)) return null;
  return (
    <div className="space-y-5" data-testid="market-comparables">
      {c.sale && <StatsBlock stats={c.sale} />}
      {c.rent && <StatsBlock stats={c.rent} />}
    </div>
  );
}

/** Why the band was capped ('VPL negativo à TMA…') or withheld ('Dados insuficientes'). */
export function ScoreCapNote({ score }: { score: ViabilityScore }) {
  if (!score.cap) return null;
  return (
    <p className="text-xs text-muted-foreground" data-testid="score-cap">
      {score.cap.band === 'insuficiente' ? 'Sem conclusão: ' : 'Faixa limitada a baixa: '}
      {score.cap.reasons.join(' ')}
    </p>
  );
}
