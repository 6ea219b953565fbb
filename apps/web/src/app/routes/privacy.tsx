import { PUBLIC_PAGES } from '@/app/public-pages';
import { LegalPage } from '@/features/site/components/legal-page';
import { PRIVACY_SECTIONS } from '@/features/site/utils/legal';
import { usePageMeta } from '@/lib/page-meta';

export default function PrivacyRoute() {
  usePageMeta(PUBLIC_PAGES.privacy.meta);
  return <LegalPage title={PUBLIC_PAGES.privacy.heading} lead="Quais dados o Viabiliza trata, para quê, como os protege e como você exerce seus direitos." sections={PRIVACY_SECTIONS} />;
}
