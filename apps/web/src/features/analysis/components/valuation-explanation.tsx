import type { ValuationExplanation } from '@viabiliza/contracts/intelligence';
import { Info } from 'lucide-react';

/** How the range was computed, step by step, and the NBR 14653 note. */
export function ValuationSteps({ valuation }: { valuation: ValuationExplanation }) {
  return (
    <section aria-labelledby="valuation-steps" className="space-y-3">
      <h3 id="valuation-steps" className="text-sm font-semibold">
        Como a faixa foi calculada
      </h3>
      {valuation.available ? (
        <ol className="list-decimal space-y-1 pl-5 text-sm" data-testid="valuation-steps">
          {valuation.steps.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-muted-foreground">{valuation.reason}</p>
      )}
      <p className="flex gap-2 rounded-lg border border-primary/30 bg-primary/5 p-3 text-sm" role="note">
        <Info className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
        {valuation.nbrNote}
      </p>
    </section>
  );
}
