import { PUBLIC_PAGES } from '@/app/public-pages';
import { MethodologyPage } from '@/features/site/components/methodology-page';
import { usePageMeta } from '@/lib/page-meta';

export default function MethodologyPageRoute() {
  usePageMeta(PUBLIC_PAGES.methodology.meta);
  return <MethodologyPage />;
}
