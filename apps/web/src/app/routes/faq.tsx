import { PUBLIC_PAGES } from '@/app/public-pages';
import { FaqPage } from '@/features/site/components/faq-page';
import { usePageMeta } from '@/lib/page-meta';

export default function FaqPageRoute() {
  usePageMeta(PUBLIC_PAGES.faq.meta);
  return <FaqPage />;
}
