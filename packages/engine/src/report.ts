import { analysisTypeLabel } from '@viabiliza/contracts/analysis';
import { CAPPED_MAX, SCORE_FORMULA } from './score.ts';
import type {
  AnalysisResult,
  AssumptionUsed,
  CashFlowPoint,
  ChecklistStatus,
  DevelopmentResult,
  EnvironmentalResult,
  Figure,
  FigureSource,
  FigureUnit,
  FinancialResult,
  Insight,
  LegalResult,
  MarketResult,
  Narrative,
  ReferenceRowUsed,
  SensitivityMatrix,
  Severity,
  TechnicalResult,
} from '@viabiliza/contracts/analysis-result';

// ------------------------------------------------------------------------------------------------
// pt-BR formatting (money 'R$ 1.234,56', percentages '15,00%', dates dd/MM/yyyy)

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(min: number, max: number): Intl.NumberFormat {
  const key = `${min}-${max}`;
  let f = numberFormats.get(key);
  if (!f) {
    f = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: min, maximumFractionDigits: max });
    numberFormats.set(key, f);
  }
  return f;
}

/** Rounded to `decimals` with negative zero folded into zero. */
function tidy(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** '1.234,56'; non-finite numbers print as '—'. */
export function formatNumber(value: number, decimals = 2, minDecimals = decimals): string {
  if (!Number.isFinite(value)) return '—';
  return numberFormat(minDecimals, decimals).format(tidy(value, decimals));
}

/** 'R$ 1.234,56', '-R$ 1.234,56'. */
export function formatMoney(value: number): string {
  if (!Number.isFinite(value)) return '—';
  const v = tidy(value, 2);
  return `${v < 0 ? '-' : ''}R$ ${numberFormat(2, 2).format(Math.abs(v))}`;
}

/** A fraction as a percentage: 0.15 → '15,00%'. */
export function formatPercent(fraction: number, decimals = 2): string {
  if (!Number.isFinite(fraction)) return '—';
  // One or two decimals; a tiny monthly rate (DFI 0,0047 %) that would print as 0,00 % keeps two significant digits.
  const pct = fraction * 100;
  if (fraction !== 0 && Math.abs(pct) < 0.5 * 10 ** -decimals) return `${pct.toLocaleString('pt-BR', { maximumSignificantDigits: 2 })}%`;
  return `${formatNumber(pct, decimals)}%`;
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
});

/**
 * 'YYYY-MM-DD' → 'dd/MM/yyyy'; 'YYYY-MM' → 'MM/yyyy'; 'YYYY' → 'yyyy'; a timestamp with a time
 * → its day in Brasília time. Anything else is returned as given.
 */
export function formatDate(iso: string): string {
  if (/^\d{4}$/.test(iso)) return iso;
  let m = /^(\d{4})-(\d{2})$/.exec(iso);
  if (m) return `${m[2]}/${m[1]}`;
  m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (m) return `${m[3]}/${m[2]}/${m[1]}`;
  const t = Date.parse(iso);
  if (Number.isFinite(t)) return dateFormat.format(new Date(t));
  return iso;
}

/** One value in its unit, pt-BR. Null prints as 'não calculado'. */
export function formatValue(value: number | null, unit: FigureUnit): string {
  if (value === null || !Number.isFinite(value)) return 'não calculado';
  switch (unit) {
    case 'BRL':
      return formatMoney(value);
    case 'BRL/m2':
      return `${formatMoney(value)}/m²`;
    case 'BRL/mes':
      return `${formatMoney(value)}/mês`;
    case 'fraction':
      return formatPercent(value);
    case 'm2':
      return `${formatNumber(value)} m²`;
    case 'months': {
      const n = formatNumber(value, 1, 0);
      return `${n} ${tidy(value, 1) === 1 ? 'mês' : 'meses'}`;
    }
    case 'years': {
      const n = formatNumber(value, 1, 0);
      return `${n} ${tidy(value, 1) === 1 ? 'ano' : 'anos'}`;
    }
    case 'count':
      return formatNumber(value, 0);
    case 'score':
      return formatNumber(value, 1, 1);
  }
}

export function formatFigure(f: Figure): string {
  return formatValue(f.value, f.unit);
}

/** How a table's 'Fonte' column names where a figure came from. */
export function formatSource(s: FigureSource): string {
  switch (s.kind) {
    case 'questionnaire':
      return `Questionário: ${s.label}`;
    case 'document':
      return `${s.fileName}, p. ${s.page}`;
    case 'reference':
      return `${s.label} (${s.source}, ${formatDate(s.asOf)})${s.uncertain ? ' — incerto' : ''}`;
    case 'assumption':
      return `Premissa: ${s.label}${s.overridden ? ' (alterada)' : ''}`;
    case 'computed':
      return s.formula;
  }
}

// ------------------------------------------------------------------------------------------------
// Markdown building blocks

function cell(text: string): string {
  return text.replace(/\r?\n+/g, ' ').replace(/\|/g, '\\|').trim() || '—';
}

export function table(headers: readonly string[], rows: readonly (readonly string[])[]): string {
  const head = `| ${headers.map(cell).join(' | ')} |`;
  const sep = `| ${headers.map(() => '---').join(' | ')} |`;
  return [head, sep, ...rows.map((r) => `| ${r.map(cell).join(' | ')} |`)].join('\n');
}

function sourcesText(sources: readonly FigureSource[]): string {
  const seen = [...new Set(sources.map(formatSource))];
  return seen.length ? seen.join('; ') : '—';
}

function figureValue(f: Figure): string {
  return f.note ? `${formatFigure(f)} (${f.note})` : formatFigure(f);
}

function figureTable(figures: readonly (Figure | null | undefined)[]): string {
  const rows = figures.filter((f): f is Figure => !!f).map((f) => [f.label, figureValue(f), formatSource(f.source)]);
  return table(['Indicador', 'Valor', 'Fonte'], rows);
}

const SEVERITY_LABELS: Record<Severity, string> = { alta: 'Alta', media: 'Média', baixa: 'Baixa' };

function insightList(items: readonly Insight[], empty: string): string {
  if (items.length === 0) return empty;
  return items
    .map((i) => {
      const src = i.sources.length ? ` _Fonte: ${sourcesText(i.sources)}_` : '';
      return `- **[${SEVERITY_LABELS[i.severity]}]** ${i.title}: ${i.detail}${src}`;
    })
    .join('\n');
}

function bullets(items: readonly string[]): string {
  return items.map((i) => `- ${i}`).join('\n');
}

/** Cash flow summed by year: year 0 is the start (month 0), year k holds months 12k−11…12k. */
export function cashFlowByYear(points: readonly CashFlowPoint[]): { year: number; inflow: number; outflow: number; net: number; cumulative: number }[] {
  const years = new Map<number, { year: number; inflow: number; outflow: number; net: number; cumulative: number }>();
  for (const p of points) {
    const year = p.month <= 0 ? 0 : Math.ceil(p.month / 12);
    const y = years.get(year) ?? { year, inflow: 0, outflow: 0, net: 0, cumulative: 0 };
    y.inflow += p.inflow;
    y.outflow += p.outflow;
    y.net += p.net;
    y.cumulative = p.cumulative;
    years.set(year, y);
  }
  return [...years.values()].sort((a, b) => a.year - b.year);
}

function cashFlowTable(points: readonly CashFlowPoint[]): string {
  const rows = cashFlowByYear(points).map((y) => [
    y.year === 0 ? 'Início' : `Ano ${y.year}`,
    formatMoney(y.inflow),
    formatMoney(-Math.abs(y.outflow)),
    formatMoney(y.net),
    formatMoney(y.cumulative),
  ]);
  return table(['Período', 'Entradas', 'Saídas', 'Líquido', 'Acumulado'], rows);
}

function sensitivityTables(matrices: readonly SensitivityMatrix[]): string {
  return matrices
    .map((m) => {
      const header = [`${m.rowLabel} \\ ${m.colLabel}`, ...m.colValues.map((v) => formatValue(v, m.colUnit))];
      const rows = m.rowValues.map((rv, r) => [
        formatValue(rv, m.rowUnit),
        ...m.colValues.map((_, c) => {
          const v = m.cells[r]?.[c] ?? null;
          const text = v === null ? 'n/d' : formatValue(v, m.metricUnit);
          return r === m.base.row && c === m.base.col ? `**${text}**` : text;
        }),
      ]);
      return `#### ${m.title}\n\n${m.metricLabel}. Linhas: ${m.rowLabel}; colunas: ${m.colLabel}. Em negrito, o cenário base; n/d onde a métrica não é definida.\n\n${table(header, rows)}`;
    })
    .join('\n\n');
}

// ------------------------------------------------------------------------------------------------
// Sections

/** For a development the return is in the development section: only the acquisition is shown here. */
function acquisitionSection(f: FinancialResult): string {
  const parts = ['## Aquisição', figureTable([f.price, f.area, f.itbi, f.notary, f.acquisitionTotal])];
  if (f.financing) parts.push(financingBlock(f.financing));
  return parts.join('\n\n');
}

function financingBlock(fin: NonNullable<FinancialResult['financing']>): string {
  const monthly = (f: Figure | undefined) =>
    f && f.value !== null ? `${f.label}: ${formatPercent(f.value)} ao mês` : null;
  const rates = [monthly(fin.tr), monthly(fin.insurance?.mipRateMonthly), monthly(fin.insurance?.dfiRateMonthly)].filter((x): x is string => x !== null);
  const cell = (f: Figure | undefined) => (f ? formatFigure(f) : 'n/d');
  return [
    '### Financiamento (SAC e Price)',
    ...(fin.regime ? [`Regime: **${fin.regime}**${fin.sfhEligible ? ' (enquadrado no SFH)' : ''}.`] : []),
    figureTable([fin.downPayment, fin.loanAmount, fin.rateAnnual, fin.termMonths, fin.insurance?.adminFeeMonthly].filter((f): f is Figure => !!f)),
    ...(rates.length ? [rates.join(' · ')] : []),
    table(
      ['Sistema', 'Cota máx.', 'Financiado', '1ª parcela', 'Última parcela', 'Juros totais', 'Seguros e tarifas', 'Total pago', 'CET'],
      [fin.sac, fin.price].map((s) => {
        const k = s.system;
        return [
          k === 'SAC' ? 'SAC' : 'Price',
          cell(fin.ltvMax?.[k]),
          cell(fin.loanBySystem?.[k] ?? (k === 'SAC' ? fin.loanAmount : undefined)),
          formatMoney(s.firstPaymentTotal ?? s.firstPayment),
          formatMoney(s.lastPaymentTotal ?? s.lastPayment),
          formatMoney(s.totalInterest),
          formatMoney((s.totalInsurance ?? 0) + (s.totalFees ?? 0)),
          formatMoney(s.totalPaidAll ?? s.totalPaid),
          cell(fin.cet?.[k]),
        ];
      }),
    ),
    ...(fin.notes ?? []).map((n) => `> ${n}`),
  ].join('\n\n');
}

function flipBlock(f: FinancialResult): string {
  const x = f.flip!;
  return [
    '### Reforma e revenda',
    `Obra de ${x.worksMonths} meses e venda em ${x.sellMonths} meses depois dela: ${x.worksMonths + x.sellMonths} meses com o imóvel vazio, pagando condomínio, IPTU e contas integralmente.`,
    figureTable([x.renovation, x.salePrice, x.carryingCosts, x.sellingCosts, f.capitalGainsTax, x.profit, x.returnOnCost]),
    ...(x.notes.length ? [bullets(x.notes)] : []),
  ].join('\n\n');
}

/** Tax on rent and on the sale, returns with and without the loan, DSCR, break-evens (as the HTML/PDF). */
function afterTaxBlock(t: NonNullable<FinancialResult['afterTax']>): string {
  const payback =
    t.payback.firstPositiveMonth === null
      ? 'O fluxo acumulado não volta a ser positivo no horizonte.'
      : `O fluxo acumulado fica positivo no mês ${t.payback.firstPositiveMonth}` +
        (t.payback.negativeAgainMonth === null ? ' e não volta a ficar negativo.' : ` e volta a ficar negativo no mês ${t.payback.negativeAgainMonth}.`);
  return [
    '### Após impostos e ao longo do tempo',
    figureTable([t.hurdleRate, t.rentGrowthAnnual, t.costGrowthAnnual, t.grossRentYear1, t.noiYear1, t.rentTaxYear1, t.rentTaxTotal, t.exitCosts, t.capitalGain, t.reductionFactor, t.unleveredNpv, t.unleveredIrr, t.leveredIrr, t.leveredNpv, t.dscrMin, t.dscrAverage, t.breakEvenRent, t.maxPrice, t.discountedPaybackMonths]),
    payback,
    ...t.irrWarnings.map((w) => `> ${w}`),
    ...(t.notes.length ? [bullets(t.notes)] : []),
  ].join('\n\n');
}

/** 'Testes de estresse': the standard downside on the primary model beside the base case. */
export function stressBlock(stress: NonNullable<AnalysisResult['stress']>): string {
  const dev = stress.model === 'development';
  const money = (v: number | null) => (v === null ? '—' : formatMoney(v));
  const pct = (v: number | null) => (v === null ? '—' : formatPercent(v));
  return [
    '### Testes de estresse',
    table(
      ['Cenário', 'VPL', 'Δ VPL', 'TIR', ...(dev ? ['Margem'] : [])],
      stress.scenarios.map((x) => [x.label, money(x.npv), x.id === 'base' ? '—' : money(x.npvDelta), pct(x.irr), ...(dev ? [pct(x.margin)] : [])]),
    ),
    ...(stress.notes.length ? [bullets(stress.notes)] : []),
  ].join('\n\n');
}

const CERTIDAO_STATUS: Record<string, string> = { valida: 'Válida', vencida: 'Vencida', ausente: 'Ausente', sem_data: 'Sem data legível' };
const CHECK_STATUS: Record<string, string> = { ok: 'OK', atencao: 'Atenção', falha: 'Falha', sem_dados: 'Sem dados' };
const LIEN_SEVERITY_TEXT: Record<string, string> = { bloqueia: 'Impede a venda', condiciona: 'Condiciona a venda', informa: 'Informativo' };

/** 'Diligência': the documents' dossier — matrículas, owners and liens, certidões, cross-checks — each line citing file and page. */
function dossierSection(d: NonNullable<AnalysisResult['dossier']>): string {
  const cite = (c: { fileName: string; page: number } | null | undefined) => (c ? `${c.fileName}, p. ${c.page}` : '—');
  const parts = [
    '## Diligência',
    `Dossiê montado a partir de ${d.documentIds.length === 1 ? '1 documento lido' : `${d.documentIds.length} documentos lidos`}; certidões avaliadas em ${formatDate(d.asOf)}.`,
  ];
  if (d.matriculas.length === 0) parts.push('Nenhuma certidão de matrícula na pasta: proprietários e ônus não puderam ser verificados.');
  for (const m of d.matriculas) {
    parts.push(
      `### Matrícula ${m.matricula}${m.cartorio ? ` — ${m.cartorio}` : ''}`,
      m.owners.length ? `Proprietários atuais: ${m.owners.map((o) => `${o.name} (${o.sinceAct}; ${cite(o.citation)})`).join('; ')}.` : 'Proprietários atuais não identificados nos atos lidos.',
      m.liens.length
        ? table(
            ['Ônus', 'Ato', 'Situação', 'Efeito', 'Fonte'],
            m.liens.map((l) => [l.type, l.act, l.status === 'ativo' ? 'Ativo' : `Cancelado (${l.cancelledBy ?? '—'})`, LIEN_SEVERITY_TEXT[l.severity] ?? l.severity, cite(l.citation)]),
          )
        : 'Nenhum ônus registrado nos atos lidos desta matrícula.',
    );
  }
  if (d.certidoes.length) {
    parts.push('### Certidões', table(['Certidão', 'Situação', 'Emissão', 'Validade', 'Regra', 'Fonte'], d.certidoes.map((c) => [c.label, CERTIDAO_STATUS[c.status] ?? c.status, c.issuedOn ? formatDate(c.issuedOn) : '—', c.validUntil ? formatDate(c.validUntil) : '—', c.rule, cite(c.citation)])));
  }
  if (d.checks.length) {
    parts.push('### Conferências entre documentos', table(['Conferência', 'Situação', 'Detalhe'], d.checks.map((c) => [c.label, CHECK_STATUS[c.status] ?? c.status, c.detail])));
  }
  if (d.warnings.length) parts.push(bullets(d.warnings));
  return parts.join('\n\n');
}

function financialSection(f: FinancialResult): string {
  const flip = f.strategy === 'revenda' && f.flip;
  const headline = flip
    ? [f.price, f.area, f.pricePerSqm, f.itbi, f.notary, f.acquisitionTotal, f.npv, f.irr, f.mirr, f.paybackMonths, f.exitValue, f.capitalGainsTax]
    : [f.price, f.area, f.pricePerSqm, f.itbi, f.notary, f.acquisitionTotal, f.monthlyRent, f.grossYield, f.netYield, f.capRate, f.cashOnCash, f.npv, f.irr, f.mirr, f.paybackMonths, f.exitValue, f.capitalGainsTax];
  const parts = [
    '## Análise financeira',
    flip
      ? 'Estratégia: **reformar e revender**. VPL e TIR após o imposto sobre o ganho de capital, comparados com a TMA de revenda.'
      : `Estratégia: **comprar e manter para alugar**. VPL e TIR do imóvel${f.financingChosen ? ', sem o financiamento (o efeito do financiamento escolhido vem em seguida)' : ' (compra à vista)'}, após os impostos.`,
    figureTable(headline),
  ];
  if (flip) parts.push(flipBlock(f));
  if (f.rentFromReference) {
    parts.push('> O aluguel foi estimado pela referência FipeZAP por m² (preços anunciados): informe o aluguel real para um resultado mais preciso.');
  }
  if (f.financing) parts.push(financingBlock(f.financing));
  if (f.financing && f.afterTax) {
    const t = f.afterTax;
    parts.push(
      '### Efeito do financiamento escolhido',
      figureTable([t.unleveredIrr, t.leveredIrr, t.unleveredNpv, t.leveredNpv, t.dscrMin, t.dscrAverage, f.cashOnCash]),
      ...(f.loanEffect ? [`${f.loanEffect.decisive ? '**' : ''}${f.loanEffect.text}${f.loanEffect.decisive ? '**' : ''}`] : []),
    );
    if (f.leveredCashFlow?.length) parts.push('#### Fluxo do capital próprio por ano (com o financiamento)', cashFlowTable(f.leveredCashFlow));
  }
  if (f.afterTax) parts.push(afterTaxBlock(f.afterTax));
  if (f.cashFlow.length > 0) parts.push(f.financing ? '### Fluxo de caixa do imóvel por ano (sem financiamento)' : '### Fluxo de caixa por ano', cashFlowTable(f.cashFlow));
  if (f.sensitivity.length > 0) parts.push('### Sensibilidade', sensitivityTables(f.sensitivity));
  return parts.join('\n\n');
}

function developmentSection(d: DevelopmentResult): string {
  const parts = [
    '## Desenvolvimento imobiliário (incorporação)',
    figureTable([d.landCost, d.builtArea, d.sellableArea, d.vgv, d.constructionCost, d.softCosts, d.commissions, d.ret, d.totalCost, d.profit, d.marginOnVgv, d.marginOnCost, d.residualLandValue, d.peakExposure, d.npv, d.irr, d.mirr, d.paybackMonths]),
  ];
  const x = d.detail;
  if (x) {
    parts.push(
      `### Cronograma e fluxo na planta\n\n${x.phases.map((p) => `${p.label}: ${p.months} meses (mês ${p.startMonth} a ${p.endMonth})`).join('; ')}; entrega no mês ${x.deliveryMonth}. ` +
        `Sinal ${formatPercentShare(x.paymentFlow.signal)}, mensais ${formatPercentShare(x.paymentFlow.monthly)}, reforços ${formatPercentShare(x.paymentFlow.balloons)}, ` +
        `chaves ${formatPercentShare(x.paymentFlow.keys)}, repasse ${formatPercentShare(x.paymentFlow.repasse)}.`,
      '### Orçamento do empreendimento',
      table(['Linha', 'Valor', 'Regra'], x.budget.map((b) => [b.label, formatMoney(b.value), b.formula])),
      '### Financiamento, valor residual e pontos de equilíbrio',
      figureTable([x.vgvGross, x.projectIrr, x.projectNpv, x.equityIrr, x.equityNpv, x.peakDebt, x.peakEquity, x.interestPaid, x.distratoValue, x.inccCorrection, x.rlvTargetMargin, x.rlvTargetIrr, x.breakEvenPricePerSqm, x.breakEvenCostPerSqm, x.maxDelayMonths]),
    );
    if (x.notes.length) parts.push(x.notes.map((n) => `- ${n}`).join('\n'));
  }
  if (d.cashFlow.length > 0) parts.push('### Fluxo de caixa por ano', cashFlowTable(d.cashFlow));
  if (d.sensitivity.length > 0) parts.push('### Sensibilidade', sensitivityTables(d.sensitivity));
  return parts.join('\n\n');
}

/** A share of the payment flow as '10%'. */
function formatPercentShare(x: number): string {
  return `${(x * 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 })}%`;
}

const POSITION_TEXT: Record<MarketResult['position'], string> = {
  acima: 'Acima da referência',
  alinhado: 'Alinhado à referência (até 10% de diferença)',
  abaixo: 'Abaixo da referência',
  indeterminado: 'Indeterminado',
};

function marketSection(m: MarketResult): string {
  const parts = ['## Análise de mercado', figureTable([m.askedPricePerSqm, m.referencePricePerSqm, m.deviation]), `Posição do preço: **${POSITION_TEXT[m.position]}**`];
  if (m.valuation) {
    parts.push(
      '### Faixa de valor estimada',
      table(
        ['Faixa', 'Valor', 'Fonte'],
        [m.valuation.low, m.valuation.mid, m.valuation.high].map((f) => [f.label, figureValue(f), formatSource(f.source)]),
      ),
    );
  }
  for (const st of [m.comparables?.sale, m.comparables?.rent]) {
    if (!st) continue;
    const unit = st.kind === 'aluguel' ? 'R$/m² ao mês' : 'R$/m²';
    parts.push(
      `### Comparáveis de ${st.kind === 'aluguel' ? 'aluguel' : 'venda'} (${st.n})`,
      table(
        ['Estatística', unit],
        [
          ['Mediana', formatMoney(st.median)],
          ['Média', formatMoney(st.mean)],
          ['Mínimo', formatMoney(st.min)],
          ['Máximo', formatMoney(st.max)],
          ['1º quartil', formatMoney(st.q1)],
          ['3º quartil', formatMoney(st.q3)],
          ['Intervalo interquartil', formatMoney(st.iqr)],
        ],
      ),
      table(
        ['Endereço', 'Área', 'Preço', unit, 'Data', 'Fonte', 'Observação'],
        st.items.map((c) => [c.address, `${formatNumber(c.area, 2, 0)} m²`, formatMoney(c.price), formatMoney(c.pricePerSqm), c.date, c.source ?? 'Informado pelo usuário', c.flag ?? '—']),
      ),
    );
  }
  parts.push('### Notas sobre a referência', bullets(m.notes));
  return parts.join('\n\n');
}

const CHECKLIST_STATUS_TEXT: Record<ChecklistStatus, string> = {
  presente: 'Presente (documento enviado)',
  declarado: 'Declarado no questionário (não enviado)',
  ausente: 'Ausente',
};

function legalSection(l: LegalResult): string {
  const missing = l.checklist.filter((c) => c.status === 'ausente').map((c) => c.label);
  const parts = [
    '## Análise jurídica',
    `Situação legal declarada: ${l.legalStatus ?? 'não informada'}.`,
    '### Checklist documental',
    table(
      ['Documento', 'Situação', 'Fonte'],
      l.checklist.map((c) => [c.label, CHECKLIST_STATUS_TEXT[c.status], sourcesText(c.sources)]),
    ),
  ];
  if (missing.length) parts.push(`Documentos ausentes: ${missing.join(', ')}.`);
  if (l.insufficient) parts.push(l.insufficient);
  parts.push('### Achados nos documentos', insightList(l.findings, 'Nenhum ônus, restrição ou divergência encontrado no texto dos documentos enviados.'));
  return parts.join('\n\n');
}

function technicalSection(t: TechnicalResult): string {
  const consistency = t.areaConsistent === null ? 'não verificável com as áreas informadas' : t.areaConsistent ? 'consistentes (útil ≤ construída ≤ total)' : 'inconsistentes';
  const parts = ['## Análise técnica'];
  const areas = [t.areas.usable, t.areas.built, t.areas.total].filter((f): f is Figure => !!f);
  parts.push(areas.length ? figureTable(areas) : 'Nenhuma área informada no questionário ou nos documentos.');
  parts.push(
    bullets([
      `Áreas: ${consistency}.`,
      `Estado de conservação: ${t.condition ?? 'não informado'}.`,
      `Características: ${t.features.length ? t.features.join(', ') : 'nenhuma informada'}.`,
    ]),
  );
  parts.push('### Achados técnicos', insightList(t.findings, 'Nenhum achado técnico.'));
  return parts.join('\n\n');
}

function environmentalSection(e: EnvironmentalResult): string {
  const parts = [
    '## Análise ambiental',
    '### Achados nos documentos',
    insightList(e.findings, 'Nenhuma menção ambiental (APP, manancial, contaminação, licenças, alagamento, tombamento…) encontrada no texto dos documentos.'),
  ];
  if (e.missing.length) parts.push('### O que falta para concluir', bullets(e.missing));
  parts.push(
    e.conclusive
      ? 'A verificação ambiental pôde ser concluída com os documentos enviados.'
      : e.findings.length === 0
        ? 'A análise ambiental **não é conclusiva**: a ausência de menções nos documentos não comprova a ausência de restrições.'
        : 'A análise ambiental **não é conclusiva**: confirme os achados e obtenha os itens listados acima.',
  );
  return parts.join('\n\n');
}

function assumptionsSection(assumptions: readonly AssumptionUsed[]): string {
  return [
    '## Premissas',
    'Cada premissa pode ser alterada para simular outro cenário; as alteradas aparecem marcadas.',
    table(
      ['Premissa', 'Valor', 'Padrão', 'Fonte'],
      assumptions.map((a) => [
        a.label,
        formatValue(a.value, a.unit),
        formatValue(a.defaultValue, a.unit),
        a.overridden ? `Premissa: ${a.label} (alterada)` : formatSource(a.source),
      ]),
    ),
  ].join('\n\n');
}

function referencesSection(references: readonly ReferenceRowUsed[]): string {
  return [
    '## Referências',
    table(
      ['Referência', 'Valor', 'Data', 'Fonte'],
      references.map((r) => [r.label, formatValue(r.value, r.unit), formatDate(r.asOf), `${r.source}${r.uncertain ? ' — incerto' : ''}`]),
    ),
  ].join('\n\n');
}

export const REPORT_DISCLAIMER =
  'Relatório gerado automaticamente pelo Motor Viabiliza a partir dos dados informados no questionário, do texto dos documentos enviados e de referências públicas datadas. É uma análise de apoio à decisão, não um laudo de avaliação, parecer jurídico ou estudo ambiental, e deve ser validado por profissionais qualificados (corretor, avaliador, advogado, engenheiro) antes de qualquer decisão.';

function header(result: AnalysisResult): string[] {
  return [
    `# ${analysisTypeLabel(result.analysisType)} - ${result.title}`,
    `Pontuação de viabilidade: ${scoreText(result)}`,
    `Completude dos dados: ${result.completeness.percent}% (${result.completeness.filled} de ${result.completeness.total} itens)`,
    `Gerado em ${formatDate(result.generatedAt)} pelo Motor Viabiliza ${result.engineVersion}.`,
  ];
}

/**
 * '7,2/10 (Viabilidade moderada)'; with too little data no score is shown beside the label, so a
 * band and its score never disagree ('6,6/10 (Dados insuficientes)').
 */
export function scoreText(result: AnalysisResult): string {
  if (result.score.band === 'insuficiente') return `${result.score.label} (sem nota: faltam dados essenciais)`;
  return `${formatNumber(result.score.value, 1, 1)}/10 (${result.score.label})`;
}

const HURDLE_KIND_TEXT = { rental: 'locação (após impostos)', flip: 'revenda (após impostos, no prazo da operação)', development: 'incorporação (antes do IR do investidor)' } as const;

/** Which hurdle judges the deal, why, and its steps. */
export function hurdleSection(h: NonNullable<AnalysisResult['hurdle']>): string {
  const parts = [`### Taxa mínima de atratividade (TMA): ${HURDLE_KIND_TEXT[h.kind]}`, h.reason];
  if (h.steps.length) {
    parts.push(
      table(
        ['Etapa', 'Valor'],
        h.steps.map((s) => [s.label, s.unit === 'pp' ? `${formatNumber(s.value * 100, 2, 1)} p.p.` : s.unit === 'months' ? `${s.value} meses` : formatPercent(s.value)]),
      ),
    );
  }
  parts.push(
    h.origin === 'reference'
      ? 'A TMA pode ser alterada no questionário (Retorno mínimo exigido) ou nas premissas (prêmio de risco, taxa de desconto).'
      : 'TMA informada pela pessoa; o cálculo de referência (Tesouro após impostos + prêmio) pode ser restaurado apagando o valor.',
  );
  return parts.join('\n\n');
}

function scoreSection(result: AnalysisResult): string {
  const parts = [
    '## Composição da pontuação',
    table(
      ['Componente', 'Nota (0–10)', 'Peso'],
      result.score.components.map((c) => [c.label, formatNumber(c.value, 1, 1), formatPercent(c.weight, 1)]),
    ),
  ];
  if (result.score.cap) parts.push(`${result.score.cap.band === 'insuficiente' ? 'Faixa não atribuída (dados insuficientes)' : `Faixa limitada a "baixa" (nota máxima ${formatNumber(CAPPED_MAX, 1, 1)})`}: ${result.score.cap.reasons.join(' ')}`);
  if (result.completeness.missing.length) parts.push(`Dados faltantes: ${result.completeness.missing.join('; ')}.`);
  if (result.hurdle) parts.push(hurdleSection(result.hurdle));
  parts.push('### Como a nota é calculada', bullets(SCORE_FORMULA));
  return parts.join('\n\n');
}

/** 5 to 8 headline figures for the quick report. */
export function keyFigures(result: AnalysisResult): Figure[] {
  const d = result.development;
  const f = result.financial;
  // Per-m² comparison only where the reference describes the property (not for plots).
  const m = result.market && result.market.position !== 'indeterminado' ? result.market : null;
  const candidates: (Figure | null | undefined)[] = [
    f?.price,
    d?.vgv,
    d?.marginOnVgv,
    d?.residualLandValue,
    d?.irr,
    f?.acquisitionTotal,
    d ? null : f?.grossYield,
    d ? null : f?.irr,
    d ? null : f?.npv,
    m?.askedPricePerSqm,
    m?.referencePricePerSqm,
    m?.deviation,
    m?.valuation?.mid,
  ];
  const all = candidates.filter((x): x is Figure => !!x);
  const withValue = all.filter((x) => x.value !== null);
  const chosen = withValue.slice(0, 8);
  for (const x of all) {
    if (chosen.length >= 5) break;
    if (!chosen.includes(x)) chosen.push(x);
  }
  return chosen;
}

function closing(result: AnalysisResult, narrative: Narrative): string[] {
  const parts: string[] = [];
  if (result.warnings.length) parts.push('## Avisos', bullets(result.warnings));
  parts.push('## Conclusão', narrative.conclusion.trim() || '—', '---', `_${REPORT_DISCLAIMER}_`);
  return parts;
}

/** The full Portuguese Markdown report ('quick': the short form). */
export function renderMarkdown(result: AnalysisResult, narrative: Narrative): string {
  const parts = header(result);
  parts.push('## Resumo executivo', narrative.summary.trim() || '—');
  if (result.analysisType === 'quick') {
    parts.push('## Números principais', figureTable(keyFigures(result)));
    parts.push('## Principais riscos', insightList(result.risks.slice(0, 3), 'Nenhum risco relevante identificado com os dados informados.'));
    parts.push(...closing(result, narrative));
    return `${parts.join('\n\n')}\n`;
  }
  if (result.score.components.length) parts.push('## Números principais', figureTable(keyFigures(result)));
  parts.push(scoreSection(result));
  if (result.development) parts.push(developmentSection(result.development) + (result.stress ? `\n\n${stressBlock(result.stress)}` : ''));
  if (result.financial) parts.push(result.development ? acquisitionSection(result.financial) : financialSection(result.financial) + (result.stress ? `\n\n${stressBlock(result.stress)}` : ''));
  if (result.market) parts.push(marketSection(result.market));
  if (result.legal) parts.push(legalSection(result.legal));
  if (result.dossier && result.dossier.documentIds.length > 0) parts.push(dossierSection(result.dossier));
  if (result.technical) parts.push(technicalSection(result.technical));
  if (result.environmental) parts.push(environmentalSection(result.environmental));
  parts.push('## Riscos', insightList(result.risks, 'Nenhum risco relevante identificado com os dados informados.'));
  parts.push('## Oportunidades', insightList(result.opportunities, 'Nenhuma oportunidade destacada com os dados informados.'));
  parts.push('## Recomendações', insightList(result.recommendations, 'Nenhuma recomendação adicional.'));
  if (result.referenceWarnings?.length) parts.push('## Dados de referência antigos', bullets(result.referenceWarnings.map((w) => w.message)));
  if (result.assumptions.length) parts.push(assumptionsSection(result.assumptions));
  if (result.references.length) parts.push(referencesSection(result.references));
  parts.push(...closing(result, narrative));
  return `${parts.join('\n\n')}\n`;
}

// ------------------------------------------------------------------------------------------------
// The engine's own narrative (no LLM configured)

/** First letter in lower case, unless the first word is an acronym ('TIR', 'VGV', 'APP'). */
function lower(s: string): string {
  return /^\p{Lu}{2}/u.test(s) ? s : s.charAt(0).toLowerCase() + s.slice(1);
}

/** 'A análise {…} de': each type as Portuguese grammar wants it. */
const ANALYSIS_NAMES: Record<string, string> = {
  complete: 'completa',
  viability: 'de viabilidade',
  financial: 'financeira',
  investment: 'de investimento',
  market: 'de mercado',
  legal: 'jurídica',
  technical: 'técnica',
  environmental: 'ambiental',
  quick: 'rápida',
};

/** Analyses of one dimension conclude on that dimension, not on the whole deal. */
const SCOPES: Record<string, string> = {
  market: 'Quanto ao preço de mercado',
  legal: 'Do ponto de vista documental e jurídico',
  technical: 'Do ponto de vista técnico',
  environmental: 'Do ponto de vista ambiental',
};

/** Deterministic Portuguese prose built from the figures. */
export function defaultNarrative(result: AnalysisResult): Narrative {
  const s: string[] = [];
  const type = ANALYSIS_NAMES[result.analysisType] ?? lower(analysisTypeLabel(result.analysisType));
  s.push(
    result.score.band === 'insuficiente'
      ? `A análise ${type} de "${result.title}" não chegou a uma nota: dados insuficientes, com ${result.completeness.percent}% dos dados relevantes preenchidos.`
      : `A análise ${type} de "${result.title}" resultou em pontuação de viabilidade ${formatNumber(result.score.value, 1, 1)}/10 (${lower(result.score.label)}), com ${result.completeness.percent}% dos dados relevantes preenchidos.`,
  );
  const f = result.financial;
  const d = result.development;
  const m = result.market;
  if (f?.price.value != null) {
    const total = f.acquisitionTotal.value != null ? `; com ITBI e cartório, a aquisição soma ${formatMoney(f.acquisitionTotal.value)}` : '';
    s.push(`O valor considerado é ${formatMoney(f.price.value)}${total}.`);
  }
  if (m && m.position !== 'indeterminado' && m.deviation.value !== null && m.askedPricePerSqm.value !== null) {
    const dev = m.deviation.value;
    const rel = m.position === 'alinhado' ? 'alinhado à' : `${formatPercent(Math.abs(dev), 1)} ${dev > 0 ? 'acima da' : 'abaixo da'}`;
    s.push(`O preço pedido por m² (${formatMoney(m.askedPricePerSqm.value)}) está ${rel} referência de mercado (${formatMoney(m.referencePricePerSqm.value ?? 0)}/m², preços anunciados).`);
  }
  if (d) {
    if (d.vgv.value !== null && d.marginOnVgv.value !== null) {
      s.push(`O empreendimento tem VGV estimado de ${formatMoney(d.vgv.value)} e margem de ${formatPercent(d.marginOnVgv.value)} sobre o VGV${d.residualLandValue.value !== null ? `; o valor residual do terreno para a margem-alvo é ${formatMoney(d.residualLandValue.value)}` : ''}.`);
    }
  } else if (f) {
    if (f.strategy === 'revenda' && f.flip?.profit.value != null) {
      s.push(`Na revenda, o lucro após impostos é ${formatMoney(f.flip.profit.value)} em ${f.flip.worksMonths + f.flip.sellMonths} meses.`);
    }
    const h = result.hurdle;
    if (f.irr.value !== null) {
      s.push(
        `A TIR estimada ${f.strategy === 'revenda' ? 'da revenda' : 'do imóvel'} é ${formatPercent(f.irr.value)} ao ano${f.npv.value !== null ? `, com VPL de ${formatMoney(f.npv.value)} à TMA${h ? ` de ${formatPercent(h.value)} (${h.basis === 'after-tax' ? 'após impostos' : 'antes do IR'})` : ''}` : ''}.`,
      );
    } else if (f.mirr.value !== null) {
      s.push(`A TIR não é definida para estes fluxos; a TIR modificada é ${formatPercent(f.mirr.value)} a.a.`);
    }
    if (f.grossYield.value !== null) s.push(`O yield bruto do aluguel é ${formatPercent(f.grossYield.value)} ao ano${f.rentFromReference ? ' (aluguel estimado pela referência)' : ''}.`);
  }
  if (result.legal) {
    const sent = result.legal.checklist.filter((c) => c.status === 'presente').length;
    const liens = result.legal.findings.filter((x) => x.id.startsWith('legal-onus-') && !x.id.startsWith('legal-onus-cancelado-')).length;
    s.push(`Documentação: ${sent} de ${result.legal.checklist.length} documentos do checklist enviados; ${liens === 0 ? 'nenhum ônus ativo encontrado no texto' : `${liens} ônus ou restrição ativos encontrados`}.`);
  }
  if (result.environmental) {
    const n = result.environmental.findings.filter((x) => x.severity !== 'baixa').length;
    s.push(
      n === 0
        ? 'Nenhuma restrição ambiental apareceu nos documentos, o que não dispensa as consultas listadas.'
        : n === 1
          ? 'Foi encontrado 1 ponto de atenção ambiental nos documentos.'
          : `Foram encontrados ${n} pontos de atenção ambiental nos documentos.`,
    );
  }

  const c: string[] = [];
  const scope = SCOPES[result.analysisType];
  if (result.score.band === 'insuficiente') {
    // Too little data is not a verdict: never 'não se mostra viável' here.
    c.push(`Dados insuficientes para concluir sobre a viabilidade: ${(result.score.cap?.reasons ?? []).join(' ') || 'faltam dados essenciais.'} Informe os dados faltantes para obter uma conclusão.`);
  } else if (scope) {
    if (result.score.band === 'alta') c.push(`${scope}, o imóvel não apresenta impedimentos relevantes com os dados informados.`);
    else if (result.score.band === 'moderada') c.push(`${scope}, há pontos de atenção a resolver antes de avançar.`);
    else c.push(`${scope}, há problemas que precisam ser resolvidos antes de avançar.`);
  } else if (result.score.band === 'alta') c.push('Com os dados informados, o negócio se mostra viável.');
  else if (result.score.band === 'moderada') c.push('O negócio tem viabilidade moderada: o resultado depende de resolver os pontos de atenção do relatório.');
  else if (result.score.cap?.band === 'baixa') c.push(`Com os dados e premissas atuais, o negócio não se mostra viável: ${result.score.cap.reasons.join(' ')}`);
  else c.push('Com os dados e premissas atuais, o negócio não se mostra viável sem mudanças de preço, premissas ou documentação.');
  if (result.financial?.loanEffect && !result.financial.loanEffect.decisive) c.push(`Financiamento escolhido: ${lower(result.financial.loanEffect.text)}`);
  const risk = result.risks[0];
  if (risk) c.push(`Principal risco: ${lower(risk.title)}.`);
  const rec = result.recommendations[0];
  if (rec) c.push(`Próximo passo recomendado: ${lower(rec.title)}.`);
  if (result.completeness.percent < 100) c.push(`Completar os dados faltantes (${result.completeness.percent}% preenchidos) aumenta a confiança do resultado.`);
  c.push('As premissas podem ser alteradas para simular outros cenários.');
  return { summary: s.join(' '), conclusion: c.join(' ') };
}
