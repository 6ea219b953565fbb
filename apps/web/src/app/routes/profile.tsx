import { useProfile } from '@/features/profile/api/get-profile';
import { EmailSettings } from '@/features/profile/components/email-settings';
import { ProfileForm } from '@/features/profile/components/profile-form';
import { AccessRestricted } from '@/components/errors/access-restricted';
import { QueryError } from '@/components/errors/query-error';
import { PageLoader } from '@/components/layout/page-loader';
import { Skeleton } from '@/components/ui/skeleton';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';

function ProfileContent() {
  const profile = useProfile();

  if (profile.isPending) {
    return (
      <div className="grid gap-4 rounded-xl border p-6" role="status" aria-label="Carregando perfil">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i} className="grid gap-2">
            <Skeleton className="h-4 w-28" />
            <Skeleton className="h-9 w-full" />
          </div>
        ))}
      </div>
    );
  }
  if (profile.isError) {
    return (
      <QueryError
        title="Erro ao carregar perfil"
        error={profile.error}
        onRetry={() => void profile.refetch()}
        isRetrying={profile.isFetching}
      />
    );
  }
  return <ProfileForm profile={profile.data} />;
}

export default function ProfileRoute() {
  const { user, isLoading } = useSession();
  usePageMeta({ title: 'Meu Perfil', noindex: true });

  if (isLoading) return <PageLoader label="Carregando..." />;
  if (!user) return <AccessRestricted message="Faça login para acessar seu perfil" />;

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:px-6">
      <div className="mb-6 space-y-1">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Meu Perfil</h1>
        <p className="text-sm text-muted-foreground">Gerencie suas informações pessoais.</p>
      </div>
      <div className="grid gap-6">
        <ProfileContent />
        <EmailSettings user={user} />
      </div>
    </div>
  );
}
