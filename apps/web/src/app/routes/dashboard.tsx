import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { AccessRestricted } from '@/components/errors/access-restricted';
import { PageLoader } from '@/components/layout/page-loader';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';

export default function DashboardRoute() {
  const { user, isLoading, isFetching, refetch } = useSession();
  usePageMeta({ title: 'Dashboard', noindex: true });

  if (isLoading) return <PageLoader label="Carregando..." />;
  if (!user) return <AccessRestricted message="Faça login para acessar o dashboard" />;

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      {/* Statistics, recent analyses and activity arrive with the analysis issues. */}
      <DashboardHeader user={user} onRefresh={() => void refetch()} isRefreshing={isFetching} />
    </div>
  );
}
