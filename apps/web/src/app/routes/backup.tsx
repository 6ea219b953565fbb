import { BackupManager } from '@/features/admin/components/backup-manager';
import { PermissionGuard } from '@/components/errors/permission-guard';
import { usePageMeta } from '@/lib/page-meta';

export default function BackupRoute() {
  usePageMeta({ title: 'Backup', noindex: true });
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PermissionGuard>
        <div className="mb-6 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Sistema de Backup</h1>
          <p className="text-sm text-muted-foreground">Cópias dos dados e dos arquivos enviados, com download e restauração.</p>
        </div>
        <BackupManager />
      </PermissionGuard>
    </div>
  );
}
