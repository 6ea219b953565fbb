import { CircleCheck } from 'lucide-react';

import type { ProcessingState } from '@/features/documents/utils/processing';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';

const STEP_TEXT = {
  uploading: 'Enviando arquivos...',
  extracting: 'Extraindo texto dos documentos...',
  done: 'Upload concluído! ✓',
} as const;

/**
 * Spec 01 §2 'Upload area': 'Processando arquivos...', the current file, the seconds left, a progress
 * bar, then the step. Only the step is a live region: percent and seconds change too often to be read.
 */
export function ProcessingPanel({ state }: { state: ProcessingState }) {
  const done = state.phase === 'done';
  return (
    <section aria-label="Processamento dos arquivos" className="space-y-3 rounded-xl border bg-card p-4 shadow-sm">
      {!done && (
        <div className="space-y-1">
          <div className="flex items-center gap-2">
            <Spinner className="text-primary" />
            <p className="font-medium">Processando arquivos...</p>
          </div>
          {state.currentFileName && (
            <p className="truncate text-sm text-muted-foreground" title={state.currentFileName}>
              Arquivo atual: <span className="font-medium text-foreground">{state.currentFileName}</span>
            </p>
          )}
        </div>
      )}
      <Progress value={state.percent} aria-label="Progresso do processamento" />
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 text-sm">
        <p role="status" className={done ? 'flex items-center gap-2 font-medium text-success' : 'text-muted-foreground'}>
          {done && <CircleCheck className="size-4" aria-hidden />}
          {STEP_TEXT[state.phase]}
        </p>
        {!done && (
          <span className="text-muted-foreground tabular-nums">
            {state.percent}% · Tempo estimado: {state.secondsRemaining === null ? 'calculando…' : `${state.secondsRemaining}s`}
          </span>
        )}
      </div>
    </section>
  );
}
