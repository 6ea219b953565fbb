import type { AnalysisResult, Figure, FinancialResult } from '@viabiliza/contracts/analysis-result';
import { Receipt, ShieldAlert } from 'lucide-react';

import { figureDisplay, sourceLabel } from '@/features/analysis/utils/figures';
import { ScrollTable } from '@/components/scroll-table';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCurrency, formatDecimal, formatFractionPercent } from '@/lib/format';

type AfterTax = NonNullable<FinancialResult['afterTax']>;
type Stress = NonNullable<AnalysisResult['stress']>;

const OWNER: Record<AfterTax['ownerType'], string> = {
  pf: 'Pessoa física (carnê-leão)',
  pj: 'Pessoa jurídica (lucro presumido)',
  none: 'Sem imposto (premissa)',
};

function Box({ label, figure, text }: { label: string; figure: Figure | undefined; text?: string }) {
  const shown = figureDisplay(figure);
  return (
    <div className="min-w-0 rounded-lg border p-3 break-words">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-lg font-semibold tabular-nums">{text ?? shown.text}</p>
      {shown.note && <p className="mt-1 text-xs text-muted-foreground">{shown.note}</p>}
      {figure && figure.value !== null && !shown.note && <p className="mt-1 text-xs text-muted-foreground">{sourceLabel(figure.source)}</p>}
    </div>
  );
}

function dscrText(f: Figure | undefined): string | undefined {
  return f && typeof f.value === 'number' ? `${formatDecimal(f.value, 2)}×` : undefined;
}

/** 'Mês 37' or 'Mês 37; volta a ficar negativo no mês 120'. */
export function paybackText(p: AfterTax['payback']): string {
  if (p.firstPositiveMonth === null) return 'Não se paga no horizonte';
  return p.negativeAgainMonth === null ? `Mês ${p.firstPositiveMonth}` : `Mês ${p.firstPositiveMonth}; negativo de novo no mês ${p.negativeAgainMonth}`;
}

/** Rows of the stress table: scenario, NPV, change vs base, IRR (and margin for a development). */
export function stressRows(stress: Stress): { id: string; label: string; npv: string; delta: string; irr: string; margin: string }[] {
  const money = (v: number | null) => (v === null ? '—' : formatCurrency(v));
  const pct = (v: number | null) => (v === null ? '—' : formatFractionPercent(v, 1));
  return stress.scenarios.map((s) => ({
    id: s.id,
    label: s.label,
    npv: money(s.npv),
    delta: s.id === 'base' ? '—' : money(s.npvDelta),
    irr: pct(s.irr),
    margin: pct(s.margin),
  }));
}

/** 'Após impostos': tax on rent and on the sale, unlevered/levered IRR, DSCR, break-evens, payback. */
export function AfterTaxPanel({ afterTax }: { afterTax: AfterTax | null | undefined }) {
  if (!afterTax) return null;
  const t = afterTax;
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex flex-wrap items-center gap-2">
          <Receipt className="size-5 text-primary" aria-hidden />
          <h2 className="text-lg">Após impostos e ao longo do tempo</h2>
        </CardTitle>
        <CardDescription>
          {OWNER[t.ownerType]} · aluguel reajustado pelo {t.rentIndex === 'igpm' ? 'IGP-M' : 'IPCA'} · TMA {figureDisplay(t.hurdleRate).text}
        </CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6 space-y-4">
        {t.irrWarnings.map((w) => (
          <p key={w} role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            {w}
          </p>
        ))}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Box label="Aluguel recebido no 1º ano" figure={t.grossRentYear1} />
          <Box label="NOI do 1º ano" figure={t.noiYear1} />
          <Box label="Imposto sobre o aluguel (1º ano)" figure={t.rentTaxYear1} />
          <Box label="Custos de venda na saída" figure={t.exitCosts} />
          <Box label="TIR sem financiamento" figure={t.unleveredIrr} />
          <Box label={t.leveredIrr.label} figure={t.leveredIrr} />
          <Box label="VPL sem financiamento" figure={t.unleveredNpv} />
          <Box label="Payback descontado" figure={t.discountedPaybackMonths} />
          <Box label="Aluguel de equilíbrio (VPL = 0)" figure={t.breakEvenRent} />
          <Box label="Preço máximo (VPL = 0)" figure={t.maxPrice} />
          <Box label="DSCR mínimo / médio" figure={t.dscrMin} {...(dscrText(t.dscrMin) ? { text: `${dscrText(t.dscrMin)} / ${dscrText(t.dscrAverage) ?? '—'}` } : {})} />
          <Box label="Payback simples" figure={undefined} text={paybackText(t.payback)} />
        </div>
        <ul className="list-disc space-y-1 pl-5 text-xs text-muted-foreground">
          {t.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** 'Testes de estresse': the standard downside on the primary model, beside the base case. */
export function StressPanel({ stress }: { stress: Stress | null | undefined }) {
  if (!stress) return null;
  const rows = stressRows(stress);
  const dev = stress.model === 'development';
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex flex-wrap items-center gap-2">
          <ShieldAlert className="size-5 text-primary" aria-hidden />
          <h2 className="text-lg">Testes de estresse</h2>
        </CardTitle>
        <CardDescription>O cenário base e cada choque padrão, um de cada vez e todos juntos.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6 space-y-3">
        <ScrollTable label="Testes de estresse">
          <table className="w-full min-w-[28rem] text-sm">
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">Cenário</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">VPL</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">Δ VPL</th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">TIR</th>
                {dev && <th scope="col" className="py-2 text-right font-medium">Margem</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b last:border-0">
                  <th scope="row" className="py-2 pr-3 text-left font-normal">{r.label}</th>
                  <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{r.npv}</td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{r.delta}</td>
                  <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">{r.irr}</td>
                  {dev && <td className="py-2 text-right whitespace-nowrap tabular-nums">{r.margin}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
        <ul className="list-disc space-y-1 pl-5 text-xs text-muted-foreground">
          {stress.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
