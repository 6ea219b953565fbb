import type { CashFlowPoint, DevelopmentResult, Figure, SensitivityMatrix } from '@viabiliza/contracts/analysis-result';
import type { DevelopmentInputs } from '@viabiliza/contracts/questionnaire';
import type { BudgetLine, DevelopmentDetail } from '@viabiliza/contracts/result/development';
import { parseBrNumber } from '@viabiliza/contracts/questionnaire';
import { computed, figure } from './figure.ts';
import { annualToMonthly, npv, roundCents } from './finance.ts';
import {
  CUB_EXCLUSION_LINES,
  INDIRECT_LINES,
  runDevelopmentModel,
  type DevelopmentModelParams,
  type DevelopmentModelRun,
  type LandDeal,
  type UnitType,
} from './development-model.ts';
import {
  PRICE_MISSING_NOTE,
  SENSITIVITY_STEPS,
  annualIrr,
  finite,
  monthsIn,
  outOfRangeNote,
  returnFigures,
  toCashFlow,
} from './financial.ts';
import type { ResolvedInputs } from './types.ts';

/*
 * Development feasibility as an incorporadora models it (ARGUS Developer / Estate Master-like): the
 * monthly model of development-model.ts (approval, works on an S-curve, sales absorption, 'na planta'
 * payment flow with INCC, distratos, land by cash or permuta, plano empresário, RET or lucro
 * presumido), its margin, project and equity returns at the hurdle rate, residual land value
 * back-solved to a target margin and to the hurdle IRR, break-evens and sensitivity matrices.
 */

const AREA_MISSING_NOTE = 'Informe o número de unidades e a área privativa (ou a área construída prevista) para calcular.';
const NEGATIVE_RLV_NOTE = 'Valor residual negativo: o projeto não comporta o terreno na margem-alvo';
const SALES_SPEED_STEPS = [0.5, 0.75, 1, 1.5, 2] as const;
/** Lucro presumido on real-estate sales: PIS 0,65 % + Cofins 3 % + IRPJ 15 % × 8 % + CSLL 9 % × 12 %. */
export const PRESUMIDO_RATE = 0.0065 + 0.03 + 0.15 * 0.08 + 0.09 * 0.12;
export const RET_MCMV_RATE = 0.01;
const PRESUMIDO_NOTE =
  'Lucro presumido: PIS 0,65 % e Cofins 3 % (cumulativos) + IRPJ 15 % e CSLL 9 % sobre presunção de 8 % e 12 % da receita ' +
  '(Lei 9.249/1995 art. 15 e 20; IN RFB 1.700/2017 art. 33 § 1º; Solução de Consulta Cosit 7/2021; PIS/Cofins cumulativos da ' +
  'Lei 9.718/1998) = 5,93 % das receitas; o adicional de IRPJ (10 % do lucro presumido acima de R$ 20 mil/mês) e mudanças de ' +
  'presunção posteriores a 2025 não estão incluídos (confirme com o contador).';
const DEFAULT_PAYMENT = { signal: 0.1, monthly: 0.2, balloons: 0.1, keys: 0.05 };
const DEFAULT_PERMUTA_SHARE = 0.2;
const MAX_DELAY_SEARCH = 60;

export interface DevelopmentContext {
  /** The questionnaire's 'Premissas do empreendimento'. */
  inputs?: DevelopmentInputs | undefined;
  /** Analysis date (YYYY-MM-DD): the CUB is brought from its date to this one by the INCC. */
  asOf?: string | undefined;
  /** Months of works delay (stress tests): delivery later, same budget on a longer S-curve. */
  delayMonths?: number | undefined;
  /** Only the headline figures (stress scenarios): no RLV, break-evens, sensitivity or detail. */
  headlineOnly?: boolean | undefined;
}

const num = (raw: string | undefined): number | null => {
  const v = parseBrNumber(raw);
  return v !== null && Number.isFinite(v) && v >= 0 ? v : null;
};
const pct = (raw: string | undefined): number | null => {
  const v = num(raw);
  return v === null ? null : Math.min(1, v / 100);
};

/** Whole months from a reference date ('YYYY-MM' or 'YYYY-MM-DD') to the analysis date; 0 if unknown. */
export function monthsBetween(from: string | undefined, to: string | undefined): number {
  const a = from ? /^(\d{4})-(\d{2})/.exec(from) : null;
  const b = to ? /^(\d{4})-(\d{2})/.exec(to) : null;
  if (!a || !b) return 0;
  return Math.max(0, (Number(b[1]) - Number(a[1])) * 12 + (Number(b[2]) - Number(a[2])));
}

interface Setup {
  params: DevelopmentModelParams;
  landPrice: number | null;
  taxRegime: DevelopmentDetail['taxRegime'];
  unitCount: number | null;
  notes: string[];
  discount: number;
  targetMargin: number;
}

function setup(inputs: ResolvedInputs, ctx: DevelopmentContext): Setup | null {
  const a = inputs.assumptions;
  const d = ctx.inputs ?? {};
  const notes: string[] = [];
  const basePrice = num(d.pricePerSqm) ?? finite(a.salePricePerSqm.value);
  const ratio = finite(a.sellableEfficiency.value);

  let units: UnitType[] = [];
  let unitCount: number | null = null;
  const mix = (d.mix ?? [])
    .map((u) => ({ count: num(u.count), privateArea: num(u.privateArea), pricePerSqm: num(u.pricePerSqm) }))
    .filter((u) => u.count !== null && u.count > 0 && u.privateArea !== null && u.privateArea > 0);
  if (mix.length > 0) {
    units = mix.map((u) => ({ count: u.count!, privateArea: u.privateArea!, pricePerSqm: u.pricePerSqm ?? basePrice }));
    unitCount = units.reduce((s, u) => s + u.count, 0);
  } else {
    const count = num(d.units);
    const area = num(d.privateAreaPerUnit);
    if (count !== null && count > 0 && area !== null && area > 0) {
      units = [{ count, privateArea: area, pricePerSqm: basePrice }];
      unitCount = count;
    } else {
      const built = finite(inputs.builtArea?.value, NaN);
      if (built > 0) {
        // Only the built area is known: it is taken as the equivalent area, private = built × ratio.
        units = [{ count: 1, privateArea: built * ratio, pricePerSqm: basePrice }];
        notes.push('Sem unidades informadas: área privativa = área construída × (área privativa / equivalente).');
      }
    }
  }
  if (units.length === 0) return null;

  const priceValue = inputs.price?.value;
  const landPrice = typeof priceValue === 'number' && Number.isFinite(priceValue) && priceValue > 0 ? priceValue : null;
  const landDeal: LandDeal = d.landDeal ?? 'cash';
  const landDealShare = landDeal === 'cash' ? 0 : (pct(d.landDealShare) ?? DEFAULT_PERMUTA_SHARE);
  if (landDeal !== 'cash' && pct(d.landDealShare) === null) notes.push(`Permuta sem percentual informado: usado ${DEFAULT_PERMUTA_SHARE * 100} %.`);
  const taxRegime = d.taxRegime ?? 'ret';
  const taxRate = taxRegime === 'ret' ? finite(a.retRate.value) : taxRegime === 'ret-mcmv' ? RET_MCMV_RATE : PRESUMIDO_RATE;
  if (taxRegime === 'presumido') notes.push(PRESUMIDO_NOTE);

  let payment = {
    signal: pct(d.signalShare) ?? DEFAULT_PAYMENT.signal,
    monthly: pct(d.monthlyShare) ?? DEFAULT_PAYMENT.monthly,
    balloons: pct(d.balloonShare) ?? DEFAULT_PAYMENT.balloons,
    keys: pct(d.keysShare) ?? DEFAULT_PAYMENT.keys,
  };
  const sum = payment.signal + payment.monthly + payment.balloons + payment.keys;
  if (sum > 1) {
    payment = { signal: payment.signal / sum, monthly: payment.monthly / sum, balloons: payment.balloons / sum, keys: payment.keys / sum };
    notes.push('As parcelas do fluxo de pagamento somavam mais de 100 %: foram reduzidas na mesma proporção (sem repasse bancário).');
  }
  const costSource = a.constructionCostPerSqm.source;
  const cubAgeMonths = !a.constructionCostPerSqm.overridden && costSource.kind === 'reference' ? monthsBetween(costSource.asOf, ctx.asOf) : 0;
  if (cubAgeMonths > 0) notes.push(`Custo de construção de referência (${costSource.kind === 'reference' ? costSource.asOf : ''}) trazido à data da análise pelo INCC (${cubAgeMonths} meses).`);
  notes.push(
    'Preço de tabela constante em reais nominais; parcelas corrigidas pelo INCC até as chaves. Distratos: 50 % do pago retido ' +
      '(Lei 13.786/2018, patrimônio de afetação), unidades revendidas em 6 meses após a entrega.',
  );

  const months = (q: string | undefined, fallback: number, min: number) => monthsIn(num(q) ?? fallback, min).months;
  const params: DevelopmentModelParams = {
    landPrice: landPrice ?? 0,
    itbiRate: finite(a.itbiRate.value),
    notaryRate: finite(a.notaryRate.value),
    landDeal,
    landDealShare,
    units,
    privateToEquivalent: ratio,
    cubPerSqm: finite(a.constructionCostPerSqm.value),
    cubAgeMonths,
    cubExclusionsRate: finite(a.cubExclusionsRate.value),
    indirectRate: finite(a.softCostRate.value),
    inccAnnual: finite(a.inccAnnual.value),
    approvalMonths: months(d.approvalMonths, a.approvalMonths.value, 0),
    worksMonths: Math.min(240, months(d.worksMonths, a.constructionMonths.value, 1)),
    salesMonths: Math.min(240, months(d.salesMonths, a.salesMonths.value, 1)),
    ...payment,
    distratoRate: finite(a.distratoRate.value),
    commissionRate: finite(a.commissionRate.value),
    taxRate,
    loanShare: pct(d.loanShare) ?? finite(a.constructionLoanShare.value),
    loanRateAnnual: finite(a.constructionLoanRateAnnual.value),
    delayMonths: Math.max(0, Math.round(finite(ctx.delayMonths))),
  };
  params.approvalMonths = Math.min(120, params.approvalMonths);
  return {
    params,
    landPrice,
    taxRegime,
    unitCount,
    notes,
    discount: Math.max(0, finite(a.discountRateAnnual.value)),
    targetMargin: finite(a.targetMargin.value),
  };
}

// Receipts of a few fractions of a cent (degenerate inputs) would make the ratio infinite: no margin then.
const margin = (r: DevelopmentModelRun): number | null => {
  const m = r.receipts > 0 && Number.isFinite(r.profit) ? r.profit / r.receipts : null;
  return m !== null && Number.isFinite(m) ? m : null;
};
const projectNets = (r: DevelopmentModelRun): number[] => r.inflows.map((v, m) => v - r.outflows[m]!);

/**
 * Root of a monotone function of one variable on [lo, hi]: secant steps (exact when the function is
 * linear, as margin and NPV are in the land price) safeguarded by bisection. null without a bracket.
 */
export function solveMonotone(f: (x: number) => number, lo: number, hi: number, tol = 0.5): number | null {
  let fa = f(lo);
  let fb = f(hi);
  if (!Number.isFinite(fa) || !Number.isFinite(fb) || fa === 0 || fb === 0) return fa === 0 ? lo : fb === 0 ? hi : null;
  if (fa > 0 === fb > 0) return null;
  const scale = Math.max(Math.abs(fa), Math.abs(fb)) * 1e-12;
  let a = lo;
  let b = hi;
  for (let i = 0; i < 80; i++) {
    let x = a - (fa * (b - a)) / (fb - fa);
    if (!(x > Math.min(a, b) && x < Math.max(a, b))) x = (a + b) / 2;
    const fx = f(x);
    if (!Number.isFinite(fx)) return null;
    if (Math.abs(fx) <= scale || Math.abs(b - a) < tol) return x;
    if (fx > 0 === fa > 0) {
      a = x;
      fa = fx;
    } else {
      b = x;
      fb = fx;
    }
    // Bisection step when secant stalls on one side.
    const mid = (a + b) / 2;
    const fm = f(mid);
    if (fm > 0 === fa > 0) {
      a = mid;
      fa = fm;
    } else {
      b = mid;
      fb = fm;
    }
  }
  return (a + b) / 2;
}

function sensitivity(base: DevelopmentModelParams): SensitivityMatrix[] {
  const basePrice = base.units[0]!.pricePerSqm;
  const scaleUnits = (k: number) => base.units.map((u) => ({ ...u, pricePerSqm: u.pricePerSqm * k }));
  const salePrices = SENSITIVITY_STEPS.map((s) => basePrice * s);
  const costs = SENSITIVITY_STEPS.map((s) => base.cubPerSqm * s);
  const speeds = SALES_SPEED_STEPS.map((s) => (s === 1 ? base.salesMonths : Math.max(1, Math.round(base.salesMonths * s))));
  return [
    {
      id: 'salePriceCost',
      title: 'Preço de venda × custo de obra',
      metricLabel: 'Margem sobre VGV',
      metricUnit: 'fraction',
      rowLabel: 'CUB (R$/m²)',
      rowUnit: 'BRL/m2',
      rowValues: costs.map(roundCents),
      colLabel: 'Preço de venda (R$/m²)',
      colUnit: 'BRL/m2',
      colValues: salePrices.map(roundCents),
      cells: SENSITIVITY_STEPS.map((c) => SENSITIVITY_STEPS.map((k) => margin(runDevelopmentModel({ ...base, cubPerSqm: base.cubPerSqm * c, units: scaleUnits(k) })))),
      base: { row: 2, col: 2 },
    },
    {
      id: 'salePriceSpeed',
      title: 'Preço de venda × velocidade de vendas',
      metricLabel: 'TIR anual do projeto',
      metricUnit: 'fraction',
      rowLabel: 'Prazo de vendas (meses)',
      rowUnit: 'months',
      rowValues: speeds,
      colLabel: 'Preço de venda (R$/m²)',
      colUnit: 'BRL/m2',
      colValues: salePrices.map(roundCents),
      cells: speeds.map((salesMonths) => SENSITIVITY_STEPS.map((k) => annualIrr(projectNets(runDevelopmentModel({ ...base, salesMonths, units: scaleUnits(k) }))))),
      base: { row: 2, col: 2 },
    },
  ];
}

export function computeDevelopment(inputs: ResolvedInputs, ctx: DevelopmentContext = {}): DevelopmentResult {
  const s = setup(inputs, ctx);
  const a = inputs.assumptions;
  const P = s?.landPrice ?? null;
  const areaNote = s ? undefined : AREA_MISSING_NOTE;
  const priceNote = P === null ? PRICE_MISSING_NOTE : undefined;
  const bothNote = [areaNote, priceNote].filter(Boolean).join(' ') || undefined;
  const fig = (id: string, label: string, value: number | null | undefined, unit: Figure['unit'], formula: string, note?: string) =>
    figure(id, label, value, unit, computed(formula), note ?? outOfRangeNote(value));

  const run = s ? runDevelopmentModel(s.params) : null;
  const priced = run && P !== null ? run : null;
  const cashFlow: CashFlowPoint[] | null = priced ? toCashFlow(priced.inflows, priced.outflows) : null;
  let peak: number | null = null;
  if (cashFlow) {
    let min = 0;
    for (const p of cashFlow) min = Math.min(min, p.cumulative);
    peak = -min;
  }
  const discount = { value: s?.discount ?? Math.max(0, finite(a.discountRateAnnual.value)), source: a.discountRateAnnual.source };
  const returns = returnFigures(cashFlow, discount, discount.value, bothNote ?? 'Valor fora da faixa calculável com as premissas informadas.');

  // Residual land value: the cash land price that gives the target margin / a project NPV of 0 at the hurdle.
  const cashAt = (x: number) => runDevelopmentModel({ ...s!.params, landDeal: 'cash', landDealShare: 0, landPrice: x });
  const span = run ? Math.max(1, run.vgvGross) * 2 : 1;
  const full = !ctx.headlineOnly;
  const rlvMargin = s && full ? solveMonotone((x) => (margin(cashAt(x)) ?? -1) - s.targetMargin, -span, span) : null;
  const mDiscount = annualToMonthly(discount.value);
  const rlvIrr = s && full ? solveMonotone((x) => npv(mDiscount, projectNets(cashAt(x))), -span, span) : null;

  const tableFormula = 'Custo total = terreno + obra + indiretos + comissões + impostos + juros';
  const totalCost = priced ? priced.totalCost : null;
  const profit = priced ? priced.profit : null;
  const marginValue = priced ? margin(priced) : null;

  let detail: DevelopmentDetail | undefined;
  if (s && run && full) {
    const p = s.params;
    const scaled = (k: number) => p.units.map((u) => ({ ...u, pricePerSqm: u.pricePerSqm * k }));
    const priceBase = p.units.reduce((t, u) => t + u.count * u.privateArea * u.pricePerSqm, 0) / Math.max(1e-9, run.privateArea);
    const kPrice = priced ? solveMonotone((k) => runDevelopmentModel({ ...p, units: scaled(k) }).profit, 0, 10, 1e-7) : null;
    const kCost = priced ? solveMonotone((k) => runDevelopmentModel({ ...p, cubPerSqm: p.cubPerSqm * k }).profit, 0, 20, 1e-7) : null;
    let maxDelay: number | null = null;
    let delayNote: string | undefined;
    if (priced) {
      // Months of works delay the project takes while keeping the target margin.
      const keeps = (delayMonths: number) => (margin(runDevelopmentModel({ ...p, delayMonths })) ?? -Infinity) >= s.targetMargin;
      if (!keeps(0)) {
        maxDelay = 0;
        delayNote = 'A margem já está abaixo da margem-alvo sem atraso.';
      } else if (keeps(MAX_DELAY_SEARCH)) {
        maxDelay = MAX_DELAY_SEARCH;
        delayNote = `A margem-alvo se mantém mesmo com ${MAX_DELAY_SEARCH} meses de atraso (limite da busca).`;
      } else {
        let lo = 0;
        let hi = MAX_DELAY_SEARCH;
        while (hi - lo > 1) {
          const mid = (lo + hi) >> 1;
          if (keeps(mid)) lo = mid;
          else hi = mid;
        }
        maxDelay = lo;
      }
    }
    const equityCf = priced ? toCashFlow(priced.equityNet.map((v) => Math.max(0, v)), priced.equityNet.map((v) => Math.max(0, -v))) : null;
    let peakEquity: number | null = null;
    if (equityCf) {
      let min = 0;
      for (const pt of equityCf) min = Math.min(min, pt.cumulative);
      peakEquity = -min;
    }
    const equityIrr = priced ? annualIrr(priced.equityNet) : null;
    const projectIrr = priced ? annualIrr(projectNets(priced)) : null;
    const budget: BudgetLine[] = [];
    if (priced) budget.push({ id: 'land', label: p.landDeal === 'cash' ? 'Terreno (preço + ITBI + cartório)' : 'Terreno em permuta (ITBI + cartório)', group: 'land', value: roundCents(run.land), formula: p.landDeal === 'cash' ? 'Preço × (1 + ITBI + cartório)' : 'Valor do terreno × (ITBI + cartório)' });
    budget.push({ id: 'cub', label: 'CUB × área equivalente', group: 'works', value: roundCents(run.works.cub ?? 0), formula: 'CUB (R$/m²) × área equivalente, na curva S, corrigido pelo INCC' });
    for (const l of CUB_EXCLUSION_LINES) budget.push({ id: l.id, label: l.label, group: 'works', value: roundCents(run.works[l.id] ?? 0), formula: `${(l.share * 100).toLocaleString('pt-BR')} % do CUB (parte do que o CUB não inclui), corrigido pelo INCC` });
    for (const l of INDIRECT_LINES) budget.push({ id: l.id, label: l.label, group: 'indirect', value: roundCents(run.indirect[l.id] ?? 0), formula: `${(l.share * 100).toLocaleString('pt-BR')} % do custo de obra, corrigido pelo INCC` });
    budget.push({ id: 'commissions', label: 'Comissões de venda (inclui revendas de distratos)', group: 'sales', value: roundCents(run.commissions), formula: 'Comissão × valor de cada venda' });
    budget.push({ id: 'taxes', label: s.taxRegime === 'presumido' ? 'Lucro presumido (PIS, Cofins, IRPJ, CSLL)' : s.taxRegime === 'ret-mcmv' ? 'RET 1 % (MCMV)' : 'RET 4 %', group: 'sales', value: roundCents(run.taxes), formula: 'Alíquota efetiva × recebimentos' });
    if (priced) budget.push({ id: 'interest', label: 'Juros do plano empresário', group: 'finance', value: roundCents(run.interest), formula: 'Saldo devedor × taxa mensal' });
    const rlvSrc = (x: number | null, note: string) => (x === null ? note : x < 0 ? NEGATIVE_RLV_NOTE : undefined);
    const A = p.approvalMonths;
    detail = {
      landDeal: p.landDeal,
      landDealShare: p.landDealShare,
      taxRegime: s.taxRegime,
      phases: [
        { id: 'approval', label: 'Aprovação', startMonth: A > 0 ? 1 : 0, endMonth: A, months: A },
        { id: 'works', label: 'Obra', startMonth: A + 1, endMonth: A + p.worksMonths, months: p.worksMonths },
        { id: 'sales', label: 'Vendas', startMonth: A + 1, endMonth: A + p.salesMonths, months: p.salesMonths },
      ],
      deliveryMonth: run.deliveryMonth,
      units: figure('units', 'Unidades', s.unitCount, 'count', computed(s.unitCount === null ? 'Sem unidades informadas' : 'Premissas do empreendimento: unidades informadas')),
      privateArea: fig('privateArea', 'Área privativa total', run.privateArea, 'm2', 'Σ unidades × área privativa'),
      equivalentArea: fig('equivalentArea', 'Área equivalente (NBR 12721)', run.equivalentArea, 'm2', 'Área privativa / (área privativa / equivalente)'),
      vgvGross: fig('vgvGross', 'VGV bruto (todas as unidades)', run.vgvGross, 'BRL', 'Σ unidades × área × preço por m²'),
      permutaValue: fig('permutaValue', 'VGV das unidades da permuta', run.permutaValue + run.permutaPaid, 'BRL', 'Unidades entregues ao proprietário (física) ou parte das receitas paga a ele (financeira)'),
      distratoValue: fig('distratoValue', 'Vendas distratadas', run.distratoValue, 'BRL', 'Distratos × vendas antes das chaves'),
      inccCorrection: fig('inccCorrection', 'Correção das parcelas pelo INCC', run.inccOnReceipts, 'BRL', 'Parcelas corrigidas pelo INCC da venda até as chaves'),
      taxes: fig('taxes', 'Impostos sobre as receitas', run.taxes, 'BRL', 'Alíquota efetiva × recebimentos'),
      budget,
      worksTotal: fig('worksTotal', 'Custo de obra (CUB + o que o CUB não inclui)', run.worksTotal, 'BRL', 'CUB × área equivalente × (1 + exclusões), INCC mês a mês'),
      indirectTotal: fig('indirectTotal', 'Custos indiretos', run.indirectTotal, 'BRL', 'Custos indiretos (%) × custo de obra, por tipo, INCC mês a mês'),
      paymentFlow: { signal: p.signal, monthly: p.monthly, balloons: p.balloons, keys: p.keys, repasse: Math.max(0, 1 - p.signal - p.monthly - p.balloons - p.keys) },
      projectNpv: figure('projectNpv', 'VPL do projeto (sem financiamento)', returns.npv.value, 'BRL', returns.npv.source, returns.npv.note),
      projectIrr: figure('projectIrr', 'TIR do projeto (sem financiamento)', projectIrr, 'fraction', returns.irr.source, returns.irr.note),
      equityNpv: fig('equityNpv', 'VPL do capital próprio (com plano empresário)', priced ? npv(mDiscount, priced.equityNet) : null, 'BRL', 'Fluxo do capital próprio descontado à TMA', priceNote),
      equityIrr: fig('equityIrr', 'TIR do capital próprio', equityIrr, 'fraction', 'TIR mensal do fluxo do capital próprio, anualizada', priceNote ?? (priced && equityIrr === null ? 'TIR indefinida para este fluxo.' : undefined)),
      peakDebt: fig('peakDebt', 'Dívida máxima (plano empresário)', priced ? priced.peakDebt : null, 'BRL', 'Maior saldo devedor do plano empresário', priceNote),
      peakEquity: fig('peakEquity', 'Exposição máxima do capital próprio', peakEquity, 'BRL', '−(menor saldo acumulado do fluxo do capital próprio)', priceNote),
      interestPaid: fig('interestPaid', 'Juros pagos', priced ? priced.interest : null, 'BRL', 'Σ saldo devedor × taxa mensal', priceNote),
      rlvTargetMargin: fig('rlvTargetMargin', 'Valor residual do terreno (margem-alvo)', rlvMargin, 'BRL', 'Preço à vista do terreno que dá a margem-alvo (resolvido por bisseção)', rlvSrc(rlvMargin, 'Sem solução na faixa pesquisada.')),
      rlvTargetIrr: fig('rlvTargetIrr', 'Valor residual do terreno (TIR = TMA)', rlvIrr, 'BRL', 'Preço à vista do terreno que zera o VPL do projeto à TMA (TIR = TMA)', rlvSrc(rlvIrr, 'Sem solução na faixa pesquisada.')),
      breakEvenPricePerSqm: fig('breakEvenPricePerSqm', 'Preço mínimo de venda (lucro zero)', kPrice === null ? null : kPrice * priceBase, 'BRL/m2', 'Preço médio por m² em que o lucro é zero', priceNote),
      breakEvenCostPerSqm: fig('breakEvenCostPerSqm', 'CUB máximo (lucro zero)', kCost === null ? null : kCost * p.cubPerSqm, 'BRL/m2', 'CUB por m² em que o lucro é zero', priceNote),
      maxDelayMonths: fig('maxDelayMonths', 'Atraso máximo da obra (mantendo a margem-alvo)', maxDelay, 'months', 'Meses de atraso da entrega que ainda mantêm a margem-alvo', priceNote ?? delayNote),
      equityCashFlow: equityCf ?? [],
      notes: s.notes,
    };
  }

  return {
    landCost: fig('landCost', 'Custo do terreno (com ITBI e cartório)', priced ? priced.land : null, 'BRL', s?.params.landDeal === 'cash' || !s ? 'Preço + ITBI + cartório e registro' : 'Permuta: ITBI + cartório sobre o valor do terreno', priceNote),
    builtArea:
      inputs.builtArea && finite(inputs.builtArea.value, NaN) > 0 && !(s?.unitCount)
        ? inputs.builtArea
        : figure('builtArea', 'Área equivalente (construída)', run ? run.equivalentArea : null, 'm2', run ? computed('Área privativa / (área privativa / equivalente)') : (inputs.builtArea?.source ?? { kind: 'questionnaire', field: 'builtArea', label: 'Área construída (m²)' }), areaNote),
    sellableArea: fig('sellableArea', 'Área privativa (vendável)', run?.privateArea, 'm2', 'Σ unidades × área privativa', areaNote),
    vgv: fig('vgv', 'VGV líquido (receitas nominais)', run?.receipts, 'BRL', 'Recebimentos dos compradores, líquidos de permuta, distratos e restituições, com correção INCC', areaNote),
    constructionCost: fig('constructionCost', 'Custo de obra', run?.worksTotal, 'BRL', 'CUB × área equivalente × (1 + o que o CUB não inclui), corrigido pelo INCC', areaNote),
    softCosts: fig('softCosts', 'Custos indiretos', run?.indirectTotal, 'BRL', 'Custo de obra × custos indiretos (%), por tipo', areaNote),
    commissions: fig('commissions', 'Comissões de venda', run?.commissions, 'BRL', 'Comissão × vendas', areaNote),
    ret: fig('ret', s?.taxRegime === 'presumido' ? 'Impostos (lucro presumido)' : 'RET (Regime Especial de Tributação)', run?.taxes, 'BRL', 'Alíquota × recebimentos', areaNote),
    totalCost: fig('totalCost', 'Custo total', totalCost, 'BRL', tableFormula, bothNote),
    profit: fig('profit', 'Lucro', profit, 'BRL', 'VGV líquido − custo total', bothNote),
    marginOnVgv: fig('marginOnVgv', 'Margem sobre VGV', marginValue, 'fraction', 'Lucro / VGV líquido', bothNote ?? (priced && marginValue === null ? 'VGV nulo: a margem sobre o VGV não é definida.' : undefined)),
    marginOnCost: fig('marginOnCost', 'Margem sobre custo', profit !== null && totalCost !== null && totalCost > 0 ? profit / totalCost : null, 'fraction', 'Lucro / custo total', bothNote),
    residualLandValue: fig('residualLandValue', 'Valor residual do terreno', rlvMargin, 'BRL', 'Preço à vista do terreno que dá a margem-alvo (resolvido por bisseção no modelo mensal)', areaNote ?? (rlvMargin !== null && rlvMargin < 0 ? NEGATIVE_RLV_NOTE : undefined)),
    peakExposure: fig('peakExposure', 'Exposição máxima de caixa (projeto)', peak, 'BRL', '−(menor saldo acumulado do fluxo de caixa)', bothNote),
    npv: returns.npv,
    irr: returns.irr,
    mirr: returns.mirr,
    paybackMonths: returns.paybackMonths,
    cashFlow: cashFlow ?? [],
    sensitivity: priced && s && full ? sensitivity(s.params) : [],
    ...(detail ? { detail } : {}),
  };
}
