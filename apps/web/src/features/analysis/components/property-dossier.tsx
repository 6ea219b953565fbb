import { usePropertyDossier } from '@/features/analysis/api/get-property-dossier';
import { DossierPanel, DossierPanelSkeleton } from '@/features/analysis/components/dossier-panel';
import { QueryError } from '@/components/errors/query-error';

/** The property's page: the dossier of every document read for it, as of today. */
export function PropertyDossier({ propertyId }: { propertyId: string }) {
  const query = usePropertyDossier(propertyId);
  if (query.isPending) return <DossierPanelSkeleton />;
  if (query.isError) {
    return (
      <QueryError title="Não foi possível carregar a diligência do imóvel." error={query.error} onRetry={() => void query.refetch()} isRetrying={query.isFetching} />
    );
  }
  return (
    <DossierPanel
      dossier={query.data.dossier}
      emptyMessage="Os documentos enviados para este imóvel ainda não foram lidos, ou nenhum foi enviado. Envie a pasta da venda na área de documentos: a diligência mostra proprietários, ônus, certidões e conferências, cada dado com o documento e a página de onde foi lido."
    />
  );
}
