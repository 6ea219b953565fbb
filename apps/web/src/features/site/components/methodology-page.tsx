import { ArrowRight, Building2, ClipboardList, Database, FileText, Landmark, Leaf, MapPin, Scale, Wallet, Wrench, Zap, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageIntro, PageSection } from '@/features/site/components/page-intro';

const STEPS = [
  { title: 'Coleta de dados', text: 'Você preenche o questionário do imóvel com o que tiver e envia os documentos. O texto é extraído no servidor, inclusive por OCR, e os campos-chave (áreas, valores, matrícula, ônus) são identificados.' },
  { title: 'Análise pelo motor', text: 'O Motor Viabiliza cruza questionário, documentos e dados de referência e calcula cada número com a sua origem. Com um provedor de IA configurado, um modelo de linguagem redige o texto em volta desses números.' },
  { title: 'Relatório final', text: 'O relatório traz a pontuação de viabilidade, a completude dos dados, os achados e as recomendações, e pode ser aberto em HTML, baixado em PDF ou comparado com análises anteriores.' },
];

const ANALYSES: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Wrench, title: 'Análise técnica', text: 'Consistência entre as áreas declaradas e as dos documentos, estado de conservação e características do imóvel.' },
  { icon: Leaf, title: 'Análise ambiental', text: 'Achados nos documentos como APP, área de manancial, contaminação e licenças, e o que falta para concluir.' },
  { icon: Scale, title: 'Análise jurídica', text: 'Checklist documental, situação legal e achados como ônus, penhoras, restrições e divergências de titularidade.' },
  { icon: Wallet, title: 'Análise financeira', text: 'Custo total de aquisição, financiamento SAC e Price, fluxo de caixa, VPL, TIR, payback e sensibilidade.' },
];

const SOURCES: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: FileText, title: 'Seus documentos', text: 'Matrícula e certidões do cartório de registro de imóveis, escritura, IPTU, plantas e planilhas.' },
  { icon: Landmark, title: 'Prefeituras', text: 'Alíquotas de ITBI e regras municipais registradas no conjunto de referência.' },
  { icon: Building2, title: 'Custos de construção', text: 'CUB dos Sinduscons estaduais e SINAPI (Caixa/IBGE).' },
  { icon: Database, title: 'Indicadores econômicos', text: 'Selic (Copom/Banco Central), IPCA e séries do IBGE, e preços anunciados FipeZAP.' },
];

const CRITERIA: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: MapPin, title: 'Localização', text: 'Preço por m² frente à referência da cidade, aluguel esperado e liquidez da região.' },
  { icon: Wrench, title: 'Técnico', text: 'Áreas, conservação, padrão construtivo e custo de obra estimado.' },
  { icon: Scale, title: 'Jurídico', text: 'Regularidade da matrícula, ônus, certidões e documentos que faltam.' },
  { icon: Wallet, title: 'Financeiro', text: 'Retorno, custo de capital, financiamento e cenários de sensibilidade.' },
];

function IconCards({ items, headingLevel = 'h3' }: { items: { icon: LucideIcon; title: string; text: string }[]; headingLevel?: 'h3' }) {
  const Heading = headingLevel;
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {items.map((item) => (
        <li key={item.title}>
          <Card className="h-full">
            <CardHeader>
              <div className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <item.icon className="size-5" aria-hidden />
              </div>
              <CardTitle>
                <Heading>{item.title}</Heading>
              </CardTitle>
              <CardDescription className="leading-relaxed">{item.text}</CardDescription>
            </CardHeader>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function MethodologyPage() {
  return (
    <>
      <PageIntro
        eyebrow="Metodologia"
        title="Análise de Imóveis"
        lead="Como o Viabiliza transforma o questionário e os documentos de um imóvel em uma análise de viabilidade técnica, ambiental, jurídica e financeira."
      >
        <Button size="lg" asChild>
          <Link to="/analisar-area">
            Iniciar Análise
            <ArrowRight aria-hidden />
          </Link>
        </Button>
      </PageIntro>

      <PageSection id="etapas" title="Como funciona" lead="Três etapas, do documento ao relatório.">
        <ol className="grid gap-4 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border bg-card p-6">
              <p className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground" aria-hidden>
                {index + 1}
              </p>
              <h3 className="mt-3 font-semibold">
                <span className="sr-only">Etapa {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </PageSection>

      <PageSection id="analises" title="Análises especializadas" lead="Quatro análises que a análise completa reúne em uma pontuação de viabilidade.">
        <IconCards items={ANALYSES} />
      </PageSection>

      <PageSection id="fontes" title="Fontes de dados" lead="Cada número do relatório indica a fonte e a data do dado usado.">
        <IconCards items={SOURCES} />
      </PageSection>

      <PageSection id="criterios" title="Critérios de avaliação">
        <IconCards items={CRITERIA} />
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Button size="lg" asChild>
            <Link to="/analise">
              <Zap aria-hidden />
              Análise Rápida
            </Link>
          </Button>
          <Button size="lg" variant="outline" asChild>
            <Link to="/faq">
              <ClipboardList aria-hidden />
              Saiba Mais
            </Link>
          </Button>
        </div>
      </PageSection>
    </>
  );
}
