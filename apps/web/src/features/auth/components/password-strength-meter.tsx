import {
  PASSWORD_RULES,
  PASSWORD_STRENGTH_LABELS,
  passwordStrength,
  type PasswordStrength,
} from '@viabiliza/contracts/auth';
import type { NewPasswordVerdict } from '@viabiliza/contracts/password-rule';
import { Check, X } from 'lucide-react';
import { useDeferredValue } from 'react';

import { usePasswordRule } from '@/features/auth/hooks/use-password-rule';
import { Progress } from '@/components/ui/progress';
import { cn } from '@/lib/utils';

const LEVEL_COLOURS: Record<PasswordStrength, string> = {
  empty: 'bg-muted',
  weak: 'bg-destructive',
  medium: 'bg-warning',
  strong: 'bg-primary',
  'very-strong': 'bg-success',
};

/** Until the server's rule has loaded the meter never says more than 'Média'. */
function cautious(password: string): NewPasswordVerdict {
  const spec = passwordStrength(password);
  const score = Math.min(spec.score, 60);
  return { accepted: false, message: null, score, level: spec.level === 'empty' ? 'empty' : score < 40 ? 'weak' : 'medium' };
}

/**
 * Bar, level label and the checklist of the five rules (spec 01), with the server's own verdict:
 * a password the server would refuse (leaked, guessable, built on the name, e-mail, company or the
 * product's name) is never shown as 'Forte' or 'Muito forte', and the reason is said.
 */
export function PasswordStrengthMeter({ password, personal = [], id }: { password: string; personal?: (string | undefined)[]; id?: string }) {
  const rule = usePasswordRule();
  const deferred = useDeferredValue(password);
  const verdict = rule ? rule.newPasswordVerdict(deferred, personal) : cautious(deferred);
  return <PasswordStrengthMeterView password={deferred} verdict={verdict} id={id} />;
}

export function PasswordStrengthMeterView({ password, verdict, id }: { password: string; verdict: NewPasswordVerdict; id?: string }) {
  const label = PASSWORD_STRENGTH_LABELS[verdict.level];
  return (
    <div id={id} className="grid gap-2">
      <div className="flex items-center gap-3">
        <Progress
          value={verdict.score}
          aria-label="Indicador de força"
          aria-valuetext={label || 'Vazia'}
          className="h-1.5 bg-muted"
          indicatorClassName={LEVEL_COLOURS[verdict.level]}
        />
        <span aria-live="polite" data-testid="password-strength-label" className="min-w-20 text-right text-xs font-medium text-muted-foreground">
          {label}
        </span>
      </div>
      {verdict.message && password && (
        <p className="text-xs text-destructive" data-testid="password-rule-message">
          {verdict.message}
        </p>
      )}
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
