import { SystemMonitor } from '@/features/admin/components/system-monitor';
import { PermissionGuard } from '@/components/errors/permission-guard';
import { usePageMeta } from '@/lib/page-meta';

export default function SystemMonitorRoute() {
  usePageMeta({ title: 'Monitor do Sistema', noindex: true });
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PermissionGuard>
        <div className="mb-6 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Monitor do Sistema</h1>
          <p className="text-sm text-muted-foreground">Métricas medidas pelo próprio servidor e serviços testados a cada atualização.</p>
        </div>
        <SystemMonitor />
      </PermissionGuard>
    </div>
  );
}
