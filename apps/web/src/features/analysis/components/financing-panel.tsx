import type { Figure, FinancialResult, FinancingSchedule } from '@viabiliza/contracts/analysis-result';
import { Landmark } from 'lucide-react';

import { figureDisplay, sourceLabel } from '@/features/analysis/utils/figures';
import { ScrollTable } from '@/components/scroll-table';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatCurrency, formatFractionPercent } from '@/lib/format';

type Financing = NonNullable<FinancialResult['financing']>;

const REGIME_HINT: Record<NonNullable<Financing['regime']>, string> = {
  SFH: 'Sistema Financeiro da Habitação: imóvel residencial dentro do teto, juros limitados.',
  SFI: 'Sistema de Financiamento Imobiliário: residencial acima do teto do SFH, sem limite de juros.',
  'Crédito comercial': 'Imóvel não residencial: crédito comercial, com cota, taxa e prazo estimados.',
};

/** Monthly rates are small (0,0289 %): four decimals, so they do not print as '0,0%'. */
function monthlyRate(figure: Figure | undefined): string {
  if (!figure || figure.value === null) return '—';
  return `${formatFractionPercent(figure.value, 4)} ao mês`;
}

function money(v: number | undefined): string {
  return typeof v === 'number' && Number.isFinite(v) ? formatCurrency(v) : '—';
}

function Box({ label, figure, text }: { label: string; figure: Figure | undefined; text?: string }) {
  const shown = figureDisplay(figure);
  return (
    <div className="min-w-0 rounded-lg border p-3 break-words">
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-lg font-semibold tabular-nums">{text ?? shown.text}</p>
      {shown.note && <p className="mt-1 text-xs text-muted-foreground">{shown.note}</p>}
      {figure && figure.value !== null && <p className="mt-1 text-xs text-muted-foreground">{sourceLabel(figure.source)}</p>}
    </div>
  );
}

interface SystemColumn {
  label: string;
  ltv: Figure | undefined;
  down: Figure | undefined;
  loan: Figure | undefined;
  cet: Figure | undefined;
  schedule: FinancingSchedule;
}

/** The rows of the SAC × Price table: what a person compares before choosing a system. */
export function financingTableRows(f: Financing): { label: string; values: [string, string] }[] {
  const cols: [SystemColumn, SystemColumn] = [
    { label: 'SAC', ltv: f.ltvMax?.SAC, down: f.downPaymentBySystem?.SAC ?? f.downPayment, loan: f.loanBySystem?.SAC ?? f.loanAmount, cet: f.cet?.SAC, schedule: f.sac },
    { label: 'Price', ltv: f.ltvMax?.PRICE, down: f.downPaymentBySystem?.PRICE, loan: f.loanBySystem?.PRICE, cet: f.cet?.PRICE, schedule: f.price },
  ];
  const row = (label: string, pick: (c: SystemColumn) => string) => ({ label, values: [pick(cols[0]), pick(cols[1])] as [string, string] });
  return [
    row('Cota máxima', (c) => figureDisplay(c.ltv).text),
    row('Entrada', (c) => figureDisplay(c.down).text),
    row('Valor financiado', (c) => figureDisplay(c.loan).text),
    row('1ª parcela (com seguros e tarifa)', (c) => money(c.schedule.firstPaymentTotal ?? c.schedule.firstPayment)),
    row('Última parcela', (c) => money(c.schedule.lastPaymentTotal ?? c.schedule.lastPayment)),
    row('Total de juros', (c) => money(c.schedule.totalInterest)),
    row('Correção pela TR', (c) => money(c.schedule.totalCorrection ?? 0)),
    row('Seguros MIP + DFI', (c) => money(c.schedule.totalInsurance ?? 0)),
    row('Tarifas', (c) => money(c.schedule.totalFees ?? 0)),
    row('Total pago', (c) => money(c.schedule.totalPaidAll ?? c.schedule.totalPaid)),
    row('CET (custo efetivo total)', (c) => figureDisplay(c.cet).text),
  ];
}

/** 'Financiamento': regime (SFH/SFI/comercial), LTV per system, SAC × Price with insurance, TR and CET. */
export function FinancingPanel({ financing }: { financing: Financing | null | undefined }) {
  if (!financing) return null;
  const f = financing;
  const rows = financingTableRows(f);
  const ins = f.insurance;
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex flex-wrap items-center gap-2">
          <Landmark className="size-5 text-primary" aria-hidden />
          <h2 className="text-lg">Financiamento</h2>
          {f.regime && <Badge variant={f.regime === 'SFH' ? 'secondary' : 'outline'}>{f.regime}</Badge>}
        </CardTitle>
        <CardDescription>{f.regime ? REGIME_HINT[f.regime] : 'Financiamento nos sistemas SAC e Price.'}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 px-4 sm:px-6">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Box label="Taxa de juros" figure={f.rateAnnual} />
          <Box label="Prazo" figure={f.termMonths} />
          <Box label="TR sobre o saldo" figure={f.tr} text={monthlyRate(f.tr)} />
          <Box label="Teto do SFH" figure={f.sfhCeiling} />
        </div>
        <ScrollTable label="Comparação SAC × Price">
          <table className="w-full text-xs sm:text-sm">
            <caption className="sr-only">Comparação SAC × Price</caption>
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th scope="col" className="py-2 pr-2 font-medium" />
                <th scope="col" className="py-2 pr-2 text-right font-medium">SAC</th>
                <th scope="col" className="py-2 text-right font-medium">Price</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.label} className="border-b last:border-0">
                  <th scope="row" className="py-2 pr-2 text-left font-normal">{r.label}</th>
                  <td className="py-2 pr-2 text-right whitespace-nowrap tabular-nums">{r.values[0]}</td>
                  <td className="py-2 text-right whitespace-nowrap tabular-nums">{r.values[1]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollTable>
        {ins && (
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <Box label="Seguro MIP (sobre o saldo)" figure={ins.mipRateMonthly} text={monthlyRate(ins.mipRateMonthly)} />
            <Box label="Seguro DFI (sobre o valor do imóvel)" figure={ins.dfiRateMonthly} text={monthlyRate(ins.dfiRateMonthly)} />
            <Box label="Tarifa mensal" figure={ins.adminFeeMonthly} />
            <Box label="Idade considerada (MIP)" figure={ins.borrowerAge} />
          </div>
        )}
        {f.notes && f.notes.length > 0 && (
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {f.notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
