import { ReferenceDataManager } from '@/features/admin/components/reference-data-manager';
import { PermissionGuard } from '@/components/errors/permission-guard';
import { usePageMeta } from '@/lib/page-meta';

export default function ReferenceDataRoute() {
  usePageMeta({ title: 'Dados de referência', noindex: true });
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PermissionGuard>
        <div className="mb-6 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Dados de referência</h1>
          <p className="text-sm text-muted-foreground">Índices, preços por m², CUB e ITBI usados nas análises: datas, fontes, atualização e importação.</p>
        </div>
        <ReferenceDataManager />
      </PermissionGuard>
    </div>
  );
}
