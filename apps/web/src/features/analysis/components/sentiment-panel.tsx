import {
  INTELLIGENCE_MESSAGES,
  SENTIMENT_ASPECTS,
  SENTIMENT_ASPECT_LABELS,
  SENTIMENT_LABELS,
  type SentimentLabel,
  type SentimentResult,
} from '@viabiliza/contracts/intelligence';
import { Frown, Meh, RefreshCw, Smile, type LucideIcon } from 'lucide-react';

import { useAnalysisIntelligence } from '@/features/analysis/api/get-analysis-intelligence';
import { QueryError } from '@/components/errors/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';

const ICONS: Record<SentimentLabel, LucideIcon> = { positive: Smile, neutral: Meh, negative: Frown };
const VARIANTS: Record<SentimentLabel, 'success' | 'secondary' | 'destructive'> = {
  positive: 'success',
  neutral: 'secondary',
  negative: 'destructive',
};
const BAR: Record<SentimentLabel, string> = { positive: 'bg-success', neutral: 'bg-amber-500', negative: 'bg-destructive' };

function Aspects({ aspects }: { aspects: SentimentResult['aspects'] }) {
  return (
    <ul className="grid gap-4 sm:grid-cols-2" aria-label="Sentimento por aspecto">
      {SENTIMENT_ASPECTS.map((key) => {
        const a = aspects[key];
        return (
          <li key={key} className="space-y-2 rounded-lg border p-3" data-testid={`sentiment-aspect-${key}`}>
            <div className="flex items-center justify-between gap-2">
              <span className="font-medium">{SENTIMENT_ASPECT_LABELS[key]}</span>
              {a.score !== null && a.sentiment ? (
                <span className="flex items-center gap-2">
                  <Badge variant={VARIANTS[a.sentiment]}>{SENTIMENT_LABELS[a.sentiment]}</Badge>
                  <span className="text-sm font-semibold tabular-nums">{a.score}/100</span>
                </span>
              ) : (
                <span className="text-sm text-muted-foreground">Sem dados</span>
              )}
            </div>
            {a.score !== null && a.sentiment && (
              <Progress value={a.score} aria-label={`${SENTIMENT_ASPECT_LABELS[key]}: ${a.score} de 100`} indicatorClassName={BAR[a.sentiment]} />
            )}
            {a.reasons.length > 0 && (
              <ul className="list-disc space-y-0.5 pl-4 text-xs text-muted-foreground">
                {a.reasons.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * 'Análise de Sentimento' (spec 01 §2): overall and per-aspect scores derived by the engine from the
 * analysis and its documents (server), keywords and the lexicon terms found, with their page.
 */
export function SentimentPanel({ analysisId }: { analysisId: string | null }) {
  const query = useAnalysisIntelligence(analysisId);
  const sentiment = query.data?.sentiment ?? null;
  const busy = query.isFetching;

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3 px-4 sm:px-6">
        <div className="space-y-1.5">
          <CardTitle>
            <h2 className="text-lg">Análise de Sentimento</h2>
          </CardTitle>
          <CardDescription>Quão favorável a análise e os documentos se mostram, por aspecto, de 0 a 100.</CardDescription>
        </div>
        {analysisId && (
          <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={busy}>
            <RefreshCw aria-hidden className={busy ? 'animate-spin' : undefined} />
            {busy ? 'Analisando...' : 'Atualizar'}
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-5 px-4 sm:px-6">
        {!analysisId ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{INTELLIGENCE_MESSAGES.sentimentEmpty}</p>
        ) : query.isPending ? (
          <div role="status" aria-label="Carregando sentimento" className="space-y-3">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        ) : query.isError ? (
          <QueryError title="Não foi possível calcular o sentimento" error={query.error} onRetry={() => void query.refetch()} />
        ) : !sentiment ? (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">{INTELLIGENCE_MESSAGES.sentimentEmpty}</p>
        ) : (
          <>
            <OverallSentiment sentiment={sentiment} />
            <Aspects aspects={sentiment.aspects} />
            <section aria-labelledby="sentiment-keywords" className="space-y-2">
              <h3 id="sentiment-keywords" className="text-sm font-semibold">
                Palavras-chave dos documentos
              </h3>
              {sentiment.keywords.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nenhum documento com texto nesta análise.</p>
              ) : (
                <ul className="flex flex-wrap gap-2" data-testid="sentiment-keywords">
                  {sentiment.keywords.map((k) => (
                    <li key={k.term}>
                      <Badge variant="outline" title={`${k.count} ocorrência(s), peso tf-idf ${k.weight.toLocaleString('pt-BR')}`}>
                        {k.term}
                      </Badge>
                    </li>
                  ))}
                </ul>
              )}
            </section>
            {sentiment.lexicon.length > 0 && (
              <section aria-labelledby="sentiment-lexicon" className="space-y-2">
                <h3 id="sentiment-lexicon" className="text-sm font-semibold">
                  Termos positivos e negativos encontrados
                </h3>
                <ul className="space-y-1 text-sm">
                  {sentiment.lexicon.map((h) => (
                    <li key={`${h.polarity}-${h.term}`} className="flex flex-wrap items-center gap-2">
                      <Badge variant={h.polarity === 'positive' ? 'success' : 'destructive'}>{h.polarity === 'positive' ? '+' : '−'}</Badge>
                      <span>
                        “{h.term}” {h.count}× — {h.fileName}, p. {h.page}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function OverallSentiment({ sentiment }: { sentiment: SentimentResult }) {
  const Icon = ICONS[sentiment.overall];
  return (
    <div className="flex flex-col gap-3 rounded-lg bg-muted/50 p-4 sm:flex-row sm:items-center" data-testid="sentiment-overall">
      <Icon className="size-10 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-semibold">Sentimento {SENTIMENT_LABELS[sentiment.overall].toLowerCase()}</span>
          <Badge variant={VARIANTS[sentiment.overall]}>{sentiment.score}/100</Badge>
          <Badge variant="outline">Confiança {sentiment.confidence}%</Badge>
        </div>
        <p className="text-sm text-muted-foreground">{sentiment.summary}</p>
        <p className="text-xs text-muted-foreground">
          {sentiment.documentsRead === 1 ? '1 documento lido' : `${sentiment.documentsRead} documentos lidos`}; a confiança cresce com os
          aspectos avaliados, a completude dos dados e os termos encontrados.
        </p>
      </div>
    </div>
  );
}
