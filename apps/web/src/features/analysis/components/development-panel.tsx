import type { DevelopmentResult, Figure } from '@viabiliza/contracts/analysis-result';
import { Building2 } from 'lucide-react';

import { figureDisplay, sourceLabel } from '@/features/analysis/utils/figures';
import { ScrollTable } from '@/components/scroll-table';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCurrency, formatFractionPercent } from '@/lib/format';

const LAND_DEAL: Record<string, string> = {
  cash: 'Terreno à vista',
  'permuta-fisica': 'Permuta física',
  'permuta-financeira': 'Permuta financeira',
};
const TAX: Record<string, string> = { ret: 'RET 4 %', 'ret-mcmv': 'RET 1 % (MCMV)', presumido: 'Lucro presumido' };
const GROUPS: Record<string, string> = {
  land: 'Terreno',
  works: 'Obra (CUB e o que o CUB não inclui)',
  indirect: 'Custos indiretos',
  sales: 'Vendas e impostos',
  finance: 'Financiamento',
};

function Box({ label, figure }: { label: string; figure: Figure | undefined }) {
  const shown = figureDisplay(figure);
  return (
    <div className="min-w-0 rounded-lg border p-3">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-lg font-semibold tabular-nums">{shown.text}</p>
      {shown.note && <p className="mt-1 text-xs text-muted-foreground">{shown.note}</p>}
      {figure && figure.value !== null && <p className="mt-1 text-xs break-words text-muted-foreground">{sourceLabel(figure.source)}</p>}
    </div>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/**
 * 'Incorporação' (issue 17): the development as an incorporadora reads it — phases, budget lines,
 * funding and peak exposure, residual land value to the target margin and to the TMA, break-evens.
 */
export function DevelopmentPanel({ development }: { development: DevelopmentResult | null | undefined }) {
  const d = development;
  const x = d?.detail;
  if (!d || !x) return null;
  const grid = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-3';
  const groups = [...new Set(x.budget.map((b) => b.group))];
  return (
    <Card data-testid="development-panel">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex flex-wrap items-center gap-2">
          <Building2 className="size-5 text-primary" aria-hidden />
          <h2 className="text-lg">Incorporação</h2>
          <Badge variant="secondary">{LAND_DEAL[x.landDeal] ?? x.landDeal}</Badge>
          <Badge variant="secondary">{TAX[x.taxRegime] ?? x.taxRegime}</Badge>
        </CardTitle>
        <CardDescription>
          Modelo mensal nominal: aprovação, obra em curva S, vendas na planta com correção pelo INCC, distratos, plano empresário.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6 px-4 sm:px-6">
        <Section title="Resultado">
          <div className={grid}>
            <Box label="VGV bruto" figure={x.vgvGross} />
            <Box label="VGV líquido (receitas)" figure={d.vgv} />
            <Box label="Custo total" figure={d.totalCost} />
            <Box label="Margem sobre VGV" figure={d.marginOnVgv} />
            <Box label="Margem sobre custo" figure={d.marginOnCost} />
            <Box label="Lucro" figure={d.profit} />
            <Box label="TIR do projeto" figure={x.projectIrr} />
            <Box label="VPL do projeto à TMA" figure={x.projectNpv} />
            <Box label="TIR do capital próprio" figure={x.equityIrr} />
          </div>
        </Section>

        <Section title="Cronograma">
          <ol className="grid gap-2 sm:grid-cols-3">
            {x.phases.map((p) => (
              <li key={p.id} className="rounded-lg border p-3 text-sm">
                <span className="font-medium">{p.label}</span>
                <span className="block text-muted-foreground tabular-nums">
                  {p.months} meses (mês {p.startMonth} a {p.endMonth})
                </span>
              </li>
            ))}
          </ol>
          <p className="text-xs text-muted-foreground">
            Entrega (chaves e repasse) no mês {x.deliveryMonth}. Fluxo na planta: sinal {formatFractionPercent(x.paymentFlow.signal, 0)}, mensais{' '}
            {formatFractionPercent(x.paymentFlow.monthly, 0)}, reforços {formatFractionPercent(x.paymentFlow.balloons, 0)}, chaves{' '}
            {formatFractionPercent(x.paymentFlow.keys, 0)}, repasse {formatFractionPercent(x.paymentFlow.repasse, 0)}.
          </p>
        </Section>

        <Section title="Orçamento">
          <ScrollTable label="Orçamento do empreendimento">
            <table className="w-full text-sm">
              <caption className="sr-only">Linhas do orçamento do empreendimento</caption>
              <thead>
                <tr className="border-b text-left text-xs text-muted-foreground">
                  <th scope="col" className="py-1 pr-2 font-medium">Linha</th>
                  <th scope="col" className="py-1 text-right font-medium">Valor</th>
                </tr>
              </thead>
              {groups.map((g) => (
                <tbody key={g}>
                  <tr>
                    <th scope="rowgroup" colSpan={2} className="pt-3 pb-1 text-left text-xs font-semibold text-muted-foreground">
                      {GROUPS[g] ?? g}
                    </th>
                  </tr>
                  {x.budget
                    .filter((b) => b.group === g)
                    .map((b) => (
                      <tr key={b.id} className="border-b last:border-0" title={b.formula}>
                        <td className="py-1 pr-2">{b.label}</td>
                        <td className="py-1 text-right tabular-nums">{formatCurrency(b.value)}</td>
                      </tr>
                    ))}
                </tbody>
              ))}
            </table>
          </ScrollTable>
        </Section>

        <Section title="Financiamento e exposição">
          <div className={grid}>
            <Box label="Exposição máxima (projeto)" figure={d.peakExposure} />
            <Box label="Exposição máxima do capital próprio" figure={x.peakEquity} />
            <Box label="Dívida máxima (plano empresário)" figure={x.peakDebt} />
            <Box label="Juros pagos" figure={x.interestPaid} />
            <Box label="Distratos" figure={x.distratoValue} />
            <Box label="Correção INCC das parcelas" figure={x.inccCorrection} />
          </div>
        </Section>

        <Section title="Valor residual do terreno e pontos de equilíbrio">
          <div className={grid}>
            <Box label="Residual à margem-alvo" figure={x.rlvTargetMargin} />
            <Box label="Residual à TIR = TMA" figure={x.rlvTargetIrr} />
            <Box label="Custo do terreno" figure={d.landCost} />
            <Box label="Preço mínimo (R$/m²)" figure={x.breakEvenPricePerSqm} />
            <Box label="CUB máximo (R$/m²)" figure={x.breakEvenCostPerSqm} />
            <Box label="Atraso máximo (meses)" figure={x.maxDelayMonths} />
          </div>
        </Section>

        {x.notes.length > 0 && (
          <ul className="list-disc space-y-1 pl-5 text-xs text-muted-foreground">
            {x.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
