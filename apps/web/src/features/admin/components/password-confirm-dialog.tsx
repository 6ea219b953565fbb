import { useRef, useState, type ReactNode } from 'react';
import { BACKUP_MESSAGES } from '@viabiliza/contracts/backup';

import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/**
 * Asks the signed-in admin for their password again before a backup leaves the server, replaces
 * data or shows its key. The server checks it; a refusal is shown under the field. Radix's dialog
 * traps focus and closes on Escape; focus goes back to the button that opened it; Enter submits.
 */
export function PasswordConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  pendingLabel,
  destructive = false,
  pending,
  error,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  destructive?: boolean;
  pending: boolean;
  /** The server's refusal (wrong password…), shown under the field. */
  error?: string;
  onConfirm: (password: string) => void;
}) {
  // Opened from a button, not a DialogTrigger: Radix would drop focus on close, so it goes back here.
  // (Radix then focuses the first field itself; an autoFocus would move focus before this runs.)
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent
        onOpenAutoFocus={() => {
          returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
        }}
        onCloseAutoFocus={(e) => {
          if (!returnTo.current?.isConnected) return;
          e.preventDefault();
          returnTo.current.focus();
        }}
      >
        {/* Inside the content, which unmounts on close: a password never lingers in the page. */}
        <PasswordForm {...{ title, description, confirmLabel, pendingLabel, destructive, pending, error, onConfirm }} onCancel={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function PasswordForm({
  title,
  description,
  confirmLabel,
  pendingLabel,
  destructive,
  pending,
  error,
  onConfirm,
  onCancel,
}: {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  destructive: boolean;
  pending: boolean;
  error?: string;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [empty, setEmpty] = useState(false);
  const shown = empty ? BACKUP_MESSAGES.passwordRequired : error;
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (!password) {
          setEmpty(true);
          return;
        }
        onConfirm(password);
      }}
    >
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <FormField id="admin-password" label="Sua senha" hint="Confirme com a senha da sua conta de administrador." error={shown}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => {
              setPassword(e.target.value);
              setEmpty(false);
            }}
            disabled={pending}
          />
        )}
      </FormField>
      <p className="sr-only" aria-live="assertive">
        {shown}
      </p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          Cancelar
        </Button>
        <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
