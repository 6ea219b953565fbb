import { TestCenter } from '@/features/admin/components/test-center';
import { PermissionGuard } from '@/components/errors/permission-guard';
import { usePageMeta } from '@/lib/page-meta';

export default function TestingRoute() {
  usePageMeta({ title: 'Centro de Testes', noindex: true });
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PermissionGuard>
        <div className="mb-6 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Centro de Testes</h1>
          <p className="text-sm text-muted-foreground">Fluxos reais pela API e documentos de exemplo pela extração e pelo motor de análise.</p>
        </div>
        <TestCenter />
      </PermissionGuard>
    </div>
  );
}
