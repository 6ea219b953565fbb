import { PROVIDER_NAMES, analysisTypeLabel } from '@viabiliza/contracts/analysis';
import { parseAnalysisResult } from '@viabiliza/contracts/analysis-result';
import type {
  AnalysisResult,
  CashFlowPoint,
  ChecklistStatus,
  DevelopmentResult,
  Figure,
  FigureSource,
  FinancialResult,
  Insight,
  MarketResult,
  SensitivityMatrix,
  Severity,
} from '@viabiliza/contracts/analysis-result';
import {
  CONFIDENCE_BAND_COLORS,
  DEFAULT_REPORT_COLORS,
  REPORT_TEMPLATES,
  isHexColor,
  reportConfidenceBand,
  type ReportColors,
  type ReportOptions,
  type ReportTemplate,
} from '@viabiliza/contracts/reports';
import {
  REPORT_DISCLAIMER,
  cashFlowByYear,
  defaultNarrative,
  formatDate,
  formatFigure,
  formatMoney,
  formatNumber,
  formatPercent,
  formatSource,
  formatValue,
  keyFigures,
} from '@viabiliza/engine/report';
import { evidenceConfidence } from '@viabiliza/engine/analyze';
import { CAPPED_MAX, SCORE_FORMULA } from '@viabiliza/engine/score';
import { buildCashFlowChart, yearLabel, type CashFlowChart } from './cash-flow-chart.ts';
import { dossierSection } from './dossier-section.ts';
import { markdownSection, parseInline, parseMarkdown, type MdBlock, type Span } from './markdown.ts';

/**
 * What a report says, as plain data: the HTML and the PDF renderers walk the same model, so both
 * formats carry the same sections, tables, chart, citations and disclaimer. Built from the engine's
 * structured result (every figure with its source); only the narrative (summary and conclusion,
 * possibly written by an LLM) is read from the stored Markdown.
 */

export interface ReportSource {
  id: string;
  analysisType: string;
  property: { title: string; address: string | null; city: string | null; state: string | null };
  resultContent: string;
  result: AnalysisResult;
  providerUsed: string | null;
  model: string | null;
  tokensUsed: number | null;
  confidenceScore: number | null;
  completeness: number | null;
  createdAt: string;
}

export type { Span };

export interface Cell {
  text: string;
  /** A smaller second line (a figure's note). */
  note?: string;
  bold?: boolean;
  tone?: 'positive' | 'negative' | 'muted';
  /** The base case of a sensitivity table. */
  base?: boolean;
}

export interface Column {
  label: string;
  align?: 'left' | 'right';
  /** Relative width (the PDF lays tables out by these; the HTML uses them as percentages). */
  weight: number;
}

export interface InsightItem {
  severity: Severity;
  severityLabel: string;
  title: string;
  detail: string;
  /** Where it was found: documents with their pages, the questionnaire, reference data. */
  sources: string | null;
}

export type Block =
  | { kind: 'subheading'; text: string }
  | { kind: 'paragraph'; spans: Span[]; tone?: 'muted' | 'note' }
  | { kind: 'list'; ordered?: boolean; items: Span[][] }
  | { kind: 'table'; columns: Column[]; rows: Cell[][]; caption?: string }
  | { kind: 'figures'; items: { label: string; value: string; note?: string; source: string }[] }
  | { kind: 'insights'; items: InsightItem[]; empty: string }
  | { kind: 'chart'; title: string; chart: CashFlowChart };

export interface Section {
  id: string;
  title: string;
  blocks: Block[];
}

export interface ReportModel {
  template: ReportTemplate;
  templateLabel: string;
  /** 'Relatório Completo - Apartamento em Pinheiros': the document's title. */
  documentTitle: string;
  heading: string;
  subtitle: string;
  addressLine: string | null;
  analysisId: string;
  generatedAt: string;
  score: { value: string; label: string; color: string; completeness: string };
  branding: { companyName: string } | null;
  colors: ReportColors;
  metadata: { rows: { label: string; value: string }[]; confidence: { score: string; label: string; color: string } | null } | null;
  sections: Section[];
  disclaimer: string;
}

// ------------------------------------------------------------------------------------------------
// Reading a stored result

/**
 * The stored result as the current `AnalysisResult`: contracts' parser upgrades older rows (missing
 * lists, no dossier, no schemaVersion). Null when it is not a result: then there is nothing to report.
 */
export function asAnalysisResult(raw: unknown): AnalysisResult | null {
  return parseAnalysisResult(raw);
}

// ------------------------------------------------------------------------------------------------
// Formatting

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** dd/MM/yyyy HH:mm in Brasília time. */
export function formatDateTime(date: Date | string): string {
  const d = typeof date === 'string' ? new Date(date) : date;
  if (Number.isNaN(d.getTime())) return '—';
  const p = Object.fromEntries(dateTimeFormat.formatToParts(d).map((x) => [x.type, x.value]));
  return `${p.day}/${p.month}/${p.year} ${p.hour === '24' ? '00' : p.hour}:${p.minute}`;
}

const SEVERITY_LABELS: Record<Severity, string> = { alta: 'Alta', media: 'Média', baixa: 'Baixa' };

function sourcesText(sources: readonly FigureSource[]): string | null {
  const seen = [...new Set(sources.map(formatSource))];
  return seen.length ? seen.join('; ') : null;
}

function insights(items: readonly Insight[], empty: string): Block {
  return {
    kind: 'insights',
    empty,
    items: items.map((i) => ({
      severity: i.severity,
      severityLabel: SEVERITY_LABELS[i.severity] ?? i.severity,
      title: i.title,
      detail: i.detail,
      sources: sourcesText(i.sources ?? []),
    })),
  };
}

function tone(value: number | null): Cell['tone'] {
  if (value === null || !Number.isFinite(value) || value === 0) return undefined;
  return value < 0 ? 'negative' : undefined;
}

const FIGURE_COLUMNS: Column[] = [
  { label: 'Indicador', weight: 3 },
  { label: 'Valor', align: 'right', weight: 2.4 },
  { label: 'Fonte', weight: 4 },
];

function figureTable(figures: readonly (Figure | null | undefined)[]): Block {
  const rows = figures
    .filter((f): f is Figure => !!f)
    .map((f): Cell[] => [
      { text: f.label },
      { text: formatFigure(f), note: f.note, bold: true, tone: f.unit === 'BRL' ? tone(f.value) : undefined },
      { text: formatSource(f.source), tone: 'muted' },
    ]);
  return { kind: 'table', columns: FIGURE_COLUMNS, rows };
}

function text(t: string, style?: 'muted' | 'note'): Block {
  return { kind: 'paragraph', spans: parseInline(t), ...(style ? { tone: style } : {}) };
}

function cashFlowBlocks(points: readonly CashFlowPoint[], title: string): Block[] {
  const years = cashFlowByYear(points);
  if (years.length === 0) return [];
  const blocks: Block[] = [{ kind: 'subheading', text: 'Fluxo de caixa por ano' }];
  const chart = buildCashFlowChart(years);
  if (chart) blocks.push({ kind: 'chart', title, chart });
  blocks.push({
    kind: 'table',
    columns: [
      { label: 'Período', weight: 1.2 },
      { label: 'Entradas', align: 'right', weight: 2 },
      { label: 'Saídas', align: 'right', weight: 2 },
      { label: 'Líquido', align: 'right', weight: 2 },
      { label: 'Acumulado', align: 'right', weight: 2 },
    ],
    rows: years.map((y) => [
      { text: yearLabel(y.year) },
      { text: formatMoney(y.inflow) },
      { text: formatMoney(-Math.abs(y.outflow)), tone: y.outflow ? 'negative' : undefined },
      { text: formatMoney(y.net), tone: tone(y.net), bold: true },
      { text: formatMoney(y.cumulative), tone: tone(y.cumulative) },
    ]),
  });
  return blocks;
}

function sensitivityBlocks(matrices: readonly SensitivityMatrix[]): Block[] {
  const usable = matrices.filter((m) => m.rowValues?.length && m.colValues?.length);
  if (usable.length === 0) return [];
  const blocks: Block[] = [{ kind: 'subheading', text: 'Sensibilidade' }];
  for (const m of usable) {
    blocks.push({
      kind: 'table',
      caption: `${m.title}: ${m.metricLabel}. Linhas: ${m.rowLabel}; colunas: ${m.colLabel}. Em destaque, o cenário base; n/d onde a métrica não é definida.`,
      columns: [
        { label: `${m.rowLabel} \\ ${m.colLabel}`, weight: 2.2 },
        ...m.colValues.map((v) => ({ label: formatValue(v, m.colUnit), align: 'right' as const, weight: 1.6 })),
      ],
      rows: m.rowValues.map((rv, r) => [
        { text: formatValue(rv, m.rowUnit), bold: true },
        ...m.colValues.map((_, c): Cell => {
          const v = m.cells[r]?.[c] ?? null;
          const base = r === m.base.row && c === m.base.col;
          return { text: v === null ? 'n/d' : formatValue(v, m.metricUnit), tone: tone(v), ...(base ? { base, bold: true } : {}) };
        }),
      ]),
    });
  }
  return blocks;
}

/** Monthly rates with the engine's percent format (two decimals; a tiny rate keeps two significant digits: DFI 0,0047 %). */
function monthlyRateCell(f: Figure): Cell[] {
  const v = f.value;
  const shown = v === null ? 'n/d' : `${formatPercent(v)} ao mês`;
  return [{ text: f.label }, { text: shown, note: f.note, bold: true }, { text: formatSource(f.source), tone: 'muted' }];
}

function financingBlocks(fin: NonNullable<FinancialResult['financing']>): Block[] {
  const blocks: Block[] = [
    { kind: 'subheading', text: fin.regime ? `Financiamento (SAC e Price) — ${fin.regime}` : 'Financiamento (SAC e Price)' },
    figureTable([fin.downPayment, fin.loanAmount, fin.rateAnnual, fin.termMonths, fin.sfhCeiling, fin.insurance?.adminFeeMonthly, fin.insurance?.borrowerAge]),
  ];
  const monthly = [fin.tr, fin.insurance?.mipRateMonthly, fin.insurance?.dfiRateMonthly].filter((f): f is Figure => !!f);
  if (monthly.length) blocks.push({ kind: 'table', columns: FIGURE_COLUMNS, rows: monthly.map(monthlyRateCell) });
  const bySystem = (s: 'SAC' | 'PRICE') => ({
    ltv: fin.ltvMax?.[s],
    loan: fin.loanBySystem?.[s] ?? (s === 'SAC' ? fin.loanAmount : undefined),
    cet: fin.cet?.[s],
  });
  blocks.push({
    kind: 'table',
    caption: 'Parcelas com seguros MIP/DFI e tarifa; juros sobre o saldo corrigido pela TR. CET: TIR mensal dos fluxos do tomador, anualizada.',
    columns: [
      { label: 'Sistema', weight: 1 },
      { label: 'Cota máx.', align: 'right', weight: 1.1 },
      { label: 'Financiado', align: 'right', weight: 1.8 },
      { label: '1ª parcela', align: 'right', weight: 1.6 },
      { label: 'Última parcela', align: 'right', weight: 1.6 },
      { label: 'Juros totais', align: 'right', weight: 1.8 },
      { label: 'Seguros e tarifas', align: 'right', weight: 1.7 },
      { label: 'Total pago', align: 'right', weight: 1.8 },
      { label: 'CET', align: 'right', weight: 1 },
    ],
    rows: [fin.sac, fin.price].map((s) => {
      const b = bySystem(s.system);
      return [
        { text: s.system === 'SAC' ? 'SAC' : 'Price', bold: true },
        { text: b.ltv ? formatFigure(b.ltv) : 'n/d' },
        { text: b.loan ? formatFigure(b.loan) : 'n/d' },
        { text: formatMoney(s.firstPaymentTotal ?? s.firstPayment) },
        { text: formatMoney(s.lastPaymentTotal ?? s.lastPayment) },
        { text: formatMoney(s.totalInterest) },
        { text: formatMoney((s.totalInsurance ?? 0) + (s.totalFees ?? 0)) },
        { text: formatMoney(s.totalPaidAll ?? s.totalPaid) },
        { text: b.cet ? formatFigure(b.cet) : 'n/d', bold: true },
      ];
    }),
  });
  for (const n of fin.notes ?? []) blocks.push(text(n, 'note'));
  return blocks;
}

// ------------------------------------------------------------------------------------------------
// Sections

/** The incorporação model's budget lines, funding, residual land value and break-evens (issue 17). */
function developmentDetailBlocks(d: DevelopmentResult): Block[] {
  const x = d.detail;
  if (!x) return [];
  return [
    { kind: 'subheading', text: 'Orçamento do empreendimento' },
    {
      kind: 'table',
      columns: [{ label: 'Linha', weight: 4 }, { label: 'Valor', align: 'right', weight: 2 }],
      rows: x.budget.map((b) => [{ text: b.label }, { text: formatMoney(b.value) }]),
    },
    { kind: 'subheading', text: 'Financiamento, valor residual e pontos de equilíbrio' },
    figureTable([x.vgvGross, x.projectIrr, x.projectNpv, x.equityIrr, x.equityNpv, x.peakDebt, x.peakEquity, x.interestPaid, x.distratoValue, x.inccCorrection, x.rlvTargetMargin, x.rlvTargetIrr, x.breakEvenPricePerSqm, x.breakEvenCostPerSqm, x.maxDelayMonths]),
    ...x.notes.map((n) => text(n, 'note')),
  ];
}

function developmentSection(d: DevelopmentResult): Section {
  return {
    id: 'development',
    title: 'Desenvolvimento imobiliário (incorporação)',
    blocks: [
      figureTable([d.landCost, d.builtArea, d.sellableArea, d.vgv, d.constructionCost, d.softCosts, d.commissions, d.ret, d.totalCost, d.profit, d.marginOnVgv, d.marginOnCost, d.residualLandValue, d.peakExposure, d.npv, d.irr, d.mirr, d.paybackMonths]),
      ...developmentDetailBlocks(d),
      ...cashFlowBlocks(d.cashFlow ?? [], 'Fluxo de caixa do empreendimento'),
      ...sensitivityBlocks(d.sensitivity ?? []),
    ],
  };
}

function financialSection(f: FinancialResult, development: boolean): Section {
  if (development) {
    // For a development the return is in its own section: here only the acquisition.
    return {
      id: 'financial',
      title: 'Aquisição',
      blocks: [figureTable([f.price, f.area, f.itbi, f.notary, f.acquisitionTotal]), ...(f.financing ? financingBlocks(f.financing) : [])],
    };
  }
  const flip = f.strategy === 'revenda' && f.flip ? f.flip : null;
  const blocks: Block[] = [
    text(
      flip
        ? 'Estratégia: reformar e revender. VPL e TIR após o imposto sobre o ganho de capital, comparados com a TMA de revenda.'
        : `Estratégia: comprar e manter para alugar. VPL e TIR do imóvel${f.financingChosen ? ', sem o financiamento (o efeito do financiamento escolhido vem em seguida)' : ' (compra à vista)'}, após os impostos.`,
      'muted',
    ),
    figureTable(
      flip
        ? [f.price, f.area, f.pricePerSqm, f.itbi, f.notary, f.acquisitionTotal, f.npv, f.irr, f.mirr, f.paybackMonths, f.exitValue, f.capitalGainsTax]
        : [f.price, f.area, f.pricePerSqm, f.itbi, f.notary, f.acquisitionTotal, f.monthlyRent, f.grossYield, f.netYield, f.capRate, f.cashOnCash, f.npv, f.irr, f.mirr, f.paybackMonths, f.exitValue, f.capitalGainsTax],
    ),
  ];
  if (flip) {
    blocks.push(
      { kind: 'subheading', text: 'Reforma e revenda' },
      text(`Obra de ${flip.worksMonths} meses e venda em ${flip.sellMonths} meses depois dela: ${flip.worksMonths + flip.sellMonths} meses com o imóvel vazio, pagando condomínio, IPTU e contas integralmente.`),
      figureTable([flip.renovation, flip.salePrice, flip.carryingCosts, flip.sellingCosts, f.capitalGainsTax, flip.profit, flip.returnOnCost]),
      ...(flip.notes.length ? [{ kind: 'list', items: flip.notes.map((n) => parseInline(n)) } as Block] : []),
    );
  }
  if (f.rentFromReference) {
    blocks.push(text('O aluguel foi estimado pela referência FipeZAP por m² (preços anunciados): informe o aluguel real para um resultado mais preciso.', 'note'));
  }
  if (f.financing) blocks.push(...financingBlocks(f.financing));
  if (f.financing && f.afterTax) {
    const t = f.afterTax;
    blocks.push(
      { kind: 'subheading', text: 'Efeito do financiamento escolhido' },
      figureTable([t.unleveredIrr, t.leveredIrr, t.unleveredNpv, t.leveredNpv, t.dscrMin, t.dscrAverage, f.cashOnCash]),
      ...(f.loanEffect ? [text(f.loanEffect.text, f.loanEffect.decisive ? 'note' : undefined)] : []),
    );
  }
  if (f.afterTax) blocks.push(...afterTaxBlocks(f.afterTax));
  if (f.financing && f.leveredCashFlow?.length) blocks.push(...cashFlowBlocks(f.leveredCashFlow, 'Fluxo do capital próprio (com o financiamento)'));
  blocks.push(...cashFlowBlocks(f.cashFlow ?? [], f.financing ? 'Fluxo de caixa do imóvel (sem financiamento)' : 'Fluxo de caixa do investimento'), ...sensitivityBlocks(f.sensitivity ?? []));
  return { id: 'financial', title: 'Análise financeira', blocks };
}

/** After tax (issue 17, time-tax): tax on rent and on the sale, returns with and without the loan, DSCR, break-evens. */
function afterTaxBlocks(t: NonNullable<FinancialResult['afterTax']>): Block[] {
  const payback =
    t.payback.firstPositiveMonth === null
      ? 'O fluxo acumulado não volta a ser positivo no horizonte.'
      : `O fluxo acumulado fica positivo no mês ${t.payback.firstPositiveMonth}` +
        (t.payback.negativeAgainMonth === null ? ' e não volta a ficar negativo.' : ` e volta a ficar negativo no mês ${t.payback.negativeAgainMonth}.`);
  return [
    { kind: 'subheading', text: 'Após impostos e ao longo do tempo' },
    figureTable([
      t.hurdleRate,
      t.rentGrowthAnnual,
      t.costGrowthAnnual,
      t.grossRentYear1,
      t.noiYear1,
      t.rentTaxYear1,
      t.rentTaxTotal,
      t.exitCosts,
      t.capitalGain,
      t.reductionFactor,
      t.unleveredNpv,
      t.unleveredIrr,
      t.leveredIrr,
      t.dscrMin,
      t.dscrAverage,
      t.breakEvenRent,
      t.maxPrice,
      t.discountedPaybackMonths,
    ]),
    text(payback),
    ...t.irrWarnings.map((w) => text(w, 'note')),
    { kind: 'list', items: t.notes.map((n) => parseInline(n)) },
  ];
}

/** 'Testes de estresse': the standard downside on the primary model beside the base case. */
export function stressSection(stress: NonNullable<AnalysisResult['stress']>): Section {
  const dev = stress.model === 'development';
  const money = (v: number | null): Cell => ({ text: v === null ? '—' : formatMoney(v), tone: tone(v) });
  const pct = (v: number | null): Cell => ({ text: v === null ? '—' : formatPercent(v) });
  const columns: Column[] = [
    { label: 'Cenário', weight: 3 },
    { label: 'VPL', align: 'right', weight: 2 },
    { label: 'Δ VPL', align: 'right', weight: 2 },
    { label: 'TIR', align: 'right', weight: 1.2 },
    ...(dev ? [{ label: 'Margem', align: 'right' as const, weight: 1.2 }] : []),
  ];
  const rows = stress.scenarios.map((s): Cell[] => [
    { text: s.label, bold: s.id === 'base' },
    money(s.npv),
    s.id === 'base' ? { text: '—' } : money(s.npvDelta),
    pct(s.irr),
    ...(dev ? [pct(s.margin)] : []),
  ]);
  return {
    id: 'stress',
    title: 'Testes de estresse',
    blocks: [{ kind: 'table', columns, rows }, { kind: 'list', items: stress.notes.map((n) => parseInline(n)) }],
  };
}

const POSITION_TEXT: Record<MarketResult['position'], string> = {
  acima: 'Acima da referência',
  alinhado: 'Alinhado à referência (até 10% de diferença)',
  abaixo: 'Abaixo da referência',
  indeterminado: 'Indeterminado',
};

function marketSection(m: MarketResult): Section {
  const blocks: Block[] = [
    figureTable([m.askedPricePerSqm, m.referencePricePerSqm, m.deviation]),
    text(`Posição do preço: **${POSITION_TEXT[m.position] ?? m.position}**`),
  ];
  if (m.valuation) {
    blocks.push({ kind: 'subheading', text: 'Faixa de valor estimada' }, figureTable([m.valuation.low, m.valuation.mid, m.valuation.high]));
  }
  for (const st of [m.comparables?.sale, m.comparables?.rent]) {
    if (!st) continue;
    const unit = st.kind === 'aluguel' ? 'R$/m² ao mês' : 'R$/m²';
    const stats: [string, number][] = [['Mediana', st.median], ['Média', st.mean], ['Mínimo', st.min], ['Máximo', st.max], ['1º quartil', st.q1], ['3º quartil', st.q3], ['Intervalo interquartil', st.iqr]];
    blocks.push(
      { kind: 'subheading', text: `Comparáveis de ${st.kind === 'aluguel' ? 'aluguel' : 'venda'} (${st.n})` },
      {
        kind: 'table',
        columns: [{ label: 'Estatística', weight: 3 }, { label: unit, align: 'right', weight: 2 }],
        rows: stats.map(([label, v]) => [{ text: label }, { text: formatMoney(v), bold: label === 'Mediana' }]),
      },
      {
        kind: 'table',
        columns: [
          { label: 'Endereço', weight: 4 },
          { label: 'Área', align: 'right', weight: 1.4 },
          { label: unit, align: 'right', weight: 1.6 },
          { label: 'Data', weight: 1.4 },
          { label: 'Fonte', weight: 3 },
        ],
        rows: st.items.map((c) => [
          { text: c.address, ...(c.flag ? { note: c.flag } : {}) },
          { text: `${formatNumber(c.area, 2, 0)} m²` },
          { text: formatMoney(c.pricePerSqm) },
          { text: c.date },
          { text: c.source ?? 'Informado pelo usuário' },
        ]),
      },
    );
  }
  if (m.notes?.length) {
    // The FipeZAP and NBR 14653 caveats: asked prices, not transactions; not an appraisal.
    blocks.push({ kind: 'subheading', text: 'Notas sobre a referência' }, { kind: 'list', items: m.notes.map(parseInline) });
  }
  return { id: 'market', title: 'Análise de mercado', blocks };
}

const CHECKLIST_TEXT: Record<ChecklistStatus, string> = {
  presente: 'Presente (documento enviado)',
  declarado: 'Declarado no questionário (não enviado)',
  ausente: 'Ausente',
};

function legalSection(result: AnalysisResult): Section | null {
  const l = result.legal;
  if (!l) return null;
  const missing = l.checklist.filter((c) => c.status === 'ausente').map((c) => c.label);
  const blocks: Block[] = [
    text(`Situação legal declarada: ${l.legalStatus ?? 'não informada'}.`),
    { kind: 'subheading', text: 'Checklist documental' },
    {
      kind: 'table',
      columns: [
        { label: 'Documento', weight: 2.6 },
        { label: 'Situação', weight: 2.6 },
        { label: 'Fonte (documento e página)', weight: 3.4 },
      ],
      rows: l.checklist.map((c) => [
        { text: c.label, bold: true },
        { text: CHECKLIST_TEXT[c.status] ?? c.status, tone: c.status === 'ausente' ? 'negative' : c.status === 'presente' ? 'positive' : undefined },
        { text: sourcesText(c.sources ?? []) ?? '—', tone: 'muted' },
      ]),
    },
  ];
  if (missing.length) blocks.push(text(`Documentos ausentes: ${missing.join(', ')}.`, 'muted'));
  blocks.push(
    { kind: 'subheading', text: 'Achados nos documentos' },
    insights(l.findings ?? [], 'Nenhum ônus, restrição ou divergência encontrado no texto dos documentos enviados.'),
  );
  return { id: 'legal', title: 'Análise jurídica', blocks };
}

function technicalSection(result: AnalysisResult): Section | null {
  const t = result.technical;
  if (!t) return null;
  const consistency = t.areaConsistent === null ? 'não verificável com as áreas informadas' : t.areaConsistent ? 'consistentes (útil ≤ construída ≤ total)' : 'inconsistentes';
  const areas = [t.areas?.usable, t.areas?.built, t.areas?.total].filter((f): f is Figure => !!f);
  return {
    id: 'technical',
    title: 'Análise técnica',
    blocks: [
      areas.length ? figureTable(areas) : text('Nenhuma área informada no questionário ou nos documentos.', 'muted'),
      {
        kind: 'list',
        items: [
          `Áreas: ${consistency}.`,
          `Estado de conservação: ${t.condition ?? 'não informado'}.`,
          `Características: ${t.features?.length ? t.features.join(', ') : 'nenhuma informada'}.`,
        ].map(parseInline),
      },
      { kind: 'subheading', text: 'Achados técnicos' },
      insights(t.findings ?? [], 'Nenhum achado técnico.'),
    ],
  };
}

function environmentalSection(result: AnalysisResult): Section | null {
  const e = result.environmental;
  if (!e) return null;
  const blocks: Block[] = [
    { kind: 'subheading', text: 'Achados nos documentos' },
    insights(e.findings ?? [], 'Nenhuma menção ambiental (APP, manancial, contaminação, licenças, alagamento, tombamento…) encontrada no texto dos documentos.'),
  ];
  if (e.missing?.length) blocks.push({ kind: 'subheading', text: 'O que falta para concluir' }, { kind: 'list', items: e.missing.map(parseInline) });
  blocks.push(
    text(
      e.conclusive
        ? 'A verificação ambiental pôde ser concluída com os documentos enviados.'
        : (e.findings ?? []).length === 0
          ? 'A análise ambiental **não é conclusiva**: a ausência de menções nos documentos não comprova a ausência de restrições.'
          : 'A análise ambiental **não é conclusiva**: confirme os achados e obtenha os itens listados acima.',
      'note',
    ),
  );
  return { id: 'environmental', title: 'Análise ambiental', blocks };
}

const HURDLE_KIND_TEXT = { rental: 'locação (após impostos)', flip: 'revenda (após impostos, no prazo da operação)', development: 'incorporação (antes do IR do investidor)' } as const;

function scoreSection(result: AnalysisResult): Section {
  const blocks: Block[] = [
    {
      kind: 'table',
      columns: [
        { label: 'Componente', weight: 4 },
        { label: 'Nota (0–10)', align: 'right', weight: 1.4 },
        { label: 'Peso', align: 'right', weight: 1.2 },
      ],
      rows: result.score.components.map((c) => [{ text: c.label }, { text: formatNumber(c.value, 1, 1), bold: true }, { text: formatPercent(c.weight, 1) }]),
    },
  ];
  const cap = result.score.cap;
  if (cap) {
    blocks.push(
      text(`${cap.band === 'insuficiente' ? 'Faixa não atribuída (dados insuficientes)' : `Faixa limitada a "baixa" (nota máxima ${formatNumber(CAPPED_MAX, 1, 1)})`}: ${cap.reasons.join(' ')}`, 'note'),
    );
  }
  if (result.completeness.missing?.length) blocks.push(text(`Dados faltantes: ${result.completeness.missing.join('; ')}.`, 'muted'));
  const h = result.hurdle;
  if (h) {
    blocks.push({ kind: 'subheading', text: `Taxa mínima de atratividade (TMA): ${HURDLE_KIND_TEXT[h.kind]}` }, text(h.reason));
    if (h.steps.length) {
      blocks.push({
        kind: 'table',
        columns: [
          { label: 'Etapa', weight: 4 },
          { label: 'Valor', align: 'right', weight: 1.4 },
        ],
        rows: h.steps.map((st) => [{ text: st.label }, { text: st.unit === 'pp' ? `${formatNumber(st.value * 100, 2, 1)} p.p.` : st.unit === 'months' ? `${st.value} meses` : formatPercent(st.value) }]),
      });
    }
  }
  blocks.push({ kind: 'subheading', text: 'Como a nota é calculada' }, { kind: 'list', items: SCORE_FORMULA.map(parseInline) });
  return { id: 'score', title: 'Composição da pontuação', blocks };
}

function assumptionsSection(result: AnalysisResult): Section | null {
  if (!result.assumptions.length) return null;
  return {
    id: 'assumptions',
    title: 'Premissas',
    blocks: [
      text('Cada premissa pode ser alterada para simular outro cenário; as alteradas aparecem marcadas.', 'muted'),
      {
        kind: 'table',
        columns: [
          { label: 'Premissa', weight: 3 },
          { label: 'Valor', align: 'right', weight: 1.7 },
          { label: 'Padrão', align: 'right', weight: 1.7 },
          { label: 'Fonte', weight: 4 },
        ],
        rows: result.assumptions.map((a) => [
          { text: a.label },
          { text: formatValue(a.value, a.unit), bold: true },
          { text: formatValue(a.defaultValue, a.unit) },
          { text: a.overridden ? `Premissa: ${a.label} (alterada)` : formatSource(a.source), tone: 'muted' },
        ]),
      },
    ],
  };
}

function referencesSection(result: AnalysisResult): Section | null {
  if (!result.references.length) return null;
  return {
    id: 'references',
    title: 'Referências',
    blocks: [
      text('Dados de referência usados nesta análise, com a data e a fonte de cada um.', 'muted'),
      {
        kind: 'table',
        columns: [
          { label: 'Referência', weight: 3.4 },
          { label: 'Valor', align: 'right', weight: 1.8 },
          { label: 'Data', weight: 1.2 },
          { label: 'Fonte', weight: 3.4 },
        ],
        rows: result.references.map((r) => [
          { text: r.label },
          { text: formatValue(r.value, r.unit), bold: true },
          { text: formatDate(r.asOf) },
          { text: `${r.source}${r.uncertain ? ' — incerto' : ''}`, tone: 'muted' },
        ]),
      },
    ],
  };
}

function narrativeBlocks(markdown: string): Block[] {
  return parseMarkdown(markdown).map((b: MdBlock): Block => {
    switch (b.kind) {
      case 'heading':
        return { kind: 'subheading', text: b.spans.map((s) => s.text).join('') };
      case 'paragraph':
        return { kind: 'paragraph', spans: b.spans, ...(b.quote ? { tone: 'note' as const } : {}) };
      case 'list':
        return { kind: 'list', ordered: b.ordered, items: b.items };
      case 'table':
        return {
          kind: 'table',
          columns: b.header.map((h) => ({ label: h.map((s) => s.text).join(''), weight: 1 })),
          rows: b.rows.map((r) => b.header.map((_, i) => ({ text: (r[i] ?? []).map((s) => s.text).join('') }))),
        };
    }
  });
}

/** Summary and conclusion as written for this analysis (by the engine or an LLM); the engine's own when absent. */
export function readNarrative(markdown: string, result: AnalysisResult): { summary: string; conclusion: string } {
  const fallback = defaultNarrative(result);
  return {
    summary: markdownSection(markdown, 'Resumo executivo') ?? fallback.summary,
    conclusion: markdownSection(markdown, 'Conclusão') ?? fallback.conclusion,
  };
}

function keyFiguresSection(result: AnalysisResult): Section | null {
  const figures = keyFigures(result);
  if (!figures.length) return null;
  return {
    id: 'key-figures',
    title: 'Números principais',
    blocks: [{ kind: 'figures', items: figures.map((f) => ({ label: f.label, value: formatFigure(f), note: f.note, source: formatSource(f.source) })) }],
  };
}

const TEMPLATE_SECTIONS: Record<ReportTemplate, readonly string[]> = {
  executive: ['summary', 'key-figures', 'reference-warnings', 'top-risks', 'top-opportunities', 'next-steps', 'conclusion'],
  technical: ['score', 'development', 'financial', 'market', 'legal', 'dossier', 'technical', 'environmental', 'risks', 'opportunities', 'recommendations', 'reference-warnings', 'assumptions', 'references', 'warnings'],
  complete: ['summary', 'key-figures', 'score', 'development', 'financial', 'market', 'legal', 'dossier', 'technical', 'environmental', 'risks', 'opportunities', 'recommendations', 'reference-warnings', 'assumptions', 'references', 'warnings', 'conclusion'],
};

/** The primary model's section followed by its stress table (kept inside it so every template that shows the model shows the stress). */
function withStress(section: Section, stress: AnalysisResult['stress']): Section {
  if (!stress) return section;
  const st = stressSection(stress);
  return { ...section, blocks: [...section.blocks, { kind: 'subheading', text: st.title }, ...st.blocks] };
}

/** The sections of `template`, in order, each present only when the result has its data. */
export function buildSections(source: ReportSource, template: ReportTemplate): Section[] {
  const r = source.result;
  const narrative = readNarrative(source.resultContent, r);
  const builders: Record<string, () => Section | null> = {
    summary: () => ({ id: 'summary', title: 'Resumo executivo', blocks: narrativeBlocks(narrative.summary) }),
    'key-figures': () => keyFiguresSection(r),
    'top-risks': () => ({ id: 'top-risks', title: 'Principais riscos', blocks: [insights(r.risks.slice(0, 3), 'Nenhum risco relevante identificado com os dados informados.')] }),
    'top-opportunities': () => ({ id: 'top-opportunities', title: 'Principais oportunidades', blocks: [insights(r.opportunities.slice(0, 3), 'Nenhuma oportunidade destacada com os dados informados.')] }),
    'next-steps': () => (r.recommendations.length ? { id: 'next-steps', title: 'Próximos passos', blocks: [insights(r.recommendations.slice(0, 3), '')] } : null),
    conclusion: () => ({ id: 'conclusion', title: 'Conclusão', blocks: narrativeBlocks(narrative.conclusion) }),
    score: () => (r.score.components.length ? scoreSection(r) : null),
    development: () => (r.development ? withStress(developmentSection(r.development), r.stress) : null),
    financial: () => (r.financial ? withStress(financialSection(r.financial, !!r.development), r.development ? undefined : r.stress) : null),
    market: () => (r.market ? marketSection(r.market) : null),
    legal: () => legalSection(r),
    dossier: () => dossierSection(r),
    technical: () => technicalSection(r),
    environmental: () => environmentalSection(r),
    risks: () => ({ id: 'risks', title: 'Riscos', blocks: [insights(r.risks, 'Nenhum risco relevante identificado com os dados informados.')] }),
    opportunities: () => ({ id: 'opportunities', title: 'Oportunidades', blocks: [insights(r.opportunities, 'Nenhuma oportunidade destacada com os dados informados.')] }),
    recommendations: () => ({ id: 'recommendations', title: 'Recomendações', blocks: [insights(r.recommendations, 'Nenhuma recomendação adicional.')] }),
    // Reference figures used after twice their cadence (refdata, issue 17), next to the assumptions.
    'reference-warnings': () =>
      r.referenceWarnings?.length ? { id: 'reference-warnings', title: 'Dados de referência antigos', blocks: [{ kind: 'list', items: r.referenceWarnings.map((w) => parseInline(w.message)) }] } : null,
    assumptions: () => assumptionsSection(r),
    references: () => referencesSection(r),
    warnings: () => (r.warnings.length ? { id: 'warnings', title: 'Avisos', blocks: [{ kind: 'list', items: r.warnings.map(parseInline) }] } : null),
  };
  return TEMPLATE_SECTIONS[template].map((id) => builders[id]?.() ?? null).filter((s): s is Section => s !== null);
}

function safeColors(colors: ReportColors): ReportColors {
  // The options were validated already; a colour reaches CSS only if it is exactly #RRGGBB.
  return {
    primary: isHexColor(colors.primary) ? colors.primary : DEFAULT_REPORT_COLORS.primary,
    secondary: isHexColor(colors.secondary) ? colors.secondary : DEFAULT_REPORT_COLORS.secondary,
    accent: isHexColor(colors.accent) ? colors.accent : DEFAULT_REPORT_COLORS.accent,
  };
}

/** The engine's disclaimer; when an LLM wrote the narrative, it says so too. */
export function disclaimer(providerUsed: string | null, providerName: string): string {
  if (!providerUsed || providerUsed === 'local') return REPORT_DISCLAIMER;
  return `${REPORT_DISCLAIMER} O resumo e a conclusão foram redigidos por inteligência artificial (${providerName}) a partir dos números calculados pelo motor.`;
}

function addressLine(p: ReportSource['property']): string | null {
  const place = [p.city, p.state].filter(Boolean).join(' - ');
  const parts = [p.address, place].filter((x): x is string => !!x && x.trim().length > 0);
  return parts.length ? parts.join(', ') : null;
}

export function buildReportModel(source: ReportSource, options: ReportOptions, now: Date): ReportModel {
  const r = source.result;
  const templateLabel = REPORT_TEMPLATES[options.template];
  const typeLabel = analysisTypeLabel(source.analysisType);
  // Never above the completeness of the evidence (results stored before the engine capped it included).
  const confidence = source.confidenceScore === null ? null : evidenceConfidence(r, source.confidenceScore);
  const band = confidence === null ? null : reportConfidenceBand(confidence);
  const completeness = source.completeness ?? r.completeness.percent;
  const provider = source.providerUsed ? (PROVIDER_NAMES[source.providerUsed] ?? source.providerUsed) : 'Não especificado';

  return {
    template: options.template,
    templateLabel,
    documentTitle: `Relatório ${templateLabel} - ${source.property.title}`,
    heading: source.property.title,
    subtitle: `Relatório ${templateLabel} · Análise ${typeLabel}`,
    addressLine: addressLine(source.property),
    analysisId: source.id,
    generatedAt: formatDateTime(now),
    score: {
      // No score beside 'Dados insuficientes': a band and its score never disagree.
      value: r.score.band === 'insuficiente' ? '—' : formatNumber(r.score.value, 1, 1),
      label: r.score.label,
      // 'Dados insuficientes' has no colour of its own: the neutral secondary, never the red of 'baixa'.
      color: r.score.band === 'insuficiente' ? DEFAULT_REPORT_COLORS.secondary : (CONFIDENCE_BAND_COLORS[r.score.band] ?? DEFAULT_REPORT_COLORS.secondary),
      completeness: `${r.completeness.percent}% dos dados (${r.completeness.filled} de ${r.completeness.total} itens)`,
    },
    branding: options.includeBranding ? { companyName: options.companyName } : null,
    colors: options.includeBranding ? safeColors(options.customColors) : { ...DEFAULT_REPORT_COLORS },
    metadata: options.includeMetadata
      ? {
          rows: [
            { label: 'ID da análise', value: source.id.slice(0, 8) },
            { label: 'Tipo de análise', value: typeLabel },
            { label: 'Data da análise', value: formatDateTime(source.createdAt) },
            { label: 'Relatório gerado em', value: formatDateTime(now) },
            { label: 'Provedor', value: provider },
            { label: 'Modelo', value: source.model ?? '—' },
            { label: 'Tokens utilizados', value: source.tokensUsed === null ? '—' : formatNumber(source.tokensUsed, 0) },
            { label: 'Completude dos dados', value: `${formatNumber(completeness, 0)}%` },
          ],
          confidence: band && confidence !== null ? { score: `${formatNumber(confidence, 0)}%`, label: band.label, color: band.color } : null,
        }
      : null,
    sections: buildSections(source, options.template),
    disclaimer: disclaimer(source.providerUsed, provider),
  };
}
