import type { AssumptionOverrides } from '@viabiliza/contracts/analysis';
import type { AnalysisResult } from '@viabiliza/contracts/analysis-result';
import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import { formatPercent } from './report.ts';
import type { EngineInput } from './types.ts';

/*
 * Reference deals of our own (not any user's, not the examples): rentals that are plainly
 * good, fair and bad in three cities, the same rental bought with a loan, a flip that pays and one
 * that does not, an incorporação with and without permuta, and a commercial unit owned by an
 * individual and by a company. `npm run bench:engine` prints their verdicts ('verdicts' table) and
 * `verdicts.test.ts` checks each against figures computed independently in the test.
 *
 * `expected` is what an investor would sign: a plainly good deal is 'alta', a plainly bad one
 * 'baixa', a fair one 'moderada'.
 */

export interface ReferenceDeal {
  id: string;
  label: string;
  expected: 'alta' | 'moderada' | 'baixa';
  input: EngineInput;
}

/** The date every reference deal is analysed on (reference rows are picked as of this day). */
export const REFERENCE_DEALS_AT = '2026-11-25T12:00:00.000Z';

const deal = (id: string, label: string, expected: ReferenceDeal['expected'], questionnaire: Questionnaire, overrides: AssumptionOverrides = {}): ReferenceDeal => ({
  id,
  label,
  expected,
  input: { analysisType: 'complete', questionnaire, documents: [], overrides, generatedAt: REFERENCE_DEALS_AT, title: label },
});

const flat = (city: string, state: string, area: number, price: number, rent: number, condo: number, iptu: number, extra: Partial<Questionnaire> = {}): Questionnaire => ({
  city,
  state,
  propertyType: 'apartamento',
  purpose: ['investimento'],
  condition: 'bom',
  usableArea: String(area),
  targetValue: price.toLocaleString('pt-BR'),
  monthlyRent: rent.toLocaleString('pt-BR'),
  condominiumFee: condo.toLocaleString('pt-BR'),
  annualTax: iptu.toLocaleString('pt-BR'),
  mainObjective: 'investimento',
  deal: { strategy: 'aluguel' },
  ...extra,
});

const sales = (items: [string, number, number][]): NonNullable<Questionnaire['comparables']> =>
  items.map(([address, area, price]) => ({ address, area: String(area), price: price.toLocaleString('pt-BR'), date: '2026-10', kind: 'venda' as const, source: 'anúncio' }));

export const REFERENCE_DEALS: readonly ReferenceDeal[] = [
  // Rentals, cash, individual owner: good, fair, bad in Belém, Curitiba and São Paulo.
  deal('belem-boa', 'Belém: apartamento de leilão, 16 % bruto, abaixo dos comparáveis', 'alta',
    flat('Belém', 'PA', 70, 260_000, 3_500, 450, 900, {
      comparables: sales([['Tv. Padre Eutíquio, 100', 72, 410_000], ['Av. Nazaré, 500', 68, 390_000], ['R. dos Mundurucus, 900', 75, 420_000]]),
    })),
  deal('belem-justa', 'Belém: apartamento a preço de mercado, 13 % bruto', 'moderada', flat('Belém', 'PA', 70, 300_000, 3_300, 450, 900)),
  deal('belem-ruim', 'Belém: apartamento caro, 6 % bruto', 'baixa', flat('Belém', 'PA', 70, 520_000, 2_600, 550, 1_200)),
  deal('curitiba-boa', 'Curitiba: studio perto da universidade, 17 % bruto', 'alta', flat('Curitiba', 'PR', 35, 180_000, 2_550, 300, 600)),
  deal('curitiba-justa', 'Curitiba: 2 quartos, 13 % bruto', 'moderada', flat('Curitiba', 'PR', 60, 330_000, 3_600, 500, 1_100)),
  deal('curitiba-ruim', 'Curitiba: 3 quartos no Batel, 4,5 % bruto', 'baixa', flat('Curitiba', 'PR', 110, 1_250_000, 4_700, 1_400, 4_500)),
  deal('sao-paulo-boa', 'São Paulo: kitnet no centro, 16 % bruto', 'alta', flat('São Paulo', 'SP', 30, 190_000, 2_500, 350, 500)),
  deal('sao-paulo-justa', 'São Paulo: 1 quarto na Bela Vista, 13,4 % bruto', 'moderada', flat('São Paulo', 'SP', 40, 290_000, 3_250, 450, 800)),
  deal('sao-paulo-ruim', 'São Paulo: 2 quartos em Pinheiros, 5 % bruto', 'baixa', flat('São Paulo', 'SP', 85, 1_050_000, 4_400, 1_100, 3_600)),
  // The good Belém and the fair São Paulo bought with a loan: the property's verdict stays, unless the loan decides it.
  deal('belem-boa-financiada', 'Belém: a mesma compra boa, financiada (SAC, 80 %, 12 % a.a.)', 'alta',
    flat('Belém', 'PA', 70, 260_000, 3_500, 450, 900, {
      comparables: sales([['Tv. Padre Eutíquio, 100', 72, 410_000], ['Av. Nazaré, 500', 68, 390_000], ['R. dos Mundurucus, 900', 75, 420_000]]),
      deal: { strategy: 'aluguel', wantsFinancing: true, financingSystem: 'SAC', financingRate: '12', financingTermMonths: '360' },
    })),
  deal('sao-paulo-justa-financiada', 'São Paulo: a mesma compra justa, financiada a 14 % a.a. (crédito caro)', 'baixa',
    flat('São Paulo', 'SP', 40, 290_000, 3_250, 450, 800, { deal: { strategy: 'aluguel', wantsFinancing: true, financingSystem: 'PRICE', financingRate: '14', financingTermMonths: '240' } })),
  // Flips in Recife: one that pays, one that does not.
  deal('recife-revenda-boa', 'Recife: reforma e revenda com margem', 'alta', {
    city: 'Recife', state: 'PE', propertyType: 'apartamento', condition: 'reformar', usableArea: '75', targetValue: '330.000', condominiumFee: '650', annualTax: '1.500', monthlyRent: '0',
    deal: { strategy: 'revenda', renovationBudget: '45.000', worksMonths: '3', sellMonths: '5', targetSalePrice: '500.000', utilitiesMonthly: '200' },
  }),
  deal('recife-revenda-ruim', 'Recife: reforma cara, venda no preço de compra mais a obra', 'baixa', {
    city: 'Recife', state: 'PE', propertyType: 'apartamento', condition: 'reformar', usableArea: '75', targetValue: '420.000', condominiumFee: '650', annualTax: '1.500', monthlyRent: '0',
    deal: { strategy: 'revenda', renovationPerSqm: '1.200', worksMonths: '5', sellMonths: '10', targetSalePrice: '540.000', utilitiesMonthly: '200' },
  }),
  // Incorporação: cash land against permuta física of 25 % of the units.
  deal('incorporacao-permuta', 'Florianópolis: incorporação de alto padrão, 24 unidades, permuta física (20 %)', 'alta', {
    city: 'Florianópolis', state: 'SC', propertyType: 'terreno', mainObjective: 'desenvolvimento', purpose: ['desenvolvimento'],
    targetValue: '3.000.000', totalArea: '1.200',
    development: { units: '24', privateAreaPerUnit: '75', pricePerSqm: '19.000', landDeal: 'permuta-fisica', landDealShare: '20', worksMonths: '24', salesMonths: '24' },
  }),
  deal('incorporacao-dinheiro', 'São Paulo: incorporação de 40 unidades com terreno à vista', 'baixa', {
    city: 'São Paulo', state: 'SP', propertyType: 'terreno', mainObjective: 'desenvolvimento', purpose: ['desenvolvimento'],
    targetValue: '4.500.000', totalArea: '1.500',
    development: { units: '40', privateAreaPerUnit: '70' },
  }),
  // Commercial unit let to a company, owned by an individual and by a company (lucro presumido).
  deal('sala-pf', 'São Paulo: sala comercial alugada, dono pessoa física', 'moderada', {
    city: 'São Paulo', state: 'SP', propertyType: 'sala', purpose: ['comercial', 'investimento'], usableArea: '60', targetValue: '420.000', monthlyRent: '5.200', condominiumFee: '900', annualTax: '2.400',
    deal: { strategy: 'aluguel', ownerType: 'pf' },
  }),
  deal('sala-pj', 'São Paulo: a mesma sala, dona uma empresa no lucro presumido', 'moderada', {
    city: 'São Paulo', state: 'SP', propertyType: 'sala', purpose: ['comercial', 'investimento'], usableArea: '60', targetValue: '420.000', monthlyRent: '5.200', condominiumFee: '900', annualTax: '2.400',
    deal: { strategy: 'aluguel', ownerType: 'pj' },
  }),
];

const HURDLE_BASIS = { 'after-tax': 'após impostos', 'pre-tax': 'antes do IR' } as const;

/** The primary IRR the verdict judges: the development's project IRR, else the acquisition's (unlevered). */
export function primaryIrr(r: AnalysisResult): number | null {
  return r.development ? (r.development.irr.value ?? null) : (r.financial?.irr.value ?? null);
}

/** One line: why the verdict is what it is. */
export function verdictReason(r: AnalysisResult): string {
  if (r.score.cap?.reasons.length) return r.score.cap.reasons[0]!;
  const irr = primaryIrr(r);
  const h = r.hurdle;
  const loan = r.financial?.loanEffect && !r.financial.loanEffect.decisive ? ' Financiamento: não muda o veredito do imóvel.' : '';
  if (irr !== null && h) return `TIR ${formatPercent(irr)} contra TMA ${formatPercent(h.value)} (${HURDLE_BASIS[h.basis]}); nota ${r.score.value.toLocaleString('pt-BR')}.${loan}`;
  return r.score.label;
}
