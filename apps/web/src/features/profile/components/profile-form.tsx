import { zodResolver } from '@hookform/resolvers/zod';
import { updateProfileInput, type Profile } from '@viabiliza/contracts/profile';
import { useForm } from 'react-hook-form';

import { useUpdateProfile } from '@/features/profile/api/update-profile';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';

function formValues(loaded: Profile) {
  return { fullName: loaded.fullName, phone: loaded.phone ?? '', company: loaded.company ?? '' };
}

export function ProfileForm({ profile }: { profile: Profile }) {
  const form = useForm({
    resolver: zodResolver(updateProfileInput),
    defaultValues: formValues(profile),
  });
  const update = useUpdateProfile({
    onSuccess: (saved) => {
      form.reset(formValues(saved));
      toast.success('Perfil atualizado com sucesso!');
    },
  });
  const { errors } = form.formState;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Informações pessoais</h2>
        </CardTitle>
        <CardDescription>Mantenha seus dados de contato atualizados.</CardDescription>
      </CardHeader>
      <form noValidate onSubmit={form.handleSubmit((values) => update.mutate(values))} className="grid gap-6">
        <CardContent className="grid gap-5">
          <FormField id="profile-email" label="Email" hint="Para trocar o e-mail, use “Alterar e-mail” abaixo.">
            {(control) => <Input {...control} type="email" value={profile.email} readOnly />}
          </FormField>
          <FormField id="profile-name" label="Nome Completo" error={errors.fullName?.message}>
            {(control) => <Input {...control} autoComplete="name" {...form.register('fullName')} />}
          </FormField>
          <FormField id="profile-phone" label="Telefone" error={errors.phone?.message}>
            {(control) => (
              <Input
                {...control}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="(11) 99999-9999"
                {...form.register('phone')}
              />
            )}
          </FormField>
          <FormField id="profile-company" label="Empresa" error={errors.company?.message}>
            {(control) => <Input {...control} autoComplete="organization" {...form.register('company')} />}
          </FormField>
        </CardContent>
        <CardFooter className="flex-col-reverse gap-2 border-t sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            className="w-full sm:w-auto"
            disabled={update.isPending}
            onClick={() => form.reset(formValues(profile))}
          >
            Cancelar
          </Button>
          <Button type="submit" className="w-full sm:w-auto" disabled={update.isPending}>
            {update.isPending && <Spinner />}
            {update.isPending ? 'Salvando...' : 'Salvar Alterações'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
