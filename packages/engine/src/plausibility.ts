import type { ImplausibleInput } from '@viabiliza/contracts/result/hurdle';
import { QUESTIONNAIRE_FIELD_LABELS, type Questionnaire } from '@viabiliza/contracts/questionnaire';
import { formatMoney, formatPercent } from './report.ts';
import type { ResolvedInputs } from './types.ts';

/*
 * Inputs that no Brazilian market explains: flagged with the field's name so the person can fix a
 * typo (a missing zero, a price typed for the wrong area) before trusting the verdict. Bounds:
 * - price per m² above R$ 60 mil (the dearest Brazilian addresses ask about half of it: FipeZAP's
 *   highest city average is under R$ 12 mil/m²) or, for a built unit, below R$ 300/m²;
 * - a monthly rent above 5 % of the price (a gross yield over 60 % a year);
 * - a yearly IPTU above 5 % of the price.
 */
export const MAX_PRICE_PER_SQM = 60_000;
export const MIN_BUILT_PRICE_PER_SQM = 300;
export const MAX_RENT_SHARE = 0.05;
export const MAX_IPTU_SHARE = 0.05;

const BUILT = new Set(['casa', 'apartamento', 'cobertura', 'sala', 'comercial']);

function areaField(q: Questionnaire): 'usableArea' | 'builtArea' | 'totalArea' {
  if (q.propertyType !== 'terreno' && q.usableArea?.trim()) return 'usableArea';
  if (q.propertyType !== 'terreno' && q.builtArea?.trim()) return 'builtArea';
  return 'totalArea';
}

export function implausibleInputs(q: Questionnaire, inputs: ResolvedInputs): ImplausibleInput[] {
  const out: ImplausibleInput[] = [];
  const price = inputs.price?.value ?? null;
  const area = inputs.area?.value ?? null;
  const priceLabel = QUESTIONNAIRE_FIELD_LABELS.targetValue;
  if (price !== null && price > 0 && area !== null && area > 0) {
    const perSqm = price / area;
    const aLabel = QUESTIONNAIRE_FIELD_LABELS[areaField(q)];
    const fmt = (v: number) => `${formatMoney(v).replace(/,\d{2}$/, '')}/m²`;
    if (perSqm > MAX_PRICE_PER_SQM) {
      out.push({
        field: 'targetValue',
        label: `${priceLabel} / ${aLabel}`,
        message: `Valor implausível: ${formatMoney(price)} por ${area.toLocaleString('pt-BR')} m² dá ${fmt(perSqm)}, acima de ${fmt(MAX_PRICE_PER_SQM)}; confira os campos "${priceLabel}" e "${aLabel}".`,
      });
    } else if (perSqm < MIN_BUILT_PRICE_PER_SQM && q.propertyType && BUILT.has(q.propertyType)) {
      out.push({
        field: 'targetValue',
        label: `${priceLabel} / ${aLabel}`,
        message: `Valor implausível: ${formatMoney(price)} por ${area.toLocaleString('pt-BR')} m² dá ${fmt(perSqm)}, abaixo de ${fmt(MIN_BUILT_PRICE_PER_SQM)} para um imóvel construído; confira os campos "${priceLabel}" e "${aLabel}".`,
      });
    }
  }
  const rent = inputs.monthlyRent?.value ?? null;
  if (price !== null && price > 0 && rent !== null && rent > MAX_RENT_SHARE * price) {
    const label = QUESTIONNAIRE_FIELD_LABELS.monthlyRent;
    out.push({
      field: 'monthlyRent',
      label,
      message: `Valor implausível em "${label}": ${formatMoney(rent)} por mês é ${formatPercent(rent / price, 1)} do valor do imóvel (acima de ${formatPercent(MAX_RENT_SHARE, 0)} ao mês); confira o aluguel e o valor.`,
    });
  }
  const iptu = inputs.annualTax?.value ?? null;
  if (price !== null && price > 0 && iptu !== null && iptu > MAX_IPTU_SHARE * price) {
    const label = QUESTIONNAIRE_FIELD_LABELS.annualTax;
    out.push({
      field: 'annualTax',
      label,
      message: `Valor implausível em "${label}": ${formatMoney(iptu)} por ano é ${formatPercent(iptu / price, 1)} do valor do imóvel; confira se é o valor anual.`,
    });
  }
  return out;
}
