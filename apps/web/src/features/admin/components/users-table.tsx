import { SELF_ROLE_CHANGE_MESSAGE } from '@viabiliza/contracts/admin-users';
import { ShieldCheck, ShieldOff, Users } from 'lucide-react';

import { useAdminUsers } from '@/features/admin/api/get-admin-users';
import { useUpdateUserRole } from '@/features/admin/api/update-user-role';
import { QueryError } from '@/components/errors/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardAction, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatDate } from '@/lib/format';

export function UsersTable({ currentUserId }: { currentUserId: string }) {
  const users = useAdminUsers();
  const updateRole = useUpdateUserRole();
  const pendingUserId = updateRole.isPending ? updateRole.variables?.userId : undefined;

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <Users className="size-4" aria-hidden />
            Usuários e papéis
          </h2>
        </CardTitle>
        <CardDescription>Conceda ou remova o papel de administrador. O servidor confere cada alteração.</CardDescription>
        {users.data && (
          <CardAction>
            <Badge variant="secondary">{users.data.users.length} usuário(s)</Badge>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {users.isPending ? (
          <div className="grid gap-2" role="status" aria-label="Carregando usuários">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : users.isError ? (
          <QueryError
            title="Erro ao carregar usuários"
            error={users.error}
            onRetry={() => void users.refetch()}
            isRetrying={users.isFetching}
          />
        ) : users.data.users.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">Nenhum usuário encontrado</p>
        ) : (
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Nome</TableHead>
                <TableHead>E-mail</TableHead>
                <TableHead>Papel</TableHead>
                <TableHead>Criado em</TableHead>
                <TableHead className="text-right">Ações</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.data.users.map((row) => {
                const isSelf = row.id === currentUserId;
                const isAdmin = row.role === 'admin';
                const isPending = pendingUserId === row.id;
                return (
                  <TableRow key={row.id}>
                    <TableCell className="font-medium">{row.fullName || '—'}</TableCell>
                    <TableCell>{row.email}</TableCell>
                    <TableCell>
                      {isAdmin ? (
                        <Badge className="bg-primary/10 text-primary" variant="secondary">
                          Administrador
                        </Badge>
                      ) : (
                        <Badge variant="outline">Usuário</Badge>
                      )}
                    </TableCell>
                    <TableCell>{formatDate(row.createdAt)}</TableCell>
                    <TableCell className="text-right">
                      <Button
                        size="sm"
                        variant={isAdmin ? 'outline' : 'default'}
                        disabled={isPending || (isSelf && isAdmin)}
                        title={isSelf && isAdmin ? SELF_ROLE_CHANGE_MESSAGE : undefined}
                        aria-label={`${isAdmin ? 'Remover administrador' : 'Tornar administrador'}: ${row.email}`}
                        onClick={() => updateRole.mutate({ userId: row.id, role: isAdmin ? 'user' : 'admin' })}
                      >
                        {isPending ? <Spinner /> : isAdmin ? <ShieldOff aria-hidden /> : <ShieldCheck aria-hidden />}
                        {isAdmin ? 'Remover administrador' : 'Tornar administrador'}
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}
