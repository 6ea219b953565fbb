import { useState } from 'react';
import { Copy, KeyRound, ShieldCheck, TriangleAlert } from 'lucide-react';
import type { BackupEncryption, BackupKeyReveal } from '@viabiliza/contracts/backup';

import { useRevealBackupKey } from '@/features/admin/api/reveal-backup-key';
import { PasswordConfirmDialog } from '@/features/admin/components/password-confirm-dialog';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';

/**
 * How backups are encrypted, and the one time a generated key is shown: after the admin's
 * password, in a dialog that says it will not be shown again (the server records that it was).
 */
export function BackupKeyCard({ encryption }: { encryption: BackupEncryption }) {
  const reveal = useRevealBackupKey();
  const [asking, setAsking] = useState(false);
  const [revealed, setRevealed] = useState<BackupKeyReveal | null>(null);
  const pendingKey = encryption.source === 'generated' && encryption.shownAt === null;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldCheck className="size-4" aria-hidden />
          Criptografia dos backups
        </CardTitle>
        <CardDescription>
          Cada arquivo de backup é cifrado com {encryption.algorithm} antes de ser gravado; o download e a restauração pedem a sua senha.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        <p className="text-muted-foreground">
          {encryption.source === 'env' ? 'Chave definida pela variável BACKUP_ENCRYPTION_KEY do servidor' : 'Chave gerada neste servidor (arquivo backup-key do diretório de dados)'}
          {' · impressão digital '}
          <code className="rounded bg-muted px-1 py-0.5 font-mono text-xs break-all" data-testid="backup-key-fingerprint">
            {encryption.fingerprint}
          </code>
          {encryption.shownAt && ` · exibida em ${formatDateTime(encryption.shownAt)}`}
        </p>
        {pendingKey && (
          <Alert>
            <TriangleAlert aria-hidden />
            <AlertTitle>Guarde a chave de criptografia</AlertTitle>
            <AlertDescription>
              <p>Sem ela, nenhum backup pode ser restaurado em outro servidor. Ela será exibida uma única vez.</p>
              <Button className="mt-2" size="sm" onClick={() => setAsking(true)}>
                <KeyRound aria-hidden />
                Exibir chave
              </Button>
            </AlertDescription>
          </Alert>
        )}
      </CardContent>
      <PasswordConfirmDialog
        open={asking}
        onOpenChange={(open) => {
          setAsking(open);
          if (!open) reveal.reset();
        }}
        title="Exibir chave de criptografia"
        description="A chave será exibida uma única vez. Tenha um cofre de senhas à mão para guardá-la."
        confirmLabel="Exibir chave"
        pendingLabel="Verificando..."
        pending={reveal.isPending}
        error={reveal.error ? errorMessage(reveal.error) : undefined}
        onConfirm={(password) =>
          reveal.mutate(password, {
            onSuccess: (key) => {
              setAsking(false);
              setRevealed(key);
            },
          })
        }
      />
      <Dialog open={revealed !== null} onOpenChange={(open) => !open && setRevealed(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Chave de criptografia dos backups</DialogTitle>
            <DialogDescription>Esta chave não será exibida novamente. Guarde-a em um cofre de senhas, fora deste servidor.</DialogDescription>
          </DialogHeader>
          <div className="grid gap-2">
            <Label htmlFor="backup-key-value">Chave (BACKUP_ENCRYPTION_KEY)</Label>
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
              {/* Wrapped, so the whole key is visible on a phone too. */}
              <Textarea
                id="backup-key-value"
                readOnly
                rows={2}
                value={revealed?.key ?? ''}
                className="min-h-0 resize-none font-mono text-sm break-all"
                onFocus={(e) => e.currentTarget.select()}
              />
              <Button
                type="button"
                variant="outline"
                aria-label="Copiar chave"
                onClick={() => {
                  if (!revealed) return;
                  navigator.clipboard.writeText(revealed.key).then(
                    () => toast.success('Chave copiada'),
                    () => toast.error('Não foi possível copiar: selecione a chave e copie manualmente'),
                  );
                }}
              >
                <Copy aria-hidden />
                Copiar
              </Button>
            </div>
            <p className="text-xs text-muted-foreground">
              Impressão digital: <code className="font-mono">{revealed?.fingerprint}</code>. Para restaurar estes backups em outro servidor, defina
              BACKUP_ENCRYPTION_KEY com esta chave.
            </p>
          </div>
          <DialogFooter>
            <Button onClick={() => setRevealed(null)}>Já guardei a chave</Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
