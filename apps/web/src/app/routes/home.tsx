import { PUBLIC_PAGES } from '@/app/public-pages';
import { HomePage } from '@/features/site/components/home-page';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';

export default function HomeRoute() {
  const { user } = useSession();
  usePageMeta(PUBLIC_PAGES.home.meta);
  return <HomePage signedIn={Boolean(user)} />;
}
