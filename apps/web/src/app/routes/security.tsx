import { SecurityPanel } from '@/features/admin/components/security-panel';
import { PermissionGuard } from '@/components/errors/permission-guard';
import { usePageMeta } from '@/lib/page-meta';

export default function SecurityRoute() {
  usePageMeta({ title: 'Segurança', noindex: true });
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PermissionGuard>
        <div className="mb-6 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Painel de Segurança</h1>
          <p className="text-sm text-muted-foreground">Verificações desta instalação e sessões ativas dos usuários.</p>
        </div>
        <SecurityPanel />
      </PermissionGuard>
    </div>
  );
}
