import { zodResolver } from '@hookform/resolvers/zod';
import { newPassword } from '@viabiliza/contracts/account-mail';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { z } from 'zod';

import { useResetPassword } from '@/features/auth/api/reset-password';
import { PasswordStrengthMeter } from '@/features/auth/components/password-strength-meter';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';

const resetForm = z
  .object({ newPassword, confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], error: 'As senhas não conferem' });

/** /redefinir-senha?token=…: the new password, under the same rule and meter as the sign-up. */
export function ResetPasswordForm({ token }: { token: string }) {
  const form = useForm({ resolver: zodResolver(resetForm), defaultValues: { newPassword: '', confirm: '' } });
  const password = useWatch({ control: form.control, name: 'newPassword' }) ?? '';
  const reset = useResetPassword();
  const { errors } = form.formState;

  if (reset.isSuccess) {
    return (
      <div className="grid gap-4">
        <Alert role="status">
          <CircleCheck aria-hidden />
          <AlertDescription>{reset.data.message}</AlertDescription>
        </Alert>
        <Button asChild className="w-full">
          <Link to="/auth">Entrar</Link>
        </Button>
      </div>
    );
  }
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) => reset.mutate({ token, newPassword: values.newPassword }))}
    >
      {reset.isError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>
            {errorMessage(reset.error)}{' '}
            <Link to="/esqueci-senha" className="font-medium underline underline-offset-4">
              Pedir um novo link
            </Link>
          </AlertDescription>
        </Alert>
      )}
      <FormField id="reset-password" label="Nova senha" error={errors.newPassword?.message}>
        {(control) => (
          <>
            <Input
              {...control}
              aria-describedby={[control['aria-describedby'], 'reset-password-strength'].filter(Boolean).join(' ')}
              type="password"
              autoComplete="new-password"
              {...form.register('newPassword')}
            />
            <PasswordStrengthMeter id="reset-password-strength" password={password} />
          </>
        )}
      </FormField>
      <FormField id="reset-password-confirm" label="Confirme a nova senha" error={errors.confirm?.message}>
        {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('confirm')} />}
      </FormField>
      <Button type="submit" className="w-full" disabled={reset.isPending}>
        {reset.isPending && <Spinner />}
        {reset.isPending ? 'Salvando...' : 'Salvar nova senha'}
      </Button>
    </form>
  );
}
