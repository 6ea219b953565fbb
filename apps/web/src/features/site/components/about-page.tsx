import { Eye, Heart, Mail, MapPin, Phone, Target } from 'lucide-react';

import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { usePublicStats } from '@/features/site/api/get-public-stats';
import { PageIntro, PageSection } from '@/features/site/components/page-intro';

const PILLARS = [
  { icon: Target, title: 'Missão', text: 'Dar a quem incorpora, investe ou presta consultoria uma análise de viabilidade rápida, padronizada e verificável, a partir dos documentos reais do imóvel.' },
  { icon: Eye, title: 'Visão', text: 'Ser a referência brasileira em análise de viabilidade imobiliária em que cada número pode ser conferido até a sua fonte.' },
  { icon: Heart, title: 'Valores', text: 'Transparência sobre a origem de cada número, privacidade dos documentos, rigor técnico e linguagem clara, em português.' },
];

const numberFormat = new Intl.NumberFormat('pt-BR');

function Counter({ label, value, loading }: { label: string; value: number | undefined; loading: boolean }) {
  return (
    <div className="rounded-xl border bg-card p-6 text-center">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-primary">
        {loading ? <Skeleton className="mx-auto h-9 w-20" /> : value === undefined ? '—' : numberFormat.format(value)}
      </dd>
    </div>
  );
}

function PlatformCounters() {
  const stats = usePublicStats();
  return (
    <div>
      <dl className="grid gap-4 sm:grid-cols-2" aria-busy={stats.isPending}>
        <Counter label="Análises realizadas" value={stats.data?.analyses} loading={stats.isPending} />
        <Counter label="Usuários cadastrados" value={stats.data?.users} loading={stats.isPending} />
      </dl>
      <p className="mt-3 text-center text-sm text-muted-foreground">
        {stats.isError ? 'Não foi possível carregar os números agora.' : 'Contagens lidas do banco de dados da plataforma, atualizadas a cada minuto.'}
      </p>
    </div>
  );
}

export function AboutPage() {
  return (
    <>
      <PageIntro eyebrow="Sobre" title="Sobre o Viabiliza" lead="Uma plataforma brasileira para decidir, com números que se pode conferir, se um imóvel ou terreno é viável." />

      <PageSection id="missao" title="Missão, visão e valores">
        <ul className="grid gap-4 md:grid-cols-3">
          {PILLARS.map((p) => (
            <li key={p.title}>
              <Card className="h-full">
                <CardHeader>
                  <div className="mb-2 flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                    <p.icon className="size-5" aria-hidden />
                  </div>
                  <CardTitle>
                    <h3>{p.title}</h3>
                  </CardTitle>
                  <CardDescription className="leading-relaxed">{p.text}</CardDescription>
                </CardHeader>
              </Card>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="historia" title="Nossa história">
        <div className="mx-auto max-w-3xl space-y-4 leading-relaxed text-muted-foreground">
          <p>
            O Viabiliza nasceu em Florianópolis da rotina de quem analisa imóveis: pilhas de matrículas, certidões, IPTUs e planilhas
            lidas à mão, e relatórios que mudavam de formato a cada consultor.
          </p>
          <p>
            A primeira versão usava um modelo de linguagem para escrever o relatório inteiro. Aprendemos que números precisam de
            cálculo, não de redação: hoje o Motor Viabiliza calcula cada figura a partir do questionário, dos documentos e de dados de
            referência datados, e a inteligência artificial, quando configurada, apenas redige o texto em volta desses números.
          </p>
        </div>
      </PageSection>

      <PageSection id="numeros" title="A plataforma em números">
        <div className="mx-auto max-w-2xl">
          <PlatformCounters />
        </div>
      </PageSection>

      <PageSection id="contato" title="Contato">
        <address className="mx-auto grid max-w-3xl gap-4 not-italic sm:grid-cols-3">
          <p className="flex flex-col items-center gap-2 rounded-xl border bg-card p-5 text-center text-sm">
            <Mail className="size-5 text-primary" aria-hidden />
            <a className="font-medium underline-offset-4 hover:underline" href="mailto:contato@viabiliza.com.br">
              contato@viabiliza.com.br
            </a>
          </p>
          <p className="flex flex-col items-center gap-2 rounded-xl border bg-card p-5 text-center text-sm">
            <Phone className="size-5 text-primary" aria-hidden />
            <a className="font-medium underline-offset-4 hover:underline" href="tel:+554833330000">
              (48) 3333-0000
            </a>
          </p>
          <p className="flex flex-col items-center gap-2 rounded-xl border bg-card p-5 text-center text-sm">
            <MapPin className="size-5 text-primary" aria-hidden />
            <span className="font-medium">Florianópolis, SC</span>
          </p>
        </address>
      </PageSection>
    </>
  );
}
