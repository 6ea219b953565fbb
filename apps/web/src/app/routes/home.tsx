import { ArrowRight, Brain, CloudUpload, FileChartColumn, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { DEFAULT_DESCRIPTION, usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';

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

export default function HomeRoute() {
  const { user } = useSession();
  usePageMeta({ title: 'Análise de viabilidade imobiliária', description: DEFAULT_DESCRIPTION, canonicalPath: '/' });

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
              <Link to="/analise">
                Analisar Agora
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button size="lg" variant="outline" asChild>
              {user ? <Link to="/dashboard">Ir para o Dashboard</Link> : <Link to="/auth">Entrar</Link>}
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="como-funciona" className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6">
        <div className="mb-10 space-y-2 text-center">
          <h2 id="como-funciona" className="text-2xl font-bold tracking-tight sm:text-3xl">
            Como funciona
          </h2>
          <p className="text-muted-foreground">Três passos, do documento ao relatório.</p>
        </div>
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
      </section>
    </>
  );
}
