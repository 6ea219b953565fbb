import { ACCOUNT_MAIL } from '@viabiliza/contracts/account-mail';
import { Link } from 'react-router';

import { AccountPage } from '@/features/auth/components/account-page';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { usePageMeta } from '@/lib/page-meta';

export default function ForgotPasswordRoute() {
  usePageMeta({ title: 'Esqueci minha senha', noindex: true });
  return (
    <AccountPage
      title="Esqueci minha senha"
      lead={`Informe o e-mail da sua conta: enviaremos um link para criar uma nova senha, válido por ${ACCOUNT_MAIL.tokenMinutes} minutos.`}
    >
      <div className="grid gap-4">
        <ForgotPasswordForm />
        <Link to="/auth" className="inline-flex min-h-11 items-center justify-center text-sm text-primary underline-offset-4 hover:underline">
          Voltar para Entrar
        </Link>
      </div>
    </AccountPage>
  );
}
