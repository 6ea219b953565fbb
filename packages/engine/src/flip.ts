import type { Figure, FinancialResult } from '@viabiliza/contracts/analysis-result';
import type { FlipResult } from '@viabiliza/contracts/result/hurdle';
import { acquisitionCostRules } from './acquisition-costs.ts';
import { computed, figure } from './figure.ts';
import { finite, PRICE_MISSING_NOTE, returnFigures, toCashFlow } from './financial.ts';
import { annualIrr } from './financial.ts';
import { annualToMonthly, npv } from './finance.ts';
import { saleTax } from './tax.ts';
import type { ResolvedInputs } from './types.ts';

/*
 * Renovate and resell (flip): buy, renovate for `worksMonths`, sell after `sellMonths` more. Every
 * month until the sale the owner pays the whole condomínio, the IPTU and the utilities (nobody
 * lives there); the renovation is spread evenly over the works. At the sale: selling costs and the
 * capital-gains tax, where the renovation (benfeitorias, with receipts) adds to the cost basis
 * (IN SRF 84/2001 art. 17). No rent: a rent of 0 is the plan, not a gap. Nominal flows; the IRR is
 * after tax and is judged against the rental hurdle over the flip's months (hurdle.ts).
 */

export interface FlipParams {
  price: number;
  itbi: number;
  notary: number;
  renovation: number;
  worksMonths: number;
  sellMonths: number;
  salePrice: number;
  exitCostRate: number;
  condominiumFee: number;
  annualTax: number;
  utilitiesMonthly: number;
  costGrowthAnnual: number;
  owner: 'pf' | 'pj' | 'none';
  otherProperties: boolean;
}

export interface FlipRun {
  months: number;
  acquisitionTotal: number;
  carrying: number;
  sellingCosts: number;
  tax: number;
  exempt: boolean;
  netSale: number;
  profit: number;
  inflows: number[];
  outflows: number[];
}

/** The flip's monthly flows and totals (pure). */
export function runFlip(p: FlipParams): FlipRun {
  const W = Math.max(0, Math.round(p.worksMonths));
  const works = p.renovation > 0 ? Math.max(1, W) : W;
  const N = Math.max(1, works + Math.max(0, Math.round(p.sellMonths)));
  const inflows = new Array<number>(N + 1).fill(0);
  const outflows = new Array<number>(N + 1).fill(0);
  const acquisitionTotal = p.price + p.itbi + p.notary;
  outflows[0] = acquisitionTotal;
  let carrying = 0;
  for (let m = 1; m <= N; m++) {
    const growth = (1 + p.costGrowthAnnual) ** Math.floor((m - 1) / 12);
    const monthCarry = (p.condominiumFee + p.annualTax / 12 + p.utilitiesMonthly) * growth;
    carrying += monthCarry;
    outflows[m]! += monthCarry + (m <= works && works > 0 ? p.renovation / works : 0);
  }
  const sellingCosts = p.salePrice * p.exitCostRate;
  const sale = saleTax(p.owner, p.salePrice, sellingCosts, acquisitionTotal + p.renovation, N, { otherProperties: p.otherProperties });
  const netSale = p.salePrice - sellingCosts - sale.tax;
  inflows[N]! += netSale;
  const profit = netSale - acquisitionTotal - p.renovation - carrying;
  return { months: N, acquisitionTotal, carrying, sellingCosts, tax: sale.tax, exempt: sale.exempt, netSale, profit, inflows, outflows };
}

const NOT_RENTAL = 'Não se aplica à revenda (sem aluguel).';

/** The flip as the financial part of the result: the same headline figures, with `flip` detail. */
export function computeFlip(inputs: ResolvedInputs, marketValue: Figure | null, fromComparables = false): FinancialResult {
  const a = inputs.assumptions;
  const deal = inputs.deal!;
  const P = finite(inputs.price?.value, NaN) > 0 ? inputs.price!.value! : null;
  const area = finite(inputs.area?.value, NaN) > 0 ? inputs.area!.value! : null;
  const notes: string[] = [];
  const fig = (id: string, label: string, value: number | null | undefined, unit: Figure['unit'], formula: string, note?: string) =>
    figure(id, label, value, unit, computed(formula), note);
  const discount = { value: Math.max(0, finite(a.discountRateAnnual.value)), source: a.discountRateAnnual.source };
  const ownerCode = Math.round(finite(a.ownerType?.value));
  const owner = ownerCode === 1 ? 'pj' : ownerCode === 2 ? 'none' : 'pf';

  const renovation = deal.renovation?.value ?? 0;
  if (!deal.renovation) notes.push('Orçamento da reforma não informado: considerado R$ 0.');
  if (!deal.worksMonthsTyped && renovation > 0) notes.push(`Meses de obra não informados: ${deal.worksMonths} meses (premissa).`);
  if (!deal.sellMonthsTyped) notes.push(`Meses para vender não informados: ${deal.sellMonths} meses após a obra (premissa).`);
  if (deal.utilitiesMonthly === null) notes.push('Contas de consumo (água, luz, gás) com o imóvel vazio não informadas: não incluídas.');
  const months = Math.max(1, (renovation > 0 ? Math.max(1, deal.worksMonths) : deal.worksMonths) + deal.sellMonths);

  // Sale price: typed; else the market valuation (comparables, else the reference R$/m²) brought to the sale month.
  let salePrice: Figure;
  if (deal.targetSalePrice) {
    salePrice = figure('salePrice', 'Preço de venda', deal.targetSalePrice.value, 'BRL', deal.targetSalePrice.source);
  } else if (renovation > 0 && !fromComparables && area !== null && finite(a.salePricePerSqm.value) > 0) {
    // Renovated: the reference R$/m² without the 'precisa de reforma' discount, brought to the sale month.
    const value = a.salePricePerSqm.value * area * (1 + finite(a.appreciationAnnual.value)) ** (months / 12);
    salePrice = figure('salePrice', 'Preço de venda', value, 'BRL', computed(`Referência de venda por m² × área (imóvel reformado) × (1 + valorização)^(${months}/12)`), 'Preço de venda pretendido não informado: usado o valor de mercado de referência (preços anunciados); confirme com comparáveis do imóvel reformado.');
    notes.push('Preço de venda pelo valor de mercado estimado: informe o preço pretendido ou comparáveis de venda de imóveis reformados.');
  } else if (marketValue?.value) {
    const appreciation = finite(a.appreciationAnnual.value);
    const value = marketValue.value * (1 + appreciation) ** (months / 12);
    salePrice = figure('salePrice', 'Preço de venda', value, 'BRL', computed(`Valor de mercado estimado (${marketValue.source.kind === 'computed' ? marketValue.source.formula : marketValue.label}) × (1 + valorização)^(${months}/12)`), 'Preço de venda pretendido não informado: usado o valor de mercado estimado; confirme com comparáveis do imóvel reformado.');
    notes.push('Preço de venda pelo valor de mercado estimado: informe o preço pretendido ou comparáveis de venda de imóveis reformados.');
  } else {
    salePrice = figure('salePrice', 'Preço de venda', null, 'BRL', computed('Preço de venda pretendido'), 'Informe o preço de venda pretendido ou comparáveis de venda.');
  }

  const costRules = acquisitionCostRules(inputs, { documentItbi: false, planSfh: false });
  const docItbi = finite(inputs.itbi?.value, NaN) > 0 ? inputs.itbi!.value! : null;
  const itbi = P === null ? null : (docItbi ?? (costRules.itbiOf ? costRules.itbiOf(P, 0) : P * finite(a.itbiRate.value)));
  const notary = P === null ? null : costRules.notaryOf ? costRules.notaryOf(P) : P * finite(a.notaryRate.value);

  const run =
    P !== null && itbi !== null && notary !== null && salePrice.value !== null
      ? runFlip({
          price: P,
          itbi,
          notary,
          renovation,
          worksMonths: deal.worksMonths,
          sellMonths: deal.sellMonths,
          salePrice: salePrice.value,
          exitCostRate: Math.max(0, finite(a.exitCostRate.value)),
          condominiumFee: Math.max(0, finite(inputs.condominiumFee?.value)),
          annualTax: Math.max(0, finite(inputs.annualTax?.value)),
          utilitiesMonthly: Math.max(0, deal.utilitiesMonthly ?? 0),
          costGrowthAnnual: Math.max(-0.99, finite(a.inflationAnnual.value)),
          owner,
          otherProperties: deal.otherProperties,
        })
      : null;
  const cashFlow = run ? toCashFlow(run.inflows, run.outflows) : null;
  const missing = P === null ? PRICE_MISSING_NOTE : salePrice.value === null ? (salePrice.note ?? 'Sem preço de venda.') : 'Fluxo não calculável.';
  const returns = returnFigures(cashFlow, discount, discount.value, missing);
  const invested = run ? run.acquisitionTotal + renovation + run.carrying : null;
  if (run && owner === 'pf') {
    notes.push(
      run.exempt
        ? 'Venda até R$ 440 mil: isenta de IR sobre o ganho (único imóvel, sem outra venda em 5 anos).'
        : 'IR sobre o ganho de capital: (venda − custos de venda − aquisição − reforma) × FR2, 15 % a 22,5 %; a reforma entra no custo com notas fiscais (IN SRF 84/2001 art. 17).',
    );
  }
  if (deal.wantsFinancing) notes.push('Financiamento na revenda não modelado: o fluxo é à vista (capital próprio).');

  const flip: FlipResult = {
    renovation: deal.renovation
      ? figure('renovation', 'Orçamento da reforma', renovation, 'BRL', deal.renovation.source)
      : fig('renovation', 'Orçamento da reforma', 0, 'BRL', 'Não informado (R$ 0)'),
    worksMonths: renovation > 0 ? Math.max(1, deal.worksMonths) : deal.worksMonths,
    sellMonths: deal.sellMonths,
    salePrice,
    carryingCosts: fig('carryingCosts', 'Custos com o imóvel vazio (condomínio, IPTU, contas)', run?.carrying, 'BRL', 'Σ (condomínio + IPTU/12 + contas) em todos os meses até a venda, pagos integralmente pelo dono'),
    sellingCosts: fig('sellingCosts', 'Custos de venda (corretagem)', run?.sellingCosts, 'BRL', 'Preço de venda × custos de venda (%)'),
    profit: fig('profit', 'Lucro após impostos', run?.profit, 'BRL', 'Venda − custos de venda − IR − aquisição − reforma − custos com o imóvel vazio'),
    returnOnCost: fig('returnOnCost', 'Lucro sobre o capital investido', run && invested ? run.profit / invested : null, 'fraction', 'Lucro após impostos / (aquisição + reforma + custos com o imóvel vazio)'),
    notes,
  };
  const na = (id: string, label: string) => fig(id, label, null, 'fraction', 'Revenda', NOT_RENTAL);
  const price = inputs.price && P !== null ? inputs.price : figure('price', 'Valor do imóvel', null, 'BRL', computed('Valor pretendido'), PRICE_MISSING_NOTE);
  const areaFig = inputs.area && area !== null ? inputs.area : figure('area', 'Área', null, 'm2', computed('Área do imóvel'), 'Área do imóvel não informada.');
  return {
    strategy: 'revenda',
    flip,
    ...(P !== null && area !== null ? { pricePerSqm: figure('pricePerSqm', 'Preço por m²', P / area, 'BRL/m2', computed(`Preço / ${areaFig.label.toLowerCase()}`)) } : {}),
    financingChosen: deal.wantsFinancing,
    price,
    area: areaFig,
    itbi:
      docItbi !== null && inputs.itbi
        ? inputs.itbi
        : ((P !== null ? costRules.itbiFigure(P, 0) : null) ?? fig('itbi', 'ITBI', itbi, 'BRL', 'Preço × alíquota de ITBI')),
    notary: (P !== null ? costRules.notaryFigure(P) : null) ?? fig('notary', 'Cartório e registro', notary, 'BRL', 'Preço × alíquota de escritura e registro'),
    acquisitionTotal: fig('acquisitionTotal', 'Custo total de aquisição', run?.acquisitionTotal ?? null, 'BRL', 'Preço + ITBI + cartório e registro'),
    financing: null,
    monthlyRent: figure('monthlyRent', 'Aluguel mensal', 0, 'BRL/mes', computed('Revenda: o imóvel fica vazio até a venda'), 'Revenda: sem aluguel.'),
    rentFromReference: false,
    grossYield: na('grossYield', 'Yield bruto'),
    netYield: na('netYield', 'Yield líquido'),
    capRate: na('capRate', 'Cap rate'),
    cashOnCash: na('cashOnCash', 'Cash-on-cash'),
    npv: returns.npv,
    irr: returns.irr,
    mirr: returns.mirr,
    paybackMonths: returns.paybackMonths,
    exitValue: salePrice.value === null ? { ...salePrice, id: 'exitValue', label: 'Valor de saída' } : { ...salePrice, id: 'exitValue', label: 'Valor de saída (venda)' },
    capitalGainsTax: fig('capitalGainsTax', 'IR sobre ganho de capital', run?.tax ?? null, 'BRL', owner === 'pj' ? 'Lucro presumido sobre o ganho' : owner === 'none' ? 'Sem imposto (premissa)' : '(venda − custos de venda − aquisição − reforma) × FR2, 15 % a 22,5 %'),
    cashFlow: cashFlow ?? [],
    sensitivity: [],
  };
}

/** IRR and NPV at a monthly rate of one flip (benches and tests). */
export function flipReturns(p: FlipParams, hurdleAnnual: number): { irr: number | null; npv: number } {
  const r = runFlip(p);
  const nets = r.inflows.map((x, i) => x - r.outflows[i]!);
  return { irr: annualIrr(nets), npv: npv(annualToMonthly(hurdleAnnual), nets) };
}
