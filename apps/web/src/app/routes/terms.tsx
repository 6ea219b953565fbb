import { PUBLIC_PAGES } from '@/app/public-pages';
import { LegalPage } from '@/features/site/components/legal-page';
import { TERMS_SECTIONS } from '@/features/site/utils/legal';
import { usePageMeta } from '@/lib/page-meta';

export default function TermsRoute() {
  usePageMeta(PUBLIC_PAGES.terms.meta);
  return <LegalPage title={PUBLIC_PAGES.terms.heading} lead="As regras para usar o Viabiliza." sections={TERMS_SECTIONS} />;
}
