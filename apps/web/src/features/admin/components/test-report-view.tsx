import { CheckCircle2, CircleSlash, Download, XCircle } from 'lucide-react';
import { testVerdict, type TestCheck, type TestReport } from '@viabiliza/contracts/admin-console';

import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { downloadTextFile } from '@/lib/download';
import { formatDateTime, formatDecimal, formatNumber } from '@/lib/format';

const SUITE_LABELS: Record<TestReport['suite'], string> = {
  all: 'Todos os testes',
  smoke: 'Smoke tests',
  e2e: 'E2E',
  scenarios: 'Dados reais',
};

const VERDICT = {
  approved: { label: 'Aprovado', className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' },
  warning: { label: 'Com avisos', className: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200' },
  failed: { label: 'Reprovado', className: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200' },
};

export function exportReport(report: TestReport) {
  const stamp = report.createdAt.slice(0, 19).replace(/[:T]/g, '-');
  downloadTextFile(`relatorio-testes-${report.suite}-${stamp}.json`, JSON.stringify(report, null, 2));
}

function CheckRow({ check }: { check: TestCheck }) {
  const Icon = check.status === 'passed' ? CheckCircle2 : check.status === 'failed' ? XCircle : CircleSlash;
  const color = check.status === 'passed' ? 'text-emerald-600' : check.status === 'failed' ? 'text-red-600' : 'text-muted-foreground';
  return (
    <li className="flex items-start gap-3 py-2" data-status={check.status}>
      <Icon className={`mt-0.5 size-4 shrink-0 ${color}`} aria-label={check.status === 'passed' ? 'Passou' : check.status === 'failed' ? 'Falhou' : 'Ignorado'} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="font-medium">{check.name}</p>
          <span className="text-xs text-muted-foreground tabular-nums">{formatNumber(Math.round(check.durationMs))} ms</span>
        </div>
        {check.error && <p className="text-sm break-words text-red-700 dark:text-red-300">{check.error}</p>}
        {check.details.length > 0 && (
          <ul className="mt-1 list-disc pl-4 text-xs text-muted-foreground">
            {check.details.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** One stored report: counts, success rate against the 90/70 thresholds, and each check with its duration and error. */
export function TestReportView({ report }: { report: TestReport }) {
  const verdict = VERDICT[testVerdict(report.successRate)];
  const groups = [...new Set(report.results.map((r) => r.group))];
  return (
    <div className="space-y-4" data-testid="test-report">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline">{SUITE_LABELS[report.suite]}</Badge>
          <Badge className={verdict.className}>{verdict.label}</Badge>
          <span className="text-sm text-muted-foreground">{formatDateTime(report.createdAt)}</span>
        </div>
        <Button variant="outline" size="sm" onClick={() => exportReport(report)}>
          <Download aria-hidden /> Exportar relatório
        </Button>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Total', formatNumber(report.total)],
          ['Passaram', formatNumber(report.passed)],
          ['Falharam', formatNumber(report.failed)],
          ['Tempo', `${formatDecimal(report.durationMs / 1000)} s`],
        ].map(([label, value]) => (
          <div key={label} className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-xl font-bold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="space-y-1">
        <div className="flex justify-between text-sm">
          <span>Taxa de sucesso</span>
          <span className="font-medium tabular-nums">{formatDecimal(report.successRate)}%</span>
        </div>
        <Progress value={report.successRate} aria-label={`Taxa de sucesso ${formatDecimal(report.successRate)}%`} />
      </div>
      {groups.map((g) => (
        <section key={g}>
          <h4 className="text-sm font-semibold">{g}</h4>
          <ul className="divide-y">
            {report.results
              .filter((r) => r.group === g)
              .map((r) => (
                <CheckRow key={r.id} check={r} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

export function TestHistory({ reports }: { reports: TestReport[] }) {
  if (!reports.length) return <p className="text-sm text-muted-foreground">Nenhum relatório anterior.</p>;
  return (
    <ul className="divide-y">
      {reports.map((r) => (
        <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <span>
            <span className="font-medium">{SUITE_LABELS[r.suite]}</span> · {formatDateTime(r.createdAt)} · {formatNumber(r.passed)}/{formatNumber(r.total)} (
            {formatDecimal(r.successRate)}%)
          </span>
          <Button variant="ghost" size="sm" onClick={() => exportReport(r)} aria-label={`Exportar relatório de ${formatDateTime(r.createdAt)}`}>
            <Download aria-hidden /> Exportar
          </Button>
        </li>
      ))}
    </ul>
  );
}
