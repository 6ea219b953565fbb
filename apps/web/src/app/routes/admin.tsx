import { useSearchParams } from 'react-router';

import type { OverallStatus } from '@viabiliza/contracts/admin-console';

import { useConsoleOverview } from '@/features/admin/api/get-console-overview';
import { useDeploy } from '@/features/admin/api/get-deploy';
import { ConsoleDeployment } from '@/features/admin/components/console-deployment';
import { ConsoleMonitoring } from '@/features/admin/components/console-monitoring';
import { ConsoleSystem } from '@/features/admin/components/console-system';
import { ConsoleTesting } from '@/features/admin/components/console-testing';
import { OutboxPanel } from '@/features/admin/components/outbox-panel';
import { UsersTable } from '@/features/admin/components/users-table';
import { PermissionGuard } from '@/components/errors/permission-guard';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';

const TABS = ['monitoring', 'testing', 'deployment', 'system'] as const;
type Tab = (typeof TABS)[number];

const SYSTEM_BADGE: Record<OverallStatus, { label: string; className: string }> = {
  healthy: { label: 'Sistema Ativo', className: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200' },
  warning: { label: 'Sistema em Atenção', className: 'bg-amber-100 text-amber-800 dark:bg-amber-950 dark:text-amber-200' },
  critical: { label: 'Sistema Crítico', className: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200' },
};

/** The header badge reads the monitoring's own status (the same query as the Monitoramento tab). */
function SystemStatusBadge() {
  const overview = useConsoleOverview(false);
  if (overview.isError) return <Badge variant="outline">Status indisponível</Badge>;
  if (!overview.data) return <Badge variant="outline">Verificando sistema…</Badge>;
  const { label, className } = SYSTEM_BADGE[overview.data.status];
  return (
    <Badge className={className} data-testid="system-badge" data-status={overview.data.status}>
      {label}
    </Badge>
  );
}

function VersionBadge() {
  const deploy = useDeploy();
  if (!deploy.data) return null;
  return <Badge variant="outline">Versão {deploy.data.version}</Badge>;
}

export default function AdminRoute() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  usePageMeta({ title: 'Administração', noindex: true });
  const requested = params.get('tab');
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'monitoring';

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PermissionGuard>
        <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Administração</h1>
            <p className="text-sm text-muted-foreground">Monitoramento, testes, deploy e sistema desta instalação.</p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Badge variant="secondary" className="bg-primary/10 text-primary">
              Área Administrativa
            </Badge>
            <SystemStatusBadge />
            <VersionBadge />
          </div>
        </div>
        <Tabs value={tab} onValueChange={(v) => setParams(v === 'monitoring' ? {} : { tab: v }, { replace: true })} className="space-y-6">
          <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:w-auto">
            <TabsTrigger value="monitoring">Monitoramento</TabsTrigger>
            <TabsTrigger value="testing">Testes</TabsTrigger>
            <TabsTrigger value="deployment">Deploy</TabsTrigger>
            <TabsTrigger value="system">Sistema</TabsTrigger>
          </TabsList>
          <TabsContent value="monitoring">
            <ConsoleMonitoring />
          </TabsContent>
          <TabsContent value="testing">
            <ConsoleTesting />
          </TabsContent>
          <TabsContent value="deployment">
            <ConsoleDeployment />
          </TabsContent>
          <TabsContent value="system">
            <ConsoleSystem />
          </TabsContent>
        </Tabs>
        {/* Users and roles stay reachable under every tab (the page's first purpose). */}
        <div className="mt-8">{user && <UsersTable currentUserId={user.id} />}</div>
        <div className="mt-8">
          <OutboxPanel />
        </div>
      </PermissionGuard>
    </div>
  );
}
