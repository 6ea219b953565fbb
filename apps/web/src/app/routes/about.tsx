import { PUBLIC_PAGES } from '@/app/public-pages';
import { AboutPage } from '@/features/site/components/about-page';
import { usePageMeta } from '@/lib/page-meta';

export default function AboutPageRoute() {
  usePageMeta(PUBLIC_PAGES.about.meta);
  return <AboutPage />;
}
