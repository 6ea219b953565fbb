import { LIEN_TYPES } from '@viabiliza/contracts/document-types';
import {
  ACT_TYPES,
  CERTIDAO_STATUS_LABELS,
  CHECK_STATUS_LABELS,
  LIEN_SEVERITY_LABELS,
  activeLiens,
  noLienSentence,
  type CertidaoStatus,
  type CheckStatus,
  type Citation,
  type Dossier,
  type DossierFact,
  type DossierLien,
  type MatriculaDossier,
} from '@viabiliza/contracts/dossier';
import { AlertTriangle, Ban, CheckCircle2, CircleHelp, FileSearch, FileText, Info, ShieldAlert, XCircle } from 'lucide-react';
import { useState, type ReactNode } from 'react';

import { PageDialog } from '@/features/analysis/components/source-links';
import {
  ITBI_FACT_KEYS,
  citationLabel,
  formatMatricula,
  formatOwnerFraction,
  hasDossierContent,
  lienStatusLabel,
} from '@/features/analysis/utils/dossier';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { StackedTable } from '@/components/stacked-table';
import { formatCurrency } from '@/lib/format';

/** 'YYYY-MM-DD' as printed in Brazil; a calendar date, so no time zone may shift it. */
function isoDate(d: string | null): string {
  if (!d) return '—';
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(d);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : d;
}

/** 'arquivo, p. N' as a button: the page opens with the cited phrase highlighted. */
export function CitationButton({ citation, prefix }: { citation: Citation; prefix?: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="link"
        size="sm"
        className="h-auto min-h-11 min-w-0 justify-start p-0 text-right text-xs whitespace-normal break-words has-[>svg]:px-0 sm:min-h-0 sm:text-left"
        title="Abrir a página com o trecho destacado"
        onClick={() => setOpen(true)}
        data-testid="dossier-citation"
      >
        <FileText aria-hidden className="size-3 shrink-0" />
        {prefix ? `${prefix} ` : ''}
        {citationLabel(citation)}
      </Button>
      {open && (
        <PageDialog
          documentId={citation.documentId}
          fileName={citation.fileName}
          page={citation.page}
          quote={citation.quote}
          description="O trecho citado aparece destacado no texto extraído da página."
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** A fact's sources, one button per document page (several phrases of one page open it once). */
function Citations({ citations }: { citations: readonly ({ citation: Citation; prefix?: string } | Citation | null | undefined)[] }) {
  const seen = new Set<string>();
  const list = citations
    .map((c) => (c && 'citation' in c ? c : c ? { citation: c } : null))
    .filter((c): c is { citation: Citation; prefix?: string } => {
      if (!c) return false;
      const key = `${c.prefix ?? ''}:${c.citation.documentId}:${c.citation.page}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const [expanded, setExpanded] = useState(false);
  if (list.length === 0) return <span className="text-xs text-muted-foreground">—</span>;
  const shown = expanded ? list : list.slice(0, SOURCES_SHOWN);
  return (
    <ul className="flex flex-col items-end gap-1 sm:items-start">
      {shown.map((c) => (
        <li key={`${c.prefix ?? ''}:${c.citation.documentId}:${c.citation.page}`} className="max-w-full">
          <CitationButton citation={c.citation} prefix={c.prefix} />
        </li>
      ))}
      {list.length > SOURCES_SHOWN && (
        <li>
          <MoreToggle expanded={expanded} hidden={list.length - SOURCES_SHOWN} onToggle={() => setExpanded((e) => !e)} />
        </li>
      )}
    </ul>
  );
}

/** A fact stated by eight documents lists the first few; the rest open on request. */
const SOURCES_SHOWN = 3;

function MoreToggle({ expanded, hidden, onToggle }: { expanded: boolean; hidden: number; onToggle: () => void }) {
  return (
    <Button type="button" variant="ghost" size="sm" className="h-auto px-1 py-0.5 text-xs text-muted-foreground" aria-expanded={expanded} onClick={onToggle}>
      {expanded ? 'Mostrar menos fontes' : hidden === 1 ? 'Mais 1 fonte' : `Mais ${hidden} fontes`}
    </Button>
  );
}

function onePerPage(citations: readonly Citation[]): Citation[] {
  const seen = new Set<string>();
  return citations.filter((c) => {
    const key = `${c.documentId}:${c.page}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

type Tone = 'ok' | 'warn' | 'bad' | 'neutral';
const TONE_VARIANT = { ok: 'success', warn: 'warning', bad: 'destructive', neutral: 'outline' } as const;
const TONE_ICON = { ok: CheckCircle2, warn: AlertTriangle, bad: XCircle, neutral: CircleHelp } as const;

/** A status as colour, icon and words: the words alone carry the meaning. */
function StatusBadge({ tone, children, icon }: { tone: Tone; children: ReactNode; icon?: typeof CheckCircle2 }) {
  const Icon = icon ?? TONE_ICON[tone];
  return (
    <Badge variant={TONE_VARIANT[tone]} className="whitespace-normal text-left">
      <Icon aria-hidden />
      {children}
    </Badge>
  );
}

const CHECK_TONE: Record<CheckStatus, Tone> = { ok: 'ok', atencao: 'warn', falha: 'bad', sem_dados: 'neutral' };
const CERTIDAO_TONE: Record<CertidaoStatus, Tone> = { valida: 'ok', vencida: 'bad', ausente: 'warn', sem_data: 'neutral' };
const SEVERITY_TONE = { bloqueia: 'bad', condiciona: 'warn', informa: 'neutral' } as const;

function LienStatus({ lien }: { lien: DossierLien }) {
  return lien.status === 'ativo' ? (
    <StatusBadge tone="bad" icon={ShieldAlert}>
      {lienStatusLabel(lien)}
    </StatusBadge>
  ) : (
    <StatusBadge tone="ok" icon={Ban}>
      {lienStatusLabel(lien)}
    </StatusBadge>
  );
}

function Section({ title, description, children, id }: { title: string; description?: string; children: ReactNode; id: string }) {
  return (
    <Card className="gap-3 py-4 sm:py-6" aria-labelledby={id}>
      <CardHeader className="px-4 sm:px-6">
        <CardTitle>
          <h3 id={id} className="text-base sm:text-lg">
            {title}
          </h3>
        </CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className="px-4 sm:px-6">{children}</CardContent>
    </Card>
  );
}

const Muted = ({ children }: { children: ReactNode }) => <p className="text-sm text-muted-foreground">{children}</p>;

function Owners({ m, idBase }: { m: MatriculaDossier; idBase: string }) {
  return (
    <Section id={`${idBase}-owners`} title="Proprietários atuais" description="Adquirentes do último ato de transferência que nenhum ato posterior transferiu de novo.">
      {m.owners.length === 0 ? (
        <Muted>Nenhum proprietário atual identificado nos atos lidos desta matrícula.</Muted>
      ) : (
        <StackedTable
          caption="Proprietários atuais"
          columns={['Proprietário', 'Fração', 'Ato', 'Fonte']}
          rows={m.owners.map((o, i) => ({
            key: `${o.name}-${i}`,
            cells: [<span className="font-medium">{o.name}</span>, formatOwnerFraction(o.fraction), o.sinceAct, <Citations citations={[o.citation]} />],
          }))}
        />
      )}
    </Section>
  );
}

function Chain({ m, idBase }: { m: MatriculaDossier; idBase: string }) {
  return (
    <Section id={`${idBase}-chain`} title="Cadeia dominial" description="As transferências da matrícula, da mais antiga à mais recente.">
      {m.chain.length === 0 ? (
        <Muted>Nenhuma transferência lida nesta matrícula.</Muted>
      ) : (
        <ol className="relative space-y-5 border-l-2 border-primary/30 pl-5" aria-label="Cadeia dominial">
          {m.chain.map((s, i) => (
            <li key={`${s.act}-${i}`} className="relative">
              <span aria-hidden className="absolute top-1.5 -left-[27px] size-3 rounded-full border-2 border-background bg-primary" />
              <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                <span className="font-semibold">{s.act}</span>
                <span className="text-sm">{ACT_TYPES[s.type]}</span>
                <span className="text-xs text-muted-foreground">{isoDate(s.date)}</span>
              </div>
              <p className="mt-1 text-sm break-words">
                <span className="text-muted-foreground">De </span>
                {s.from.length ? s.from.join(', ') : 'não informado'}
                <span aria-hidden className="px-1 text-muted-foreground">
                  →
                </span>
                <span className="sr-only"> para </span>
                <span className="font-medium">{s.to.length ? s.to.join(', ') : 'não informado'}</span>
              </p>
              <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
                <span>Valor: {s.value === null ? 'não informado' : formatCurrency(s.value)}</span>
                <CitationButton citation={s.citation} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function Liens({ m, idBase }: { m: MatriculaDossier; idBase: string }) {
  return (
    <Section id={`${idBase}-liens`} title="Ônus e gravames" description="Cada ônus registrado, se ainda está ativo ou qual ato o cancelou, e o quanto pesa na venda.">
      {m.liens.length === 0 ? (
        <Muted>{noLienSentence(m)}</Muted>
      ) : (
        <StackedTable
          caption="Ônus e gravames"
          columns={['Ônus', 'Ato', 'Situação', 'Beneficiário', 'Gravidade', 'Fonte']}
          rows={m.liens.map((l, i) => ({
            key: `${l.act}-${l.type}-${i}`,
            cells: [
              <span>
                <span className="font-medium">{LIEN_TYPES[l.type]}</span>
                {l.date && <span className="block text-xs text-muted-foreground">desde {isoDate(l.date)}</span>}
              </span>,
              l.act,
              <LienStatus lien={l} />,
              l.beneficiary ?? '—',
              <StatusBadge tone={SEVERITY_TONE[l.severity]}>{LIEN_SEVERITY_LABELS[l.severity]}</StatusBadge>,
              <Citations citations={[l.citation, l.cancelCitation && { citation: l.cancelCitation, prefix: 'Cancelamento:' }]} />,
            ],
          }))}
        />
      )}
    </Section>
  );
}

function Certidoes({ d }: { d: Dossier }) {
  return (
    <Section id="dossier-certidoes" title="Certidões" description={`Situação de cada certidão em ${isoDate(d.asOf)}, a data da análise.`}>
      {d.certidoes.length === 0 ? (
        <Muted>Nenhuma certidão avaliada.</Muted>
      ) : (
        <StackedTable
          caption="Certidões"
          columns={['Certidão', 'Pessoa', 'Situação', 'Emissão', 'Validade', 'Regra', 'Fonte']}
          rows={d.certidoes.map((c, i) => ({
            key: `${c.item}-${c.person ?? ''}-${i}`,
            cells: [
              <span className="font-medium">{c.label}</span>,
              c.person ?? 'Imóvel',
              <span className="inline-flex flex-col items-end gap-1 sm:items-start">
                <StatusBadge tone={CERTIDAO_TONE[c.status]}>{CERTIDAO_STATUS_LABELS[c.status]}</StatusBadge>
                {c.result && <span className="text-xs text-muted-foreground">{c.result}</span>}
              </span>,
              isoDate(c.issuedOn),
              isoDate(c.validUntil),
              <span className="text-xs text-muted-foreground">{c.rule}</span>,
              <Citations citations={[c.citation]} />,
            ],
          }))}
        />
      )}
    </Section>
  );
}

function FactValue({ f }: { f: DossierFact }) {
  const differing = f.sources.filter((s) => s.value !== f.value);
  return (
    <span className="inline-flex flex-col items-end gap-1 sm:items-start">
      <span className="font-medium">{f.value}</span>
      {f.conflict && (
        <span className="flex flex-col items-end gap-1 sm:items-start">
          <StatusBadge tone="warn">Divergência entre documentos</StatusBadge>
          <ul className="space-y-0.5 text-xs text-muted-foreground">
            {differing.map((s, i) => (
              <li key={i} className="flex flex-wrap items-center justify-end gap-x-1 sm:justify-start">
                <span>{s.value} em</span>
                <CitationButton citation={s.citation} />
              </li>
            ))}
          </ul>
        </span>
      )}
    </span>
  );
}

function FactsTable({ facts, caption }: { facts: DossierFact[]; caption: string }) {
  return (
    <StackedTable
      caption={caption}
      columns={['Dado', 'Valor', 'Fonte']}
      rows={facts.map((f) => ({
        key: f.key,
        cells: [f.label, <FactValue f={f} />, <Citations citations={f.sources.map((s) => s.citation)} />],
      }))}
    />
  );
}

function CheckSources({ citations }: { citations: readonly Citation[] }) {
  const [expanded, setExpanded] = useState(false);
  const list = onePerPage(citations);
  if (list.length === 0) return null;
  const shown = expanded ? list : list.slice(0, SOURCES_SHOWN);
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {shown.map((cit) => (
        <CitationButton key={`${cit.documentId}:${cit.page}`} citation={cit} />
      ))}
      {list.length > SOURCES_SHOWN && <MoreToggle expanded={expanded} hidden={list.length - SOURCES_SHOWN} onToggle={() => setExpanded((e) => !e)} />}
    </div>
  );
}

function Checks({ d }: { d: Dossier }) {
  return (
    <Section id="dossier-checks" title="Conferências" description="O que um advogado confere entre os documentos da pasta.">
      {d.checks.length === 0 ? (
        <Muted>Nenhuma conferência pôde ser feita com os documentos lidos.</Muted>
      ) : (
        <ul className="divide-y">
          {d.checks.map((c) => (
            <li key={c.id} className="flex flex-col gap-1.5 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-start sm:gap-4">
              <div className="sm:w-28 sm:shrink-0">
                <StatusBadge tone={CHECK_TONE[c.status]}>{CHECK_STATUS_LABELS[c.status]}</StatusBadge>
              </div>
              <div className="min-w-0 flex-1 space-y-1">
                <p className="text-sm font-medium">{c.label}</p>
                <p className="text-sm text-muted-foreground">{c.detail}</p>
                <CheckSources citations={c.citations} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

function Summary({ d }: { d: Dossier }) {
  const owners = d.matriculas[0]?.owners.length ?? 0;
  const active = activeLiens(d).length;
  const failing = d.checks.filter((c) => c.status === 'falha').length;
  const certIssues = d.certidoes.filter((c) => c.status !== 'valida').length;
  const items = [
    { label: 'Proprietários atuais', value: String(owners), tone: 'neutral' as Tone },
    { label: 'Ônus ativos', value: String(active), tone: (active ? 'bad' : 'ok') as Tone },
    { label: 'Certidões com pendência', value: String(certIssues), tone: (certIssues ? 'warn' : 'ok') as Tone },
    { label: 'Conferências com falha', value: String(failing), tone: (failing ? 'bad' : 'ok') as Tone },
  ];
  const toneText = { ok: 'text-success', warn: 'text-amber-700 dark:text-amber-300', bad: 'text-destructive', neutral: 'text-foreground' };
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((i) => (
        <div key={i.label} className="rounded-lg border bg-card p-3">
          <dt className="text-xs text-muted-foreground">{i.label}</dt>
          <dd className={`text-2xl font-semibold ${toneText[i.tone]}`}>{i.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** When there is nothing to show: say why and what to do. */
export function DossierEmpty({ message }: { message?: string }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-2 py-8 text-center">
        <FileSearch aria-hidden className="size-8 text-muted-foreground" />
        <p className="font-medium">Nenhum documento lido para este imóvel</p>
        <p className="max-w-prose text-sm text-muted-foreground">
          {message ??
            'Envie a pasta da venda (matrícula, IPTU, ITBI, certidões, escritura ou contrato) na área de documentos e faça uma nova análise: a diligência mostra proprietários, ônus, certidões e conferências, cada dado com o documento e a página de onde foi lido.'}
        </p>
      </CardContent>
    </Card>
  );
}

/**
 * The 'Diligência' tab (issue 16): who owns the property, what weighs on it, which certidões are
 * valid on the analysis date, the ITBI, and whether the documents agree. Every fact cites its page.
 */
export function DossierPanel({ dossier, emptyMessage }: { dossier: Dossier | null | undefined; emptyMessage?: string }) {
  if (!hasDossierContent(dossier)) return <DossierEmpty message={emptyMessage} />;
  const d = dossier;
  const itbi = ITBI_FACT_KEYS.map((k) => d.facts.find((f) => f.key === k)).filter((f): f is DossierFact => !!f);
  const facts = d.facts.filter((f) => !ITBI_FACT_KEYS.includes(f.key));
  return (
    <section className="space-y-4" aria-label="Diligência" data-testid="dossier-panel">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">Diligência</h2>
        <p className="text-sm text-muted-foreground">
          Lida de {d.documentIds.length === 1 ? '1 documento' : `${d.documentIds.length} documentos`}; certidões avaliadas em {isoDate(d.asOf)}. Clique na
          fonte de um dado para abrir a página com o trecho destacado.
        </p>
      </div>
      <Summary d={d} />
      {d.matriculas.length === 0 && (
        <p className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-amber-800 dark:text-amber-300">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          Nenhuma certidão de matrícula entre os documentos: proprietários, cadeia dominial e ônus não puderam ser verificados.
        </p>
      )}
      {d.matriculas.map((m, i) => {
        const idBase = `dossier-m${i}`;
        return (
          <div key={`${m.matricula}-${i}`} className="space-y-4">
            <h3 className="text-base font-semibold">
              Matrícula {formatMatricula(m.matricula)}
              {m.cartorio && <span className="font-normal text-muted-foreground"> · {m.cartorio}</span>}
              {m.issuedOn && <span className="block text-xs font-normal text-muted-foreground sm:inline"> · certidão de {isoDate(m.issuedOn)}</span>}
            </h3>
            <Owners m={m} idBase={idBase} />
            <Chain m={m} idBase={idBase} />
            <Liens m={m} idBase={idBase} />
          </div>
        );
      })}
      <Certidoes d={d} />
      <Section id="dossier-itbi" title="ITBI" description="Base de cálculo, alíquota, imposto devido e pago, como constam da guia e do comprovante.">
        {itbi.length === 0 ? <Muted>Nenhum dado de ITBI nos documentos lidos.</Muted> : <FactsTable facts={itbi} caption="ITBI" />}
      </Section>
      <Checks d={d} />
      <Section id="dossier-facts" title="Dados do imóvel" description="Cada dado com o documento de onde foi lido; quando os documentos discordam, as fontes divergentes são listadas.">
        {facts.length === 0 ? <Muted>Nenhum dado do imóvel lido nos documentos.</Muted> : <FactsTable facts={facts} caption="Dados do imóvel" />}
      </Section>
      {d.warnings.length > 0 && (
        <Section id="dossier-warnings" title="O que não pôde ser lido ou decidido">
          <ul className="space-y-1 text-sm">
            {d.warnings.map((w, i) => (
              <li key={i} className="flex items-start gap-2">
                <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                {w}
              </li>
            ))}
          </ul>
        </Section>
      )}
    </section>
  );
}

export function DossierPanelSkeleton() {
  return (
    <div role="status" aria-label="Carregando diligência" className="space-y-4">
      <Skeleton className="h-6 w-40" />
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
      <Skeleton className="h-40 w-full rounded-xl" />
      <Skeleton className="h-56 w-full rounded-xl" />
      <Skeleton className="h-40 w-full rounded-xl" />
    </div>
  );
}
