import { PUBLIC_PAGES } from '@/app/public-pages';
import { DocumentationPage } from '@/features/site/components/documentation-page';
import { usePageMeta } from '@/lib/page-meta';

export default function DocumentationPageRoute() {
  usePageMeta(PUBLIC_PAGES.documentation.meta);
  return <DocumentationPage />;
}
