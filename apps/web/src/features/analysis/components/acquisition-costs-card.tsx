import type { FinancialResult, Figure } from '@viabiliza/contracts/analysis-result';
import { Receipt } from 'lucide-react';

import { figureDisplay, sourceLabel } from '@/features/analysis/utils/figures';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

function Box({ label, figure, emphasis }: { label: string; figure: Figure | undefined; emphasis?: boolean }) {
  const shown = figureDisplay(figure);
  return (
    // min-w-0 and break-words: a long source name wraps inside the box instead of widening the page (375 px).
    <div className={emphasis ? 'min-w-0 rounded-lg border border-primary/40 bg-primary/5 p-3 break-words' : 'min-w-0 rounded-lg border p-3 break-words'}>
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-lg font-semibold tabular-nums">{shown.text}</p>
      {shown.note && <p className="mt-1 text-xs text-muted-foreground">{shown.note}</p>}
      {figure && figure.value !== null && <p className="mt-1 text-xs text-muted-foreground">{sourceLabel(figure.source)}</p>}
    </div>
  );
}

/**
 * The acquisition's all-in cost: price, ITBI (the city's table, with the SFH-financed part at its
 * reduced rate) and cartório (the state's fee table, or a flagged estimate), each with its note and
 * source (law / table and date).
 */
export function AcquisitionCostsCard({ financial }: { financial: FinancialResult | null | undefined }) {
  if (!financial || financial.price.value === null) return null;
  return (
    <Card>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle className="flex items-center gap-2">
          <Receipt className="h-5 w-5 text-primary" aria-hidden />
          <h2 className="text-lg">Custo de aquisição</h2>
        </CardTitle>
        <CardDescription>Preço, ITBI pela lei do município e escritura e registro pela tabela do estado.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3 px-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <Box label="Preço" figure={financial.price} />
        <Box label="ITBI" figure={financial.itbi} />
        <Box label="Escritura e registro" figure={financial.notary} />
        <Box label="Custo total de aquisição" figure={financial.acquisitionTotal} emphasis />
      </CardContent>
    </Card>
  );
}
