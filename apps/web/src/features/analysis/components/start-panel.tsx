import { CircleAlert, Download, Info, Play, Sparkles } from 'lucide-react';

import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';

/**
 * 'Iniciar Análise' ('Ver Análise Demo' in demo mode), the live step text while running, the reason it
 * cannot start, and the export button (disabled until a result exists).
 */
export function StartPanel({
  demoMode,
  running,
  loadingExample,
  stepText,
  disabled,
  message,
  messageTone,
  canExport,
  onStart,
  onExport,
}: {
  demoMode: boolean;
  running: boolean;
  loadingExample: boolean;
  stepText: string | null;
  disabled: boolean;
  message: string | null;
  /** 'hint' explains a disabled button; 'error' answers an attempt to start. */
  messageTone: 'hint' | 'error';
  canExport: boolean;
  onStart: () => void;
  onExport: () => void;
}) {
  const busy = running || loadingExample;
  return (
    <Card>
      <CardContent className="px-4 sm:px-6 space-y-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
          {/* The reason it waits ('Aguarde: 2 documentos em leitura') is read with the button. */}
          <Button
            size="lg"
            className="w-full sm:w-auto"
            disabled={disabled}
            onClick={onStart}
            aria-describedby={message ? 'start-status start-message' : 'start-status'}
          >
            {busy ? <Spinner /> : demoMode ? <Sparkles aria-hidden /> : <Play aria-hidden />}
            {demoMode ? 'Ver Análise Demo' : 'Iniciar Análise'}
          </Button>
          <Button variant="outline" size="lg" className="w-full sm:w-auto" disabled={!canExport} onClick={onExport}>
            <Download aria-hidden />
            Exportar
          </Button>
          <p
            id="start-status"
            role="status"
            aria-live="polite"
            className="min-h-5 text-sm font-medium text-primary sm:ml-2"
            data-testid="analysis-step"
          >
            {running ? stepText : loadingExample ? 'Calculando a análise de exemplo...' : null}
          </p>
        </div>
        {demoMode && (
          <p className="text-sm text-muted-foreground">
            Modo demonstração: a análise usa um imóvel de exemplo que acompanha o sistema; nada é salvo.
          </p>
        )}
        {message &&
          (messageTone === 'error' ? (
            <Alert variant="destructive" id="start-message">
              <CircleAlert aria-hidden />
              <AlertDescription>{message}</AlertDescription>
            </Alert>
          ) : (
            <p id="start-message" role="status" className="flex items-start gap-2 text-sm text-muted-foreground">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
              {message}
            </p>
          ))}
      </CardContent>
    </Card>
  );
}
