import { useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';

import { DemoLoginCard } from '@/features/auth/components/demo-login-card';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { PageLoader } from '@/components/layout/page-loader';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useSession } from '@/lib/session';

type AuthTab = 'signin' | 'signup';

/**
 * /auth (tabs 'Entrar' and 'Criar Conta') and /registro (same tabs, opened on 'Criar Conta'). A visitor who is already
 * signed in is sent on with replace: to '/' from /auth, to '/dashboard' from /registro (spec 01 §2).
 */
export function AuthPage({ mode }: { mode: 'auth' | 'register' }) {
  const { user, isLoading } = useSession();
  const [tab, setTab] = useState<AuthTab>(mode === 'register' ? 'signup' : 'signin');
  // Set by a successful form just before the session lands, so only one navigation happens.
  const [redirectTo, setRedirectTo] = useState<string | null>(null);
  const successTarget = mode === 'register' ? '/dashboard' : '/';
  const { hash } = useLocation();
  // 'Experimentar a demonstração' (Acesso Restrito) lands on the demo card, below the forms.
  useEffect(() => {
    if (hash === '#demonstracao' && !isLoading) document.getElementById('demonstracao')?.scrollIntoView({ block: 'center' });
  }, [hash, isLoading]);

  if (isLoading) return <PageLoader label="Carregando..." />;
  if (user) return <Navigate to={redirectTo ?? successTarget} replace />;

  const onSuccess = () => setRedirectTo(successTarget);
  const onDemo = () => setRedirectTo('/dashboard');

  return (
    <div className="mx-auto grid w-full max-w-md gap-6 px-4 py-10 sm:py-14">
      <div className="space-y-2 text-center">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">
          {mode === 'register' ? 'Criar Conta' : 'Acesse o Viabiliza'}
        </h1>
        <p className="text-sm text-muted-foreground">
          {mode === 'register'
            ? 'Cadastre-se para analisar a viabilidade dos seus imóveis.'
            : 'Entre na sua conta ou crie uma nova para começar suas análises.'}
        </p>
      </div>

      <Card className="gap-4">
        <CardContent>
          <Tabs value={tab} onValueChange={(value) => setTab(value as AuthTab)}>
            <TabsList className="mb-4 grid w-full grid-cols-2">
              <TabsTrigger value="signin">Entrar</TabsTrigger>
              <TabsTrigger value="signup">Criar Conta</TabsTrigger>
            </TabsList>
            <TabsContent value="signin">
              <SignInForm onSignedIn={onSuccess} />
            </TabsContent>
            <TabsContent value="signup">
              <SignUpForm onSignedUp={onSuccess} />
            </TabsContent>
          </Tabs>
        </CardContent>
      </Card>

      <DemoLoginCard onSignedIn={onDemo} />
    </div>
  );
}
