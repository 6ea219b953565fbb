import { ExternalLink } from 'lucide-react';

import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { PageIntro } from '@/features/site/components/page-intro';
import { API_GROUPS } from '@/features/site/utils/api-reference';
import { PRODUCT_LIMITS } from '@/features/site/utils/product-limits';

const BANDS = [
  { range: '8,0 a 10,0', label: 'Viabilidade alta', text: 'Os números sustentam o negócio; confira os pontos de atenção antes de fechar.', tone: 'bg-emerald-100 text-emerald-800' },
  { range: '5,0 a 7,9', label: 'Viabilidade moderada', text: 'Há riscos ou dados faltando que mudam a conclusão: trate-os antes de decidir.', tone: 'bg-amber-100 text-amber-800' },
  { range: '0,0 a 4,9', label: 'Viabilidade baixa', text: 'Nas condições informadas o negócio não se paga ou tem impedimentos relevantes. VPL negativo ou TIR abaixo da TMA sempre levam a esta faixa (nota máxima 4,9), com o motivo declarado.', tone: 'bg-red-100 text-red-800' },
  { range: '—', label: 'Dados insuficientes', text: 'Faltam dados essenciais (valor, área ou aluguel, ou menos de 30% dos dados relevantes): não há conclusão, nem positiva nem negativa.', tone: 'bg-slate-100 text-slate-800' },
];

const METRICS = [
  { name: 'Pontuação de viabilidade (0–10)', text: 'Combinação dos resultados financeiro, de mercado, jurídico, técnico e ambiental.' },
  { name: 'Completude dos dados (0–100%)', text: 'Parte das informações relevantes que estava presente no questionário e nos documentos.' },
  { name: 'Confiança do texto (0–100)', text: 'Quão completo e estruturado está o texto do relatório; não mede os números.' },
  { name: 'VPL, TIR e payback', text: 'Valor presente líquido à taxa de desconto escolhida, taxa interna de retorno e prazo de retorno do capital.' },
  { name: 'Yield, cap rate e cash-on-cash', text: 'Rendimento do aluguel sobre o preço, sobre o valor do imóvel e sobre o capital próprio investido.' },
  { name: 'Preço por m² frente à referência', text: 'Diferença entre o preço pedido e a referência da cidade (FipeZAP), com a data do dado.' },
];

const PROCESS = [
  { title: 'Questionário', text: 'Todos os campos são opcionais; quanto mais completo, maior a completude e mais precisa a análise. O rascunho é salvo no navegador.' },
  { title: 'Documentos', text: `${PRODUCT_LIMITS.formats}: até ${PRODUCT_LIMITS.perFile} por arquivo, ${PRODUCT_LIMITS.filesPerBatch} arquivos e ${PRODUCT_LIMITS.perBatch} por envio, PDFs de até ${PRODUCT_LIMITS.pdfPages} páginas. O tipo é conferido pelo conteúdo e arquivos suspeitos vão para quarentena.` },
  { title: 'Extração', text: `Texto de PDF, Word e Excel; OCR em ${PRODUCT_LIMITS.ocrLanguages} para imagens e páginas digitalizadas. Campos-chave como áreas, valores e ônus são identificados.` },
  { title: 'Cálculo', text: 'O Motor Viabiliza resolve os dados (questionário, documentos, referência ou premissa) e calcula cada análise. Você pode alterar as premissas (ITBI, juros, prazo, taxa de desconto…).' },
  { title: 'Relatório', text: 'Pontuação, completude, achados, recomendações e a origem de cada número; exportação em HTML, PDF e texto.' },
];

const METHOD_CLASS: Record<string, string> = {
  GET: 'bg-emerald-100 text-emerald-800',
  POST: 'bg-blue-100 text-blue-800',
  PUT: 'bg-amber-100 text-amber-800',
  DELETE: 'bg-red-100 text-red-800',
};

export function DocumentationPage() {
  return (
    <>
      <PageIntro eyebrow="Documentação" title="Documentação" lead="O processo de análise, as métricas do relatório, como interpretá-las e a API REST da plataforma." />
      <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6">
        <Tabs defaultValue="processo" className="gap-6">
          <TabsList className="grid h-auto w-full grid-cols-2 sm:grid-cols-4">
            <TabsTrigger value="processo" className="py-2">Processo</TabsTrigger>
            <TabsTrigger value="metricas" className="py-2">Métricas</TabsTrigger>
            <TabsTrigger value="interpretacao" className="py-2">Interpretação</TabsTrigger>
            <TabsTrigger value="api" className="py-2">API</TabsTrigger>
          </TabsList>

          <TabsContent value="processo" className="space-y-4">
            <h2 className="text-2xl font-semibold">Processo de análise</h2>
            <ol className="space-y-3">
              {PROCESS.map((step, i) => (
                <li key={step.title} className="rounded-xl border bg-card p-5">
                  <h3 className="font-semibold">{i + 1}. {step.title}</h3>
                  <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
                </li>
              ))}
            </ol>
          </TabsContent>

          <TabsContent value="metricas" className="space-y-4">
            <h2 className="text-2xl font-semibold">Métricas do relatório</h2>
            <dl className="grid gap-3 sm:grid-cols-2">
              {METRICS.map((m) => (
                <div key={m.name} className="rounded-xl border bg-card p-5">
                  <dt className="font-semibold">{m.name}</dt>
                  <dd className="mt-1 text-sm leading-relaxed text-muted-foreground">{m.text}</dd>
                </div>
              ))}
            </dl>
          </TabsContent>

          <TabsContent value="interpretacao" className="space-y-4">
            <h2 className="text-2xl font-semibold">Interpretação da pontuação</h2>
            <ul className="space-y-3">
              {BANDS.map((b) => (
                <li key={b.label} className="flex flex-col gap-2 rounded-xl border bg-card p-5 sm:flex-row sm:items-center sm:gap-4">
                  <span className={`w-fit rounded-md px-2.5 py-1 text-sm font-semibold whitespace-nowrap ${b.tone}`}>{b.range}</span>
                  <div>
                    <h3 className="font-semibold">{b.label}</h3>
                    <p className="text-sm text-muted-foreground">{b.text}</p>
                  </div>
                </li>
              ))}
            </ul>
            <p className="text-sm text-muted-foreground">
              Leia a pontuação junto da completude: uma nota alta com completude baixa depende de premissas que você deve conferir.
            </p>
          </TabsContent>

          <TabsContent value="api" className="space-y-6">
            <div className="space-y-2">
              <h2 className="text-2xl font-semibold">API REST</h2>
              <p className="text-sm leading-relaxed text-muted-foreground">
                A mesma API usada pelo site. Autenticação pelo cookie de sessão obtido em <code>/api/auth/sign-in</code>; chamadas que
                alteram dados exigem a mesma origem. Erros respondem <code>{'{ "error": { "code", "message" } }'}</code> com a mensagem em
                português. Limites por minuto: {PRODUCT_LIMITS.analysesPerMinute} análises e {PRODUCT_LIMITS.uploadsPerMinute} envios.
              </p>
              <a
                href="/api/docs"
                className="inline-flex items-center gap-1 rounded-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                Referência completa (OpenAPI) em /api/docs
                <ExternalLink className="size-4" aria-hidden />
              </a>
            </div>
            {API_GROUPS.map((group) => (
              <section key={group.title} className="space-y-2">
                <h3 className="font-semibold">{group.title}</h3>
                <ul className="divide-y rounded-xl border bg-card">
                  {group.routes.map((route) => (
                    <li key={route.method + route.path} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-baseline sm:gap-3">
                      <span className="flex items-baseline gap-2">
                        <span className={`inline-block w-16 rounded px-1.5 py-0.5 text-center font-mono text-xs font-semibold ${METHOD_CLASS[route.method]}`}>
                          {route.method}
                        </span>
                        <code className="text-sm break-all">{route.path}</code>
                      </span>
                      <span className="text-sm text-muted-foreground sm:ml-auto sm:text-right">{route.description}</span>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </TabsContent>
        </Tabs>
      </div>
    </>
  );
}
