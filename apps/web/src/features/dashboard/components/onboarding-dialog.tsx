import { Check } from 'lucide-react';

import type { OnboardingState } from '@/features/dashboard/hooks/use-onboarding';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

/**
 * The 5-step tutorial (spec 01 §2, §4): progress bar and dots, 'Pular Tutorial', 'Anterior',
 * 'Próximo' and, on the last step, 'Concluir'. Closing it any other way (Esc) counts as skipping.
 *
 * Non-modal, in a corner away from the toasts (bottom-left; under the header on a phone): it explains the dashboard while leaving it visible and
 * usable (header, search, notifications), and a click elsewhere does not throw it away.
 */
export function OnboardingDialog({ state }: { state: OnboardingState }) {
  const { open, steps, index, next, previous, complete, skip } = state;
  const step = steps[index]!;
  const Icon = step.icon;
  const isLast = index === steps.length - 1;
  const progress = ((index + 1) / steps.length) * 100;

  return (
    <Dialog open={open} onOpenChange={(value) => !value && skip()} modal={false}>
      <DialogContent
        showCloseButton={false}
        className="top-20 left-3 max-w-[calc(100%-1.5rem)] translate-x-0 translate-y-0 gap-5 shadow-2xl data-[state=closed]:zoom-out-100 data-[state=open]:zoom-in-100 data-[state=open]:slide-in-from-bottom-4 sm:top-auto sm:bottom-6 sm:left-6 sm:max-w-md"
        // Clicks and focus elsewhere on the dashboard leave the tutorial where it is.
        onInteractOutside={(event) => event.preventDefault()}
        data-testid="onboarding-dialog"
      >
        <div className="space-y-2">
          <div className="flex items-center justify-between text-xs text-muted-foreground">
            <span>
              Passo {index + 1} de {steps.length}
            </span>
            <span>{Math.round(progress)}%</span>
          </div>
          <Progress value={progress} aria-label={`Progresso do tutorial: passo ${index + 1} de ${steps.length}`} />
        </div>

        <DialogHeader className="items-center text-center sm:text-center">
          <div className="mb-1 flex size-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon className="size-7" aria-hidden />
          </div>
          <DialogTitle className="text-xl">{step.title}</DialogTitle>
          <DialogDescription className="text-sm leading-relaxed">{step.description}</DialogDescription>
        </DialogHeader>

        <ol className="flex items-center justify-center gap-2" aria-label="Passos do tutorial">
          {steps.map((s, i) => (
            <li key={s.id}>
              <span
                aria-label={`${s.title}${s.completed ? ' (concluído)' : ''}${i === index ? ' (atual)' : ''}`}
                aria-current={i === index ? 'step' : undefined}
                className={cn(
                  'flex h-2 items-center justify-center rounded-full transition-all',
                  i === index ? 'w-6 bg-primary' : 'w-2',
                  i !== index && (s.completed ? 'bg-primary/60' : 'bg-muted-foreground/25'),
                )}
              />
            </li>
          ))}
        </ol>

        <DialogFooter className="flex-row items-center justify-between gap-2 sm:justify-between">
          <Button variant="ghost" size="sm" onClick={skip} className="text-muted-foreground">
            Pular Tutorial
          </Button>
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={previous} disabled={index === 0}>
              Anterior
            </Button>
            {isLast ? (
              <Button size="sm" onClick={complete}>
                <Check aria-hidden />
                Concluir
              </Button>
            ) : (
              <Button size="sm" onClick={next}>
                Próximo
              </Button>
            )}
          </div>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
