import { Link, useSearchParams } from 'react-router';

import { AccountPage } from '@/features/auth/components/account-page';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/page-meta';

export default function ResetPasswordRoute() {
  usePageMeta({ title: 'Redefinir senha', noindex: true });
  const token = useSearchParams()[0].get('token') ?? '';
  return (
    <AccountPage title="Redefinir senha" lead="Escolha uma nova senha. As sessões abertas com a senha antiga serão encerradas.">
      {token ? (
        <ResetPasswordForm token={token} />
      ) : (
        <div className="grid gap-4 text-sm">
          <p>Este endereço não tem o link completo. Abra o link do e-mail ou peça um novo.</p>
          <Button asChild>
            <Link to="/esqueci-senha">Pedir um novo link</Link>
          </Button>
        </div>
      )}
    </AccountPage>
  );
}
