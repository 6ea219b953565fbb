import { Link, useSearchParams } from 'react-router';

import { AccountPage } from '@/features/auth/components/account-page';
import { ConfirmEmailCard } from '@/features/auth/components/confirm-email-card';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/page-meta';

export default function ConfirmEmailRoute() {
  usePageMeta({ title: 'Confirmar e-mail', noindex: true });
  const token = useSearchParams()[0].get('token') ?? '';
  return (
    <AccountPage title="Confirmar e-mail" lead="Confirme que este e-mail é seu para compartilhar análises e recuperar o acesso à conta.">
      {token ? (
        <ConfirmEmailCard token={token} />
      ) : (
        <div className="grid gap-4 text-sm">
          <p>Este endereço não tem o link completo. Abra o link do e-mail ou peça um novo em Meu Perfil.</p>
          <Button asChild>
            <Link to="/profile">Ir para Meu Perfil</Link>
          </Button>
        </div>
      )}
    </AccountPage>
  );
}
