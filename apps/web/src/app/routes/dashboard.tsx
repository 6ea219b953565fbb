import { DASHBOARD_MESSAGES } from '@viabiliza/contracts/dashboard';

import { Dashboard } from '@/features/dashboard/components/dashboard';
import { AccessRestricted } from '@/components/errors/access-restricted';
import { PageLoader } from '@/components/layout/page-loader';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';

export default function DashboardRoute() {
  const { user, isLoading } = useSession();
  usePageMeta({ title: 'Dashboard', noindex: true });

  if (isLoading) return <PageLoader label="Carregando..." />;
  if (!user) return <AccessRestricted message={DASHBOARD_MESSAGES.restricted} />;
  return <Dashboard user={user} />;
}
