import { AnalyticsPanel } from '@/features/admin/components/analytics-panel';
import { PermissionGuard } from '@/components/errors/permission-guard';
import { usePageMeta } from '@/lib/page-meta';

export default function AnalyticsRoute() {
  usePageMeta({ title: 'Analytics', noindex: true });
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PermissionGuard>
        <div className="mb-6 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Analytics Avançado</h1>
          <p className="text-sm text-muted-foreground">Uso, conversão, providers e desempenho, calculados a partir dos dados da plataforma.</p>
        </div>
        <AnalyticsPanel />
      </PermissionGuard>
    </div>
  );
}
