import { zodResolver } from '@hookform/resolvers/zod';
import { signInInput, type SessionUser } from '@viabiliza/contracts/auth';
import { CircleAlert } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';

import { useSignIn } from '@/features/auth/api/sign-in';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export function SignInForm({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const form = useForm({
    resolver: zodResolver(signInInput),
    defaultValues: { email: '', password: '' },
  });
  const signIn = useSignIn({
    onSuccess: (user) => {
      toast.success('Login realizado!');
      onSignedIn(user);
    },
  });
  const { errors } = form.formState;

  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => signIn.mutate(values))}>
      {signIn.isError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>{errorMessage(signIn.error)}</AlertDescription>
        </Alert>
      )}
      <FormField id="sign-in-email" label="Email" error={errors.email?.message}>
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
      <FormField id="sign-in-password" label="Senha" error={errors.password?.message}>
        {(control) => (
          <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />
        )}
      </FormField>
      <Link to="/esqueci-senha" className="-mt-2 inline-flex min-h-11 items-center justify-self-end text-sm text-primary underline-offset-4 hover:underline">
        Esqueceu a senha?
      </Link>
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending && <Spinner />}
        {signIn.isPending ? 'Entrando...' : 'Entrar'}
      </Button>
    </form>
  );
}
