import { DEMO_SANDBOX, type SessionUser } from '@viabiliza/contracts/auth';
import { AUTH_MESSAGES } from '@viabiliza/contracts/errors';
import { Sparkles } from 'lucide-react';

import { useDemoSignIn } from '@/features/auth/api/demo-sign-in';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/lib/toast';

export function DemoLoginCard({ onSignedIn }: { onSignedIn: (user: SessionUser) => void }) {
  const demo = useDemoSignIn({
    onSuccess: (user) => {
      toast.success(AUTH_MESSAGES.demoSuccess);
      onSignedIn(user);
    },
  });

  return (
    <Card id="demonstracao" className="scroll-mt-20 gap-4 border-dashed bg-muted/30">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Sparkles className="size-4 text-primary" aria-hidden />
          <h2>Experimentar Plataforma</h2>
        </CardTitle>
        <CardDescription>
          Explore o Viabiliza com uma demonstração só sua, já preenchida com dados de exemplo e apagada após{' '}
          {DEMO_SANDBOX.ttlHours} horas. Não é preciso se cadastrar.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant="outline" className="w-full" disabled={demo.isPending} onClick={() => demo.mutate()}>
          {demo.isPending && <Spinner />}
          Entrar como Demo
        </Button>
      </CardContent>
    </Card>
  );
}
