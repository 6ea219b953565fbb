import type { ReactNode } from 'react';

/** The title band of every information page: one h1, a lead paragraph, optional actions. */
export function PageIntro({ eyebrow, title, lead, children }: { eyebrow?: string; title: string; lead: ReactNode; children?: ReactNode }) {
  return (
    <section className="border-b bg-gradient-to-b from-primary/5 to-background">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-4 px-4 py-12 text-center sm:px-6 sm:py-16">
        {eyebrow && <p className="text-sm font-medium text-primary">{eyebrow}</p>}
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
        <p className="max-w-2xl text-base text-balance text-muted-foreground sm:text-lg">{lead}</p>
        {children && <div className="mt-2 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">{children}</div>}
      </div>
    </section>
  );
}

/** A titled section of an information page; the id makes it linkable and labels it. */
export function PageSection({ id, title, lead, children, className }: { id: string; title: string; lead?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 ${className ?? ''}`}>
      <div className="mb-8 space-y-2 text-center">
        <h2 id={id} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {title}
        </h2>
        {lead && <p className="mx-auto max-w-2xl text-muted-foreground">{lead}</p>}
      </div>
      {children}
    </section>
  );
}
