import { PageIntro } from '@/features/site/components/page-intro';
import { LEGAL_UPDATED_AT, type LegalSection } from '@/features/site/utils/legal';

export function LegalPage({ title, lead, sections }: { title: string; lead: string; sections: LegalSection[] }) {
  return (
    <>
      <PageIntro title={title} lead={lead} eyebrow={`Última atualização: ${LEGAL_UPDATED_AT}`} />
      <article className="mx-auto w-full max-w-3xl space-y-8 px-4 py-12 sm:px-6">
        {sections.map((section) => (
          <section key={section.title} className="space-y-3">
            <h2 className="text-xl font-semibold">{section.title}</h2>
            {section.paragraphs.map((p) => (
              <p key={p} className="leading-relaxed text-muted-foreground">
                {p}
              </p>
            ))}
          </section>
        ))}
      </article>
    </>
  );
}
