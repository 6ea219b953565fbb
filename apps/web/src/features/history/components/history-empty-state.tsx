import { HISTORY_MESSAGES } from '@viabiliza/contracts/history';
import { FileSearch, Plus, SearchX } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';

/** No analysis yet ('Fazer Primeira Análise'), or none matching the filters ('Limpar filtros'). */
export function HistoryEmptyState({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
  const Icon = filtered ? SearchX : FileSearch;
  return (
    <div className="flex flex-col items-center gap-3 px-4 py-12 text-center" data-testid="history-empty">
      <div className="flex size-12 items-center justify-center rounded-full bg-muted text-muted-foreground">
        <Icon className="size-6" aria-hidden />
      </div>
      <div className="space-y-1">
        <p className="font-medium">{filtered ? 'Nenhuma análise corresponde aos filtros' : 'Nenhuma análise encontrada'}</p>
        <p className="text-sm text-muted-foreground">
          {filtered
            ? 'Tente outro termo de busca ou limpe os filtros.'
            : 'Suas análises aparecerão aqui assim que forem concluídas.'}
        </p>
      </div>
      {filtered ? (
        <Button variant="outline" onClick={onClear}>
          Limpar filtros
        </Button>
      ) : (
        <Button asChild>
          <Link to="/analise">
            <Plus aria-hidden />
            {HISTORY_MESSAGES.firstAnalysis}
          </Link>
        </Button>
      )}
    </div>
  );
}
