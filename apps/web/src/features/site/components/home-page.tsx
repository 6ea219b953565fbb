import { ArrowRight, BadgeCheck, Brain, CloudUpload, FileChartColumn, FileSearch, Gauge, Lock, Scale, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageSection } from '@/features/site/components/page-intro';
import { PRODUCT_LIMITS } from '@/features/site/utils/product-limits';

const STEPS: { icon: LucideIcon; title: string; description: string }[] = [
  {
    icon: CloudUpload,
    title: 'Upload inteligente',
    description:
      'Envie matrícula, escritura, IPTU, plantas e planilhas em PDF, Word, Excel ou imagem. O texto é extraído automaticamente, inclusive de documentos digitalizados.',
  },
  {
    icon: Brain,
    title: 'Análise com IA',
    description:
      'A partir do questionário e dos documentos, a plataforma avalia a viabilidade técnica, ambiental, jurídica e financeira do imóvel.',
  },
  {
    icon: FileChartColumn,
    title: 'Relatórios completos',
    description:
      'Receba relatórios que indicam a origem de cada número, compare análises ao longo do tempo e exporte em HTML, PDF ou texto.',
  },
];

const BENEFITS: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Gauge, title: 'Rapidez', text: 'O cálculo de uma análise completa leva menos de um segundo depois que os documentos são lidos.' },
  { icon: FileSearch, title: 'Números rastreáveis', text: 'Cada valor indica se veio do questionário, de um documento, dos dados de referência ou de uma premissa.' },
  { icon: Scale, title: 'Padronização', text: 'O mesmo método em todas as análises, com pontuação de 0 a 10 e completude dos dados.' },
  { icon: Lock, title: 'Privacidade', text: 'Extração, OCR e cálculo no servidor do Viabiliza; seus documentos são visíveis só para você.' },
];

const FIGURES = [
  { value: `${PRODUCT_LIMITS.analysisTypes.length}`, label: 'tipos de análise' },
  { value: '11', label: 'formatos de arquivo aceitos' },
  { value: `${PRODUCT_LIMITS.pdfPages}`, label: 'páginas lidas por PDF' },
  { value: 'R$ 0', label: 'para usar a plataforma' },
];

/** Illustrative profiles of use, not quotes from real customers (nothing shown as real is invented). */
const PROFILES = [
  { role: 'Incorporadora', scenario: 'Antes de comprar um terreno', text: 'Envia a matrícula e as certidões, informa o potencial construtivo e recebe custo de obra pelo CUB, receita estimada, margem e os ônus encontrados.' },
  { role: 'Investidor', scenario: 'Comprar para alugar', text: 'Compara o yield e o retorno sobre o capital próprio com a Selic do período e vê como a TIR muda com os juros e o prazo do financiamento.' },
  { role: 'Consultoria', scenario: 'Due diligence para clientes', text: 'Padroniza a leitura de pilhas de documentos e entrega um relatório em PDF que mostra a origem de cada número.' },
];

export function HomePage({ signedIn }: { signedIn: boolean }) {
  return (
    <>
      <section className="border-b bg-gradient-to-b from-primary/5 to-background">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-16 text-center sm:px-6 sm:py-24">
          <span className="rounded-full border bg-background px-3 py-1 text-xs font-medium text-muted-foreground">
            Análise de viabilidade imobiliária
          </span>
          <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">
            Decida com segurança se o seu imóvel é viável
          </h1>
          <p className="max-w-2xl text-base text-balance text-muted-foreground sm:text-lg">
            O Viabiliza reúne os documentos e os dados do imóvel e produz uma análise de viabilidade técnica,
            ambiental, jurídica e financeira pensada para o mercado imobiliário brasileiro.
          </p>
          <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <Button size="lg" asChild>
              {/* A visitor without an account starts by creating one (or the demo, on the same page). */}
              <Link to={signedIn ? '/analise' : '/registro'}>
                Analisar Agora
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button size="lg" variant="outline" asChild>
              {signedIn ? <Link to="/dashboard">Ir para o Dashboard</Link> : <Link to="/auth">Entrar</Link>}
            </Button>
          </div>
        </div>
      </section>

      <PageSection id="como-funciona" title="Como funciona" lead="Três passos, do documento ao relatório.">
        <ol className="grid gap-6 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title}>
              <Card className="h-full">
                <CardHeader>
                  <div className="mb-2 flex size-11 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <step.icon className="size-5" aria-hidden />
                  </div>
                  <CardTitle>
                    <h3>
                      <span className="sr-only">Passo {index + 1}: </span>
                      {step.title}
                    </h3>
                  </CardTitle>
                  <CardDescription className="leading-relaxed">{step.description}</CardDescription>
                </CardHeader>
                <CardContent className="mt-auto text-sm font-medium text-primary">Passo {index + 1}</CardContent>
              </Card>
            </li>
          ))}
        </ol>
      </PageSection>

      <section aria-labelledby="numeros" className="border-y bg-muted/40">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
          <h2 id="numeros" className="sr-only">
            O Viabiliza em números
          </h2>
          <dl className="grid grid-cols-2 gap-6 text-center md:grid-cols-4">
            {FIGURES.map((f) => (
              <div key={f.label} className="flex flex-col-reverse gap-1">
                <dt className="text-sm text-muted-foreground">{f.label}</dt>
                <dd className="text-3xl font-bold text-primary sm:text-4xl">{f.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <PageSection id="beneficios" title="Por que usar o Viabiliza">
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map((b) => (
            <li key={b.title} className="flex gap-3">
              <b.icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <div>
                <h3 className="font-semibold">{b.title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{b.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="para-quem" title="Para quem é" lead="Exemplos de uso por perfil.">
        <ul className="grid gap-6 md:grid-cols-3">
          {PROFILES.map((p) => (
            <li key={p.role}>
              <Card className="h-full">
                <CardHeader>
                  <p className="text-sm font-medium text-primary">{p.scenario}</p>
                  <CardTitle>
                    <h3>{p.role}</h3>
                  </CardTitle>
                  <CardDescription className="leading-relaxed">{p.text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </PageSection>

      <section aria-labelledby="comece" className="mx-auto mb-16 w-full max-w-5xl px-4 sm:px-6">
        <div className="flex flex-col items-center gap-4 rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground">
          <BadgeCheck className="size-8" aria-hidden />
          <h2 id="comece" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Faça sua primeira análise gratuita
          </h2>
          <p className="max-w-xl text-primary-foreground">
            Sem cartão e sem chave de IA: crie a conta, envie os documentos e receba o relatório em minutos.
          </p>
          <Button size="lg" variant="secondary" asChild>
            <Link to={signedIn ? '/analise' : '/registro'}>
              Começar análise gratuita
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
      </section>
    </>
  );
}
