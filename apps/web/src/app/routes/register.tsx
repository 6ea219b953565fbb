import { AuthPage } from '@/features/auth/components/auth-page';
import { usePageMeta } from '@/lib/page-meta';

export default function RegisterRoute() {
  usePageMeta({
    title: 'Criar Conta',
    description: 'Crie sua conta Viabiliza gratuitamente e comece a analisar a viabilidade dos seus imóveis.',
  });
  return <AuthPage mode="register" />;
}
