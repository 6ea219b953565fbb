import { DASHBOARD_MESSAGES } from '@viabiliza/contracts/dashboard';
import type { SessionUser } from '@viabiliza/contracts/auth';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

import { useDashboardMetrics } from '@/features/dashboard/api/get-dashboard-metrics';
import { useDashboardStats } from '@/features/dashboard/api/get-dashboard-stats';
import { useDashboardEvents } from '@/features/dashboard/api/subscribe-dashboard-events';
import { DashboardHeader } from '@/features/dashboard/components/dashboard-header';
import { MetricsPanel } from '@/features/dashboard/components/metrics-panel';
import { OnboardingDialog } from '@/features/dashboard/components/onboarding-dialog';
import { OverviewPanel } from '@/features/dashboard/components/overview-panel';
import { PropertyFocusCard } from '@/features/dashboard/components/property-focus-card';
import { RecentAnalyses } from '@/features/dashboard/components/recent-analyses';
import { StatCards } from '@/features/dashboard/components/stat-cards';
import { useOnboarding } from '@/features/dashboard/hooks/use-onboarding';
import { QueryError } from '@/components/errors/query-error';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { toast } from '@/lib/toast';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The signed-in dashboard (spec 01 §2 'Dashboard'): stats, recent analyses, overview, activity and onboarding. */
export function Dashboard({ user }: { user: SessionUser }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const rawProperty = searchParams.get('property');
  const propertyId = rawProperty && UUID.test(rawProperty) ? rawProperty : null;
  const [tab, setTab] = useState('recentes');
  // A search result that points at a property shows 'Recentes', where its analyses are highlighted.
  const [shownProperty, setShownProperty] = useState(propertyId);
  if (propertyId !== shownProperty) {
    setShownProperty(propertyId);
    if (propertyId) setTab('recentes');
  }

  const stats = useDashboardStats();
  const metrics = useDashboardMetrics();
  useDashboardEvents({ enabled: true });
  const onboarding = useOnboarding({ enabled: true });

  // Spec 01 §8 'Pages': the failure is announced once per failed load (a toast), and stays inline with a retry.
  useEffect(() => {
    if (stats.isError) toast.error(DASHBOARD_MESSAGES.loadError);
  }, [stats.isError, stats.errorUpdatedAt]);
  // Spec 01 §8: a metrics failure is only logged (the panel shows its own retry).
  useEffect(() => {
    if (metrics.error) console.warn('Falha ao carregar métricas do dashboard', metrics.error);
  }, [metrics.error]);

  const refresh = () => {
    void stats.refetch();
    void metrics.refetch();
  };
  const clearProperty = () => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('property');
        return next;
      },
      { replace: true },
    );
  };

  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 px-4 py-8 sm:px-6 lg:px-8">
      <DashboardHeader
        user={user}
        onRefresh={refresh}
        isRefreshing={stats.isFetching || metrics.isFetching}
        onShowTutorial={onboarding.restart}
      />

      {propertyId && <PropertyFocusCard propertyId={propertyId} onClear={clearProperty} />}

      {stats.isError && !stats.data ? (
        <QueryError title={DASHBOARD_MESSAGES.loadError} error={stats.error} onRetry={refresh} isRetrying={stats.isFetching} />
      ) : (
        <StatCards stats={stats.data} />
      )}

      <Tabs value={tab} onValueChange={setTab} className="gap-4">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="recentes">Recentes</TabsTrigger>
          <TabsTrigger value="visao-geral">Visão Geral</TabsTrigger>
          <TabsTrigger value="atividade">Atividade</TabsTrigger>
        </TabsList>
        <TabsContent value="recentes">
          <RecentAnalyses items={stats.data?.recentAnalyses} highlightPropertyId={propertyId} />
        </TabsContent>
        <TabsContent value="visao-geral">
          <OverviewPanel stats={stats.data} />
        </TabsContent>
        <TabsContent value="atividade">
          <MetricsPanel
            metrics={metrics.data}
            system={stats.data?.system}
            error={metrics.error}
            onRetry={() => void metrics.refetch()}
            isRetrying={metrics.isFetching}
          />
        </TabsContent>
      </Tabs>

      <OnboardingDialog state={onboarding} />
    </div>
  );
}
