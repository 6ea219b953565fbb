import { IMPACT_LABELS, type InsightCard } from '@viabiliza/contracts/intelligence';
import { ShieldAlert, TrendingUp } from 'lucide-react';

import { SourceLinks } from '@/features/analysis/components/source-links';
import { Badge } from '@/components/ui/badge';

const IMPACT_VARIANT = { high: 'destructive', medium: 'warning', low: 'secondary' } as const;

/** Confidence and impact of one insight, as the engine scored them. */
export function InsightScores({ card }: { card: InsightCard }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <Badge variant={card.type === 'risk' ? IMPACT_VARIANT[card.impact] : 'success'}>Impacto {IMPACT_LABELS[card.impact].toLowerCase()}</Badge>
      <Badge variant="outline">Confiança {card.confidence}%</Badge>
    </span>
  );
}

/** The /phase4 insights engine: opportunities and risks, highest impact first, each with its evidence. */
export function InsightCardsList({ cards }: { cards: InsightCard[] }) {
  if (cards.length === 0) {
    return <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">A análise não apontou oportunidades nem riscos.</p>;
  }
  return (
    <ul className="space-y-3" data-testid="insight-cards">
      {cards.map((c) => {
        const Icon = c.type === 'risk' ? ShieldAlert : TrendingUp;
        return (
          <li key={c.id} className="space-y-2 rounded-lg border p-4">
            <div className="flex flex-wrap items-start gap-2">
              <Icon className={c.type === 'risk' ? 'mt-0.5 size-4 shrink-0 text-destructive' : 'mt-0.5 size-4 shrink-0 text-success'} aria-hidden />
              <p className="min-w-48 flex-1 font-medium">
                <span className="sr-only">{c.type === 'risk' ? 'Risco: ' : 'Oportunidade: '}</span>
                {c.title}
              </p>
              <InsightScores card={c} />
            </div>
            <p className="text-sm text-muted-foreground">{c.description}</p>
            <SourceLinks links={c.links} />
          </li>
        );
      })}
    </ul>
  );
}
