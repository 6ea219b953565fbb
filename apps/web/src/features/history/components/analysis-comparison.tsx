import { analysisTypeLabel } from '@viabiliza/contracts/analysis';
import type { PropertyAnalysisItem } from '@viabiliza/contracts/history';
import { ArrowDown, ArrowUp, Minus } from 'lucide-react';
import type { ReactNode } from 'react';

import {
  compareAnalyses,
  formatCompareValue,
  formatDelta,
  summarize,
  visibleRows,
  type ComparisonRow,
  type Verdict,
} from '@/features/history/utils/compare';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { formatDateTime, formatDecimal } from '@/lib/format';
import { cn } from '@/lib/utils';

export function analysisOptionLabel(a: PropertyAnalysisItem): string {
  const score = a.viabilityScore !== null ? ` · ${formatDecimal(a.viabilityScore, 1)}/10` : '';
  return `${formatDateTime(a.createdAt)} · ${analysisTypeLabel(a.analysisType)}${score}`;
}

const VERDICT_STYLE: Record<Verdict, string> = {
  better: 'text-success',
  worse: 'text-destructive',
  same: 'text-muted-foreground',
  changed: 'text-foreground',
  unknown: 'text-muted-foreground',
};
const VERDICT_TEXT: Record<Verdict, string> = {
  better: 'melhorou',
  worse: 'piorou',
  same: 'sem alteração',
  changed: 'mudou',
  unknown: 'sem comparação',
};

function Delta({ row }: { row: ComparisonRow }) {
  if (row.verdict === 'unknown') {
    return (
      <span className="text-muted-foreground">
        —<span className="sr-only"> ({VERDICT_TEXT.unknown})</span>
      </span>
    );
  }
  const Icon = row.delta === null || row.verdict === 'same' ? Minus : row.delta > 0 ? ArrowUp : ArrowDown;
  return (
    <span className={cn('inline-flex items-center justify-end gap-1 font-medium whitespace-nowrap tabular-nums', VERDICT_STYLE[row.verdict])}>
      <Icon className="size-4 shrink-0" aria-hidden />
      {row.verdict === 'same' ? '=' : formatDelta(row.delta, row.unit)}
      <span className="sr-only"> ({VERDICT_TEXT[row.verdict]})</span>
    </span>
  );
}

/** A value; on a phone its column's name sits on the left of the same line. */
function Cell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span role="cell" className="flex items-baseline justify-between gap-3 text-sm tabular-nums sm:block sm:text-right">
      <span className="text-xs text-muted-foreground sm:hidden" aria-hidden>
        {label}
      </span>
      <span className="whitespace-nowrap">{children}</span>
    </span>
  );
}

/** Two selects: the analysis to start from and the one to compare it with. */
export function ComparisonPicker({
  analyses,
  beforeId,
  afterId,
  onChange,
}: {
  analyses: PropertyAnalysisItem[];
  beforeId: string;
  afterId: string;
  onChange: (pair: { beforeId: string; afterId: string }) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <div className="grid gap-2">
        <Label htmlFor="compare-before">Análise A</Label>
        <NativeSelect id="compare-before" value={beforeId} onChange={(e) => onChange({ beforeId: e.target.value, afterId })}>
          {analyses.map((a) => (
            <option key={a.id} value={a.id} disabled={a.id === afterId}>
              {analysisOptionLabel(a)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="compare-after">Análise B</Label>
        <NativeSelect id="compare-after" value={afterId} onChange={(e) => onChange({ beforeId, afterId: e.target.value })}>
          {analyses.map((a) => (
            <option key={a.id} value={a.id} disabled={a.id === beforeId}>
              {analysisOptionLabel(a)}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

/**
 * Two analyses side by side: each indicator in A and in B and what changed from A to B, with an
 * arrow for the direction and green or red for whether that is good for the person. On a phone
 * each indicator is a block with its three values under the name.
 */
export function AnalysisComparison({ a, b }: { a: PropertyAnalysisItem; b: PropertyAnalysisItem }) {
  const rows = visibleRows(compareAnalyses(a, b));
  const counts = summarize(rows);
  const headA = `A · ${formatDateTime(a.createdAt)}`;
  const headB = `B · ${formatDateTime(b.createdAt)}`;

  return (
    <div className="space-y-3" data-testid="analysis-comparison">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        De A para B: <span className="font-medium text-success">{counts.better} melhor(es)</span>,{' '}
        <span className="font-medium text-destructive">{counts.worse} pior(es)</span>, {counts.same} sem alteração.
      </p>
      <div role="table" aria-label="Comparação entre as análises A e B" className="divide-y rounded-lg border text-sm">
        <div role="rowgroup" className="sr-only bg-muted sm:not-sr-only sm:block">
          <div role="row" className="grid grid-cols-[minmax(0,1.4fr)_repeat(3,minmax(0,1fr))] gap-3 px-4 py-2 font-semibold">
            <span role="columnheader">Indicador</span>
            <span role="columnheader" className="text-right">
              {headA}
            </span>
            <span role="columnheader" className="text-right">
              {headB}
            </span>
            <span role="columnheader" className="text-right">
              Variação
            </span>
          </div>
        </div>
        <div role="rowgroup" className="divide-y">
          {rows.map((row) => (
            <div
              key={row.id}
              role="row"
              className="grid gap-1 px-4 py-2.5 sm:grid-cols-[minmax(0,1.4fr)_repeat(3,minmax(0,1fr))] sm:items-center sm:gap-3"
            >
              <span role="rowheader" className="font-medium">
                {row.label}
              </span>
              <Cell label="A">{formatCompareValue(row.before, row.unit)}</Cell>
              <Cell label="B">{formatCompareValue(row.after, row.unit)}</Cell>
              <Cell label="Variação">
                <Delta row={row} />
              </Cell>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
