import { CircleAlert, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';

import { useConfirmEmail } from '@/features/auth/api/confirm-email';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';

/**
 * /verificar-email?token=…: the link is spent only when the person presses the button, not when the
 * page opens, so a mail scanner that follows links cannot use it up.
 */
export function ConfirmEmailCard({ token }: { token: string }) {
  const confirm = useConfirmEmail();
  if (confirm.isSuccess) {
    return (
      <div className="grid gap-4">
        <Alert role="status">
          <CircleCheck aria-hidden />
          <AlertDescription>
            {confirm.data.message} ({confirm.data.email})
          </AlertDescription>
        </Alert>
        <Button asChild className="w-full">
          <Link to="/profile">Ir para Meu Perfil</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      {confirm.isError && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertDescription>{errorMessage(confirm.error)}</AlertDescription>
        </Alert>
      )}
      <Button className="w-full" disabled={confirm.isPending} onClick={() => confirm.mutate({ token })}>
        {confirm.isPending && <Spinner />}
        Confirmar e-mail
      </Button>
    </div>
  );
}
