import { LogsPanel } from '@/features/admin/components/logs-panel';
import { SecurityAudit } from '@/features/admin/components/security-audit';
import { PermissionGuard } from '@/components/errors/permission-guard';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageMeta } from '@/lib/page-meta';

export default function SecurityAuditRoute() {
  usePageMeta({ title: 'Auditoria de Segurança', noindex: true });
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PermissionGuard>
        <div className="mb-6 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Auditoria de Segurança em Tempo Real</h1>
          <p className="text-sm text-muted-foreground">Eventos registrados pelo servidor: logins, cadastros, envios, análises, exportações, sessões e papéis.</p>
        </div>
        <Tabs defaultValue="events">
          <TabsList>
            <TabsTrigger value="events">Eventos</TabsTrigger>
            <TabsTrigger value="logs">Logs</TabsTrigger>
          </TabsList>
          <TabsContent value="events" className="mt-4">
            <SecurityAudit />
          </TabsContent>
          <TabsContent value="logs" className="mt-4">
            <LogsPanel />
          </TabsContent>
        </Tabs>
      </PermissionGuard>
    </div>
  );
}
