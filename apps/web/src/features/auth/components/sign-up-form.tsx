import { zodResolver } from '@hookform/resolvers/zod';
import { signUpInput, type SessionUser } from '@viabiliza/contracts/auth';
import { CircleAlert } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';

import { PasswordStrengthMeter } from '@/features/auth/components/password-strength-meter';
import { useSignUp } from '@/features/auth/api/sign-up';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export function SignUpForm({ onSignedUp }: { onSignedUp: (user: SessionUser) => void }) {
  const form = useForm({
    resolver: zodResolver(signUpInput),
    defaultValues: { fullName: '', email: '', password: '', company: '' },
  });
  const [password = '', fullName, email, company] = useWatch({ control: form.control, name: ['password', 'fullName', 'email', 'company'] });
  const signUp = useSignUp({
    onSuccess: (user) => {
      toast.success('Conta criada!');
      onSignedUp(user);
    },
  });
  const { errors } = form.formState;

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => signUp.mutate(values))}>
      {signUp.isError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>{errorMessage(signUp.error)}</AlertDescription>
        </Alert>
      )}
      <FormField id="sign-up-name" label="Nome Completo" error={errors.fullName?.message}>
        {(control) => <Input {...control} autoComplete="name" placeholder="Seu nome" {...form.register('fullName')} />}
      </FormField>
      <FormField id="sign-up-email" label="Email" error={errors.email?.message}>
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
      <FormField id="sign-up-password" label="Senha" error={errors.password?.message}>
        {(control) => (
          <>
            <Input
              {...control}
              aria-describedby={[control['aria-describedby'], 'sign-up-password-strength'].filter(Boolean).join(' ')}
              type="password"
              autoComplete="new-password"
              {...form.register('password')}
            />
            <PasswordStrengthMeter id="sign-up-password-strength" password={password} personal={[fullName, email, company]} />
          </>
        )}
      </FormField>
      <FormField id="sign-up-company" label="Empresa (opcional)" error={errors.company?.message}>
        {(control) => (
          <Input {...control} autoComplete="organization" placeholder="Nome da empresa" {...form.register('company')} />
        )}
      </FormField>
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending && <Spinner />}
        {signUp.isPending ? 'Criando conta...' : 'Criar Conta'}
      </Button>
    </form>
  );
}
