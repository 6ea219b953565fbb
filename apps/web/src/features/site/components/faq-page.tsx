import { ArrowRight, ChevronDown } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { PageIntro, PageSection } from '@/features/site/components/page-intro';
import { FAQ_CATEGORIES } from '@/features/site/utils/faq';

const USE_CASES = [
  { title: 'Compra de imóvel pronto', text: 'Conferir matrícula, ônus, custo total de aquisição, financiamento e preço por m² antes de fazer a proposta.' },
  { title: 'Investimento para renda', text: 'Comparar yield, cap rate e retorno sobre o capital próprio com a Selic e a inflação do período.' },
  { title: 'Incorporação e terrenos', text: 'Estimar custo de obra pelo CUB, receita de vendas e margem antes de avançar com um terreno.' },
  { title: 'Consultoria e due diligence', text: 'Padronizar a leitura dos documentos e entregar ao cliente um relatório que mostra a origem de cada número.' },
];

export function FaqPage() {
  return (
    <>
      <PageIntro eyebrow="FAQ" title="Perguntas Frequentes" lead="Respostas sobre o que o Viabiliza faz, como funciona, como protege seus dados e quais são os seus limites." />

      <div className="mx-auto w-full max-w-4xl space-y-8 px-4 py-12 sm:px-6">
        {FAQ_CATEGORIES.map((category) => (
          <section key={category.id} aria-labelledby={`faq-${category.id}`}>
            <Card className="gap-2 py-4">
              <CardHeader className="px-4 sm:px-6">
                <CardTitle>
                  <h2 id={`faq-${category.id}`} className="text-xl font-semibold">
                    {category.title}
                  </h2>
                </CardTitle>
              </CardHeader>
              <CardContent className="px-4 sm:px-6">
                {/*
                  Native disclosure widgets: they open and close with Enter or Space, need no script
                  (the prerendered page works before, or without, JavaScript) and keep the answers in
                  the HTML for search engines.
                */}
                <div>
                  {category.items.map((item) => (
                    <details key={item.question} className="group border-b last:border-b-0">
                      <summary className="flex cursor-pointer list-none items-start justify-between gap-4 rounded-md py-4 text-left text-sm font-medium outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 [&::-webkit-details-marker]:hidden">
                        {item.question}
                        <ChevronDown aria-hidden className="pointer-events-none size-4 shrink-0 translate-y-0.5 text-muted-foreground transition-transform duration-200 group-open:rotate-180" />
                      </summary>
                      <p className="pb-4 text-sm leading-relaxed text-muted-foreground">{item.answer}</p>
                    </details>
                  ))}
                </div>
              </CardContent>
            </Card>
          </section>
        ))}
      </div>

      <PageSection id="casos-de-uso" title="Casos de uso" className="pt-0">
        <ul className="grid gap-4 sm:grid-cols-2">
          {USE_CASES.map((c) => (
            <li key={c.title} className="rounded-xl border bg-card p-5">
              <h3 className="font-semibold">{c.title}</h3>
              <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{c.text}</p>
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild>
            <Link to="/analisar-area">
              Iniciar Análise
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/documentacao">Ver Documentação</Link>
          </Button>
        </div>
      </PageSection>
    </>
  );
}
