import {
  PASSWORD_RULES,
  PASSWORD_STRENGTH_LABELS,
  passwordStrength,
  type PasswordStrength,
} from '@viabiliza/contracts/auth';
import { Check, X } from 'lucide-react';

import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

const LEVEL_COLOURS: Record<PasswordStrength, string> = {
  empty: 'bg-muted',
  weak: 'bg-destructive',
  medium: 'bg-warning',
  strong: 'bg-primary',
  'very-strong': 'bg-success',
};

/** Spec 01 §2/§4: bar, level label and the checklist of the five rules. */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { score, level } = passwordStrength(password);
  const label = PASSWORD_STRENGTH_LABELS[level];

  return (
    <div id={id} className="grid gap-2">
      <div className="flex items-center gap-3">
        <Progress
          value={score}
          aria-label="Indicador de força"
          aria-valuetext={label || 'Vazia'}
          className="h-1.5 bg-muted"
          indicatorClassName={LEVEL_COLOURS[level]}
        />
        <span aria-live="polite" className="min-w-20 text-right text-xs font-medium text-muted-foreground">
          {label}
        </span>
      </div>
      <ul className="grid gap-1 text-xs sm:grid-cols-2" aria-label="Requisitos de segurança">
        {PASSWORD_RULES.map((rule) => {
          const met = rule.test(password);
          return (
            <li
              key={rule.id}
              className={cn('flex items-center gap-1.5', met ? 'text-success' : 'text-muted-foreground')}
            >
              {met ? <Check className="size-3.5" aria-hidden /> : <X className="size-3.5" aria-hidden />}
              <span>{rule.label}</span>
              <span className="sr-only">{met ? '(atendido)' : '(não atendido)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
