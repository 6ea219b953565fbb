import type { AssumptionId } from '@viabiliza/contracts/analysis';
import type { DevelopmentResult, FinancialResult } from '@viabiliza/contracts/analysis-result';
import type { StressResult, StressScenario } from '@viabiliza/contracts/result/financial-after-tax';
import { computeDevelopment, type DevelopmentContext } from './development.ts';
import { computeFinancial } from './financial.ts';
import type { ResolvedInputs } from './types.ts';

/*
 * Stress section (issue 17, item 7): the standard downside on the primary model — price −10 %,
 * cost +10 %, 6 months' delay, rate +2 p.p., and all combined — each re-run through the same
 * calculator with changed assumptions, reported beside the base case.
 */

export const STRESS_DELAY_MONTHS = 6;
export const STRESS_PRICE = 0.9;
export const STRESS_COST = 1.1;
export const STRESS_RATE_PP = 0.02;

type Shock = 'price' | 'cost' | 'delay' | 'rate';
const SCENARIOS: { id: StressScenario['id']; shocks: Shock[] }[] = [
  { id: 'price', shocks: ['price'] },
  { id: 'cost', shocks: ['cost'] },
  { id: 'delay', shocks: ['delay'] },
  { id: 'rate', shocks: ['rate'] },
  { id: 'combined', shocks: ['price', 'cost', 'delay', 'rate'] },
];

function withAssumption(inputs: ResolvedInputs, id: AssumptionId, value: number): ResolvedInputs {
  const current = inputs.assumptions[id];
  if (!current) return inputs;
  return { ...inputs, assumptions: { ...inputs.assumptions, [id]: { ...current, value } } };
}

const val = (inputs: ResolvedInputs, id: AssumptionId): number => {
  const v = inputs.assumptions[id]?.value;
  return typeof v === 'number' && Number.isFinite(v) ? v : 0;
};

function scenario(id: StressScenario['id'], label: string, npv: number | null, irr: number | null, margin: number | null, baseNpv: number | null): StressScenario {
  return { id, label, npv, irr, margin, npvDelta: npv !== null && baseNpv !== null ? npv - baseNpv : null };
}

const fin = (x: number | null | undefined): number | null => (typeof x === 'number' && Number.isFinite(x) ? x : null);

/** Acquisition and rental: exit value −10 %, purchase price +10 %, 6 months without rent, TMA and loan rate +2 p.p. */
export function acquisitionStress(inputs: ResolvedInputs, base: FinancialResult): StressResult | null {
  const price = fin(inputs.price?.value);
  if (price === null || price <= 0 || base.cashFlow.length === 0) return null;
  const financed = base.financing !== null;
  const H = Math.max(1, Math.round(val(inputs, 'holdingYears') * 12));
  const labels: Record<Shock, string> = {
    price: 'Preço de saída −10 %',
    cost: 'Preço de compra +10 %',
    delay: `${STRESS_DELAY_MONTHS} meses sem aluguel`,
    rate: financed ? 'Juros do financiamento e TMA +2 p.p.' : 'TMA +2 p.p.',
  };
  const run = (shocks: Shock[]) => {
    let x = inputs;
    if (shocks.includes('price')) {
      // (1 + a')^(H/12) = 0,9 × (1 + a)^(H/12); with an exit cap rate, the cap rate / 0,9.
      const a = val(inputs, 'appreciationAnnual');
      x = withAssumption(x, 'appreciationAnnual', (1 + a) * STRESS_PRICE ** (12 / H) - 1);
      const cap = val(inputs, 'exitCapRate');
      if (cap > 0) x = withAssumption(x, 'exitCapRate', cap / STRESS_PRICE);
    }
    if (shocks.includes('cost') && x.price) x = { ...x, price: { ...x.price, value: price * STRESS_COST } };
    if (shocks.includes('rate')) {
      // The TMA rises with the rates; the loan's too (within the SFH cap the financing rules keep it at 12 % a.a.).
      x = withAssumption(x, 'discountRateAnnual', val(inputs, 'discountRateAnnual') + STRESS_RATE_PP);
      if (financed) x = withAssumption(x, 'financingRateAnnual', val(inputs, 'financingRateAnnual') + STRESS_RATE_PP);
    }
    const r = computeFinancial(x, { light: true, ...(shocks.includes('delay') ? { rentDelayMonths: STRESS_DELAY_MONTHS } : {}) });
    return { npv: fin(r.npv.value), irr: fin(r.irr.value) };
  };
  const baseNpv = fin(base.npv.value);
  const scenarios: StressScenario[] = [scenario('base', 'Cenário base', baseNpv, fin(base.irr.value), null, baseNpv)];
  for (const s of SCENARIOS) {
    const r = run(s.shocks);
    scenarios.push(scenario(s.id, s.id === 'combined' ? 'Todos combinados' : labels[s.shocks[0]!], r.npv, r.irr, null, baseNpv));
  }
  return {
    model: 'acquisition',
    scenarios,
    notes: [
      'Cada cenário refaz o fluxo de caixa com uma premissa alterada; o VPL é à TMA do cenário base, exceto nos cenários de juros, em que a TMA também sobe 2 p.p. (no SFH a taxa do financiamento fica limitada a 12 % a.a.).',
      'O atraso de 6 meses é modelado como 6 meses sem inquilino no início: o proprietário paga condomínio, IPTU e manutenção.',
    ],
  };
}

/** Development: sale price −10 %, construction cost +10 %, works 6 months longer, TMA and construction loan +2 p.p. */
export function developmentStress(inputs: ResolvedInputs, base: DevelopmentResult, ctx: DevelopmentContext = {}): StressResult | null {
  if (fin(base.npv.value) === null && fin(base.marginOnVgv.value) === null) return null;
  const labels: Record<Shock, string> = {
    price: 'Preço de venda −10 %',
    cost: 'Custo de obra +10 %',
    delay: `Obra ${STRESS_DELAY_MONTHS} meses mais longa`,
    rate: 'TMA e juros da obra +2 p.p.',
  };
  // A price per m² typed in 'Premissas do empreendimento' wins over the assumption: scale it too.
  const typed = ctx.inputs;
  const run = (shocks: Shock[]) => {
    let x = inputs;
    let c: DevelopmentContext = ctx;
    if (shocks.includes('price')) {
      x = withAssumption(x, 'salePricePerSqm', val(inputs, 'salePricePerSqm') * STRESS_PRICE);
      if (typed && typeof typed === 'object' && 'pricePerSqm' in typed && typeof typed.pricePerSqm === 'string') {
        const n = Number(typed.pricePerSqm.replace(/\./g, '').replace(',', '.'));
        if (Number.isFinite(n) && n > 0) c = { ...c, inputs: { ...typed, pricePerSqm: String(n * STRESS_PRICE).replace('.', ',') } };
      }
    }
    if (shocks.includes('cost')) x = withAssumption(x, 'constructionCostPerSqm', val(inputs, 'constructionCostPerSqm') * STRESS_COST);
    if (shocks.includes('rate')) {
      x = withAssumption(x, 'discountRateAnnual', val(inputs, 'discountRateAnnual') + STRESS_RATE_PP);
      if (x.assumptions.constructionLoanRateAnnual) x = withAssumption(x, 'constructionLoanRateAnnual', val(inputs, 'constructionLoanRateAnnual') + STRESS_RATE_PP);
    }
    // A delay is the same project delivered later (same budget on a longer S-curve, overheads and interest for longer).
    if (shocks.includes('delay')) c = { ...c, delayMonths: STRESS_DELAY_MONTHS };
    const r = computeDevelopment(x, { ...c, headlineOnly: true });
    return { npv: fin(r.npv.value), irr: fin(r.irr.value), margin: fin(r.marginOnVgv.value) };
  };
  const baseNpv = fin(base.npv.value);
  const scenarios: StressScenario[] = [scenario('base', 'Cenário base', baseNpv, fin(base.irr.value), fin(base.marginOnVgv.value), baseNpv)];
  for (const s of SCENARIOS) {
    const r = run(s.shocks);
    scenarios.push(scenario(s.id, s.id === 'combined' ? 'Todos combinados' : labels[s.shocks[0]!], r.npv, r.irr, r.margin, baseNpv));
  }
  return {
    model: 'development',
    scenarios,
    notes: ['Cada cenário refaz o empreendimento com uma premissa alterada (computeDevelopment); margem = lucro / VGV.'],
  };
}
