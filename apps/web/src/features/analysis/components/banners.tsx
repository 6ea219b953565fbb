import { Info, Sparkles } from 'lucide-react';

import { Button } from '@/components/ui/button';

/** 'Ver Exemplo' / 'Ocultar Exemplo' (spec 01 §2), offered only while no completed file exists. */
export function ExampleBanner({ demoMode, onToggle }: { demoMode: boolean; onToggle: () => void }) {
  return (
    <section
      aria-label="Análise de exemplo"
      className="flex flex-col gap-3 rounded-xl border border-primary/20 bg-primary/5 p-4 sm:flex-row sm:items-center"
    >
      <Sparkles className="size-5 shrink-0 text-primary" aria-hidden />
      <div className="flex-1 space-y-0.5">
        <p className="font-medium">Quer ver como funciona?</p>
        <p className="text-sm text-muted-foreground">
          {demoMode
            ? 'Modo demonstração ativo: a análise é feita sobre um imóvel de exemplo e nada é salvo.'
            : 'Veja a análise de um imóvel de exemplo, calculada na hora pelo Motor Viabiliza.'}
        </p>
      </div>
      <Button variant={demoMode ? 'outline' : 'default'} className="w-full sm:w-auto" aria-pressed={demoMode} onClick={onToggle}>
        {demoMode ? 'Ocultar Exemplo' : 'Ver Exemplo'}
      </Button>
    </section>
  );
}

/** The free-system banner (spec 01 §2) with 'Ver Detalhes' opening the API-settings view. */
export function FreeSystemBanner({ onDetails }: { onDetails: () => void }) {
  return (
    <section
      aria-label="Sistema gratuito"
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 sm:flex-row sm:items-center"
    >
      <Info className="size-5 shrink-0 text-success" aria-hidden />
      <div className="flex-1 space-y-0.5">
        <p className="font-medium">Sistema gratuito</p>
        <p className="text-sm text-muted-foreground">
          As análises são executadas em um servidor seguro, sem custo e sem chaves de API no seu navegador.
        </p>
      </div>
      <Button variant="outline" className="w-full sm:w-auto" onClick={onDetails}>
        Ver Detalhes
      </Button>
    </section>
  );
}
