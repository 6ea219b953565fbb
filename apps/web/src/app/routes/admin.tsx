import { UsersTable } from '@/features/admin/components/users-table';
import { PermissionGuard } from '@/components/errors/permission-guard';
import { Badge } from '@/components/ui/badge';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';

export default function AdminRoute() {
  const { user } = useSession();
  usePageMeta({ title: 'Administração', noindex: true });

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <PermissionGuard>
        <div className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div className="space-y-1">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Administração</h1>
            <p className="text-sm text-muted-foreground">Gerencie os usuários da plataforma e seus papéis.</p>
          </div>
          <Badge variant="secondary" className="bg-primary/10 text-primary">
            Área Administrativa
          </Badge>
        </div>
        {user && <UsersTable currentUserId={user.id} />}
      </PermissionGuard>
    </div>
  );
}
