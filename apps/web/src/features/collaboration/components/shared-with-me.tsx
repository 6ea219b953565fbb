import { analysisTypeLabel } from '@viabiliza/contracts/analysis';
import { Share2 } from 'lucide-react';
import { Link } from 'react-router';

import { useSharedAnalyses } from '@/features/collaboration/api/get-shared-analyses';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDate } from '@/lib/format';

/** 'Compartilhadas comigo': shown only when someone shared an analysis with the signed-in user. */
export function SharedWithMe() {
  const { data } = useSharedAnalyses();
  const items = data?.items ?? [];
  if (!items.length) return null;
  return (
    <Card data-testid="shared-with-me">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h2 className="flex items-center gap-2 text-lg">
            <Share2 className="size-5" aria-hidden />
            Compartilhadas comigo ({items.length})
          </h2>
        </CardTitle>
        <CardDescription>Análises de outros usuários que você pode ler e comentar.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-6">
        <ul className="divide-y">
          {items.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <div className="min-w-0">
                <Link to={`/dashboard/analysis/${a.id}`} className="font-medium underline-offset-4 hover:underline">
                  {a.property.title}
                </Link>
                <p className="text-muted-foreground">
                  {analysisTypeLabel(a.analysisType)} · de {a.owner.name} · compartilhada em {formatDate(a.sharedAt)}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
