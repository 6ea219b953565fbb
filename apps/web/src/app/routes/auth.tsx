import { AuthPage } from '@/features/auth/components/auth-page';
import { usePageMeta } from '@/lib/page-meta';

export default function AuthRoute() {
  usePageMeta({
    title: 'Entrar',
    description: 'Entre na sua conta Viabiliza ou crie uma nova para analisar a viabilidade de imóveis.',
  });
  return <AuthPage mode="auth" />;
}
