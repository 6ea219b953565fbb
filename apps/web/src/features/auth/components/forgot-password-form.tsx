import { zodResolver } from '@hookform/resolvers/zod';
import { forgotPasswordInput } from '@viabiliza/contracts/account-mail';
import { CircleAlert, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';

import { useForgotPassword } from '@/features/auth/api/forgot-password';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';

/** /esqueci-senha: asks for a reset link. The answer is the same whether or not the account exists. */
export function ForgotPasswordForm() {
  const form = useForm({ resolver: zodResolver(forgotPasswordInput), defaultValues: { email: '' } });
  const request = useForgotPassword();
  const { errors } = form.formState;

  if (request.isSuccess) {
    return (
      <Alert role="status">
        <MailCheck aria-hidden />
        <AlertDescription>{request.data.message}</AlertDescription>
      </Alert>
    );
  }
  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => request.mutate(values))}>
      {request.isError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>{errorMessage(request.error)}</AlertDescription>
        </Alert>
      )}
      <FormField id="forgot-email" label="Email" error={errors.email?.message}>
        {(control) => (
          <Input
            {...control}
            type="email"
            autoComplete="email"
            inputMode="email"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="seu@email.com"
            {...form.register('email')}
          />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={request.isPending}>
        {request.isPending && <Spinner />}
        {request.isPending ? 'Enviando...' : 'Enviar link'}
      </Button>
    </form>
  );
}
