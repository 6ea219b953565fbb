import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailInput } from '@viabiliza/contracts/account-mail';
import type { SessionUser } from '@viabiliza/contracts/auth';
import { CircleAlert, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';

import { useChangeEmail } from '@/features/profile/api/change-email';
import { useRequestVerification } from '@/features/profile/api/request-verification';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';

function VerifyEmail({ user }: { user: SessionUser }) {
  const verify = useRequestVerification();
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium break-all">{user.email}</span>
        {user.emailVerified ? (
          <Badge className="bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200">Confirmado</Badge>
        ) : (
          <Badge variant="outline">Não confirmado</Badge>
        )}
      </div>
      {!user.emailVerified && (
        <>
          <p className="text-sm text-muted-foreground">Confirme o e-mail para compartilhar análises com outras pessoas.</p>
          {verify.isSuccess ? (
            <Alert role="status">
              <MailCheck aria-hidden />
              <AlertDescription>{verify.data.message}</AlertDescription>
            </Alert>
          ) : (
            <Button variant="outline" className="w-full sm:w-auto sm:justify-self-start" disabled={verify.isPending} onClick={() => verify.mutate()}>
              {verify.isPending && <Spinner />}
              Enviar link de confirmação
            </Button>
          )}
          {verify.isError && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden />
              <AlertDescription>{errorMessage(verify.error)}</AlertDescription>
            </Alert>
          )}
        </>
      )}
    </div>
  );
}

function ChangeEmailForm() {
  const form = useForm({ resolver: zodResolver(changeEmailInput), defaultValues: { newEmail: '', password: '' } });
  const change = useChangeEmail();
  const { errors } = form.formState;
  if (change.isSuccess) {
    return (
      <Alert role="status">
        <MailCheck aria-hidden />
        <AlertDescription>{change.data.message}</AlertDescription>
      </Alert>
    );
  }
  return (
    <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => change.mutate(values))}>
      <h3 className="text-sm font-semibold">Alterar e-mail</h3>
      {change.isError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>{errorMessage(change.error)}</AlertDescription>
        </Alert>
      )}
      <FormField id="change-email-new" label="Novo e-mail" error={errors.newEmail?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" inputMode="email" autoCapitalize="none" spellCheck={false} {...form.register('newEmail')} />
        )}
      </FormField>
      <FormField id="change-email-password" label="Senha atual" error={errors.password?.message}>
        {(control) => <Input {...control} type="password" autoComplete="current-password" {...form.register('password')} />}
      </FormField>
      <Button type="submit" variant="outline" className="w-full sm:w-auto sm:justify-self-end" disabled={change.isPending}>
        {change.isPending && <Spinner />}
        Enviar link para o novo e-mail
      </Button>
    </form>
  );
}

/** The account's e-mail: its confirmation (needed to share analyses) and its change, by a link. */
export function EmailSettings({ user }: { user: SessionUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>E-mail da conta</h2>
        </CardTitle>
        <CardDescription>Usado para entrar, recuperar a senha e receber compartilhamentos.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {user.isDemo ? (
          <p className="text-sm text-muted-foreground">Indisponível na demonstração: crie uma conta gratuita para usar este recurso.</p>
        ) : (
          <>
            <VerifyEmail user={user} />
            <div className="border-t pt-6">
              <ChangeEmailForm />
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
