import { useEffect, useRef, useState } from 'react';
import { CircleAlert, Clock, Database, Download, HardDrive, Plus, RefreshCw, RotateCcw } from 'lucide-react';
import { restoreConfirmation, type Backup } from '@viabiliza/contracts/backup';

import { useBackups } from '@/features/admin/api/get-backups';
import { useCreateBackup } from '@/features/admin/api/create-backup';
import { startDownload, useCreateDownloadLink } from '@/features/admin/api/create-download-link';
import { useRestoreBackup } from '@/features/admin/api/restore-backup';
import { BackupKeyCard } from '@/features/admin/components/backup-key-card';
import { PasswordConfirmDialog } from '@/features/admin/components/password-confirm-dialog';
import { QueryError } from '@/components/errors/query-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime, formatDecimal, formatFileSize, formatNumber } from '@/lib/format';
import { toast } from '@/lib/toast';

const STATUS: Record<Backup['status'], { label: string; variant: 'default' | 'secondary' | 'destructive' | 'outline' }> = {
  pending: { label: 'Pendente', variant: 'outline' },
  running: { label: 'Em andamento', variant: 'secondary' },
  completed: { label: 'Concluído', variant: 'default' },
  failed: { label: 'Falhou', variant: 'destructive' },
};

function BackupRow({ backup, onDownload, onRestore, restoring }: { backup: Backup; onDownload: (b: Backup) => void; onRestore: (b: Backup) => void; restoring: boolean }) {
  const s = STATUS[backup.status];
  const rows = backup.rowCounts ? Object.values(backup.rowCounts).reduce((a, b) => a + b, 0) : null;
  return (
    <li className="space-y-2 py-4" data-testid="backup-row">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium break-all">{backup.backupName}</p>
            <Badge variant={s.variant}>{s.label}</Badge>
            <Badge variant="outline">{backup.trigger === 'scheduled' ? 'Automático' : 'Manual'}</Badge>
          </div>
          <p className="text-sm text-muted-foreground">
            Criado em {formatDateTime(backup.createdAt)}
            {backup.completedAt && ` · concluído em ${formatDateTime(backup.completedAt)}`}
            {backup.restoredAt && ` · restaurado em ${formatDateTime(backup.restoredAt)}`}
          </p>
          {backup.status === 'completed' && backup.backupSize !== null && (
            <p className="text-sm text-muted-foreground" data-testid="backup-size">
              {formatFileSize(backup.backupSize)}
              {backup.originalSize !== null && ` (de ${formatFileSize(backup.originalSize)}`}
              {backup.compressionRatio !== null && `, compressão ${formatDecimal(backup.compressionRatio)}:1)`}
              {rows !== null && ` · ${formatNumber(rows)} registros`}
              {backup.fileCount !== null && ` · ${formatNumber(backup.fileCount)} arquivo(s)`}
            </p>
          )}
        </div>
        {backup.status === 'completed' && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" size="sm" onClick={() => onDownload(backup)} aria-label={`Baixar ${backup.backupName}`}>
              <Download aria-hidden />
              Baixar
            </Button>
            <Button variant="outline" size="sm" onClick={() => onRestore(backup)} disabled={restoring} aria-label={`Restaurar ${backup.backupName}`}>
              <RotateCcw aria-hidden />
              Restaurar
            </Button>
          </div>
        )}
      </div>
      {backup.progress && (
        <div className="space-y-1" role="status">
          <Progress value={backup.progress.percent} aria-label={`Progresso do backup: ${backup.progress.percent}%`} />
          <p className="text-xs text-muted-foreground">
            {backup.progress.label} · {backup.progress.percent}%
          </p>
        </div>
      )}
      {backup.errorMessage && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden />
          <AlertTitle>Erro no backup</AlertTitle>
          <AlertDescription>{backup.errorMessage}</AlertDescription>
        </Alert>
      )}
    </li>
  );
}

/** Spec 02 §7: totals, create and refresh, the history of 20, download and restore, the schedule. */
export function BackupManager() {
  const backups = useBackups();
  const create = useCreateBackup();
  const restore = useRestoreBackup();
  const downloadLink = useCreateDownloadLink();
  const [confirming, setConfirming] = useState<Backup | null>(null);
  const [downloading, setDownloading] = useState<Backup | null>(null);
  // Tell the admin when a backup they watched running finishes.
  const watched = useRef(new Map<string, Backup['status']>());
  useEffect(() => {
    for (const b of backups.data?.backups ?? []) {
      const before = watched.current.get(b.id);
      if ((before === 'pending' || before === 'running') && b.status === 'completed') toast.success(`Backup ${b.backupName} concluído`);
      if ((before === 'pending' || before === 'running') && b.status === 'failed') toast.error('Erro', { description: 'Falha ao criar backup' });
      watched.current.set(b.id, b.status);
    }
  }, [backups.data]);

  if (backups.isPending) {
    return (
      <div className="grid gap-4 sm:grid-cols-3" role="status" aria-label="Carregando backups">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
    );
  }
  if (backups.isError) {
    return <QueryError title="Falha ao carregar histórico de backups" error={backups.error} onRetry={() => void backups.refetch()} isRetrying={backups.isFetching} />;
  }
  const { totals, schedule } = backups.data;
  const busy = create.isPending || backups.data.backups.some((b) => b.status === 'pending' || b.status === 'running');
  const cards = [
    { label: 'Backups', value: formatNumber(totals.count), icon: Database, testId: 'backup-total-count' },
    { label: 'Último backup', value: totals.lastCompletedAt ? formatDateTime(totals.lastCompletedAt) : '—', icon: Clock, testId: 'backup-total-last' },
    { label: 'Espaço utilizado', value: formatFileSize(totals.spaceUsed), icon: HardDrive, testId: 'backup-total-space' },
  ];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => create.mutate()} disabled={busy}>
          <Plus aria-hidden />
          Criar backup
        </Button>
        <Button variant="outline" onClick={() => void backups.refetch()} disabled={backups.isFetching}>
          <RefreshCw className={backups.isFetching ? 'animate-spin' : undefined} aria-hidden />
          Atualizar
        </Button>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {cards.map((c) => (
          <Card key={c.label} className="gap-2">
            <CardHeader className="flex flex-row items-center justify-between">
              <CardTitle className="text-sm font-medium text-muted-foreground">{c.label}</CardTitle>
              <c.icon className="size-4 text-muted-foreground" aria-hidden />
            </CardHeader>
            <CardContent>
              <span className="text-xl font-bold tabular-nums" data-testid={c.testId}>
                {c.value}
              </span>
            </CardContent>
          </Card>
        ))}
      </div>
      <BackupKeyCard encryption={backups.data.encryption} />
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Histórico de backups</CardTitle>
          <CardDescription>Os 20 mais recentes. Cada backup guarda as tabelas de usuários, imóveis, documentos, análises e notificações, e os arquivos enviados.</CardDescription>
        </CardHeader>
        <CardContent>
          {backups.data.backups.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nenhum backup encontrado</p>
          ) : (
            <ul className="divide-y">
              {backups.data.backups.map((b) => (
                <BackupRow key={b.id} backup={b} onDownload={setDownloading} onRestore={setConfirming} restoring={restore.isPending} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Backup automático</CardTitle>
        </CardHeader>
        <CardContent className="text-sm text-muted-foreground">
          Um backup é criado automaticamente todos os dias às 02:00 (fuso {schedule.timezone}). Backups com mais de {schedule.retentionDays} dias são excluídos
          na mesma rotina, com seus arquivos.
        </CardContent>
      </Card>
      <PasswordConfirmDialog
        open={downloading !== null}
        onOpenChange={(open) => {
          if (open) return;
          setDownloading(null);
          downloadLink.reset();
        }}
        title="Baixar backup"
        description={downloading ? `O arquivo "${downloading.backupName}" contém os dados de todas as contas, cifrados com a chave deste servidor.` : ''}
        confirmLabel="Baixar"
        pendingLabel="Verificando..."
        pending={downloadLink.isPending}
        error={downloadLink.error ? errorMessage(downloadLink.error) : undefined}
        onConfirm={(password) => {
          if (!downloading) return;
          downloadLink.mutate(
            { id: downloading.id, password },
            {
              onSuccess: ({ url }) => {
                startDownload(url);
                setDownloading(null);
                toast.info('Download iniciado');
              },
            },
          );
        }}
      />
      <PasswordConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => {
          if (open) return;
          setConfirming(null);
          restore.reset();
        }}
        title="Restaurar backup"
        description={confirming ? restoreConfirmation(confirming.backupName) : ''}
        confirmLabel="Restaurar"
        pendingLabel="Restaurando..."
        destructive
        pending={restore.isPending}
        error={restore.error ? errorMessage(restore.error) : undefined}
        onConfirm={(password) => {
          if (confirming) restore.mutate({ id: confirming.id, password }, { onSuccess: () => setConfirming(null) });
        }}
      />
    </div>
  );
}
