import { Lock } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/**
 * The 'Acesso Restrito' card shown to anonymous visitors of signed-in pages (spec 01 §2 'Dashboard'):
 * a visitor without an account is offered one, or the demo, not only 'Entrar'.
 */
export function AccessRestricted({ message }: { message: string }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-1 items-center px-4 py-12">
      <Card className="w-full text-center">
        <CardHeader className="justify-items-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Lock className="size-6" aria-hidden />
          </div>
          <CardTitle>
            <h1 className="text-xl">Acesso Restrito</h1>
          </CardTitle>
          <CardDescription>{message}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-2 sm:grid-cols-2">
          <Button asChild>
            <Link to="/auth">Entrar</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/registro">Criar conta</Link>
          </Button>
          <Button asChild variant="link" className="sm:col-span-2">
            <Link to="/registro#demonstracao">Experimentar a demonstração</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
