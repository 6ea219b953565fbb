import { CheckCircle2, Clock, FileCheck2 } from 'lucide-react';

import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** 'Arquivos Prontos' and the status badge (spec 01 §2 'Summary cards'). */
export function SummaryCards({ readyCount, loading, done }: { readyCount: number; loading: boolean; done: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Card className="py-4">
        <CardContent className="flex items-center gap-3 px-4">
          <div className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <FileCheck2 className="size-5" aria-hidden />
          </div>
          <div>
            <p className="text-sm text-muted-foreground" id="ready-files-label">
              Arquivos Prontos
            </p>
            {loading ? (
              <Skeleton className="mt-1 h-7 w-8" />
            ) : (
              <p className="text-2xl font-semibold tabular-nums" aria-describedby="ready-files-label">
                {readyCount}
              </p>
            )}
          </div>
        </CardContent>
      </Card>
      <Card className="py-4">
        <CardContent className="flex items-center gap-3 px-4">
          <div className="flex size-10 items-center justify-center rounded-lg bg-muted text-muted-foreground">
            {done ? <CheckCircle2 className="size-5 text-success" aria-hidden /> : <Clock className="size-5" aria-hidden />}
          </div>
          <div className="space-y-1">
            <p className="text-sm text-muted-foreground">Status</p>
            {done ? (
              <Badge variant="success" data-testid="analysis-status">
                Análise Concluída
              </Badge>
            ) : (
              <Badge variant="secondary" data-testid="analysis-status">
                Aguardando Análise
              </Badge>
            )}
          </div>
        </CardContent>
      </Card>
    </div>
  );
}
