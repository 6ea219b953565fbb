import type { Figure, Insight, TechnicalResult } from '@viabiliza/contracts/analysis-result';
import { CONDITION_LABELS, FEATURE_LABELS, PROPERTY_TYPE_LABELS, type Questionnaire } from '@viabiliza/contracts/questionnaire';
import { bySeverity } from './legal.ts';
import { formatNumber } from './report.ts';
import { questionnaireSource, resolveAreas } from './resolve-inputs.ts';
import type { EngineDocument } from './types.ts';

/** Units in a building: their total area (private + common) must cover the built and usable ones. */
const UNIT_TYPES = new Set(['apartamento', 'cobertura', 'sala']);

function areaText(f: Figure): string {
  return `${f.label.toLowerCase()} ${formatNumber(f.value ?? 0)} m²`;
}

/**
 * Area consistency (usable ≤ built ≤ total), condition and features. For a plot the built area
 * is what is planned, so it is compared with the land as a floor-area ratio instead.
 */
export function computeTechnical(q: Questionnaire, docs: readonly EngineDocument[]): TechnicalResult {
  const areas = resolveAreas(q, docs);
  const { usable, built, total } = areas;
  const findings: Insight[] = [];
  const isLand = q.propertyType === 'terreno';
  const checks: { small: Figure; large: Figure; hard: boolean }[] = [];
  if (!isLand) {
    if (usable && built) checks.push({ small: usable, large: built, hard: true });
    if (usable && total) checks.push({ small: usable, large: total, hard: true });
    // A house's 'total' is often its plot: more than one floor makes built > total legitimate.
    if (built && total) checks.push({ small: built, large: total, hard: !q.propertyType || UNIT_TYPES.has(q.propertyType) });
  }
  let areaConsistent: boolean | null = checks.length > 0 ? true : null;
  for (const { small, large, hard } of checks) {
    if ((small.value ?? 0) <= (large.value ?? 0)) continue;
    if (hard) {
      areaConsistent = false;
      findings.push({
        id: `technical-area-${small.id}-${large.id}`,
        severity: 'media',
        title: 'Áreas inconsistentes',
        detail: `A ${areaText(small)} é maior que a ${areaText(large)}: confira as medidas na matrícula e na planta.`,
        sources: [small.source, large.source],
      });
    } else {
      findings.push({
        id: `technical-area-pavimentos`,
        severity: 'baixa',
        title: 'Área construída maior que a área total',
        detail: `A ${areaText(small)} supera a ${areaText(large)}: normal em imóveis de mais de um pavimento; confirme se a área total informada é a do terreno.`,
        sources: [small.source, large.source],
      });
    }
  }
  if (isLand && built?.value && total?.value) {
    const ratio = built.value / total.value;
    findings.push({
      id: 'technical-coeficiente',
      severity: ratio > 4 ? 'media' : 'baixa',
      title: 'Coeficiente de aproveitamento a confirmar',
      detail: `A área construída planejada (${formatNumber(built.value)} m²) equivale a ${formatNumber(ratio)} vezes a área do terreno (${formatNumber(total.value)} m²): confirme o coeficiente de aproveitamento, a taxa de ocupação e os recuos permitidos pelo plano diretor.`,
      sources: [built.source, total.source],
    });
  }
  if (!usable && !built && !total) {
    findings.push({
      id: 'technical-sem-area',
      severity: 'media',
      title: 'Áreas não informadas',
      detail: 'Sem área no questionário nem nos documentos: os valores por m² não podem ser calculados.',
      sources: [],
    });
  }
  if (q.condition === 'reformar') {
    findings.push({
      id: 'technical-reforma',
      severity: 'media',
      title: 'Imóvel precisa de reforma',
      detail: 'Orce a reforma com um profissional e inclua o custo e o prazo na análise antes de fechar o preço.',
      sources: [questionnaireSource('condition')],
    });
  } else if (q.condition === 'regular') {
    findings.push({
      id: 'technical-regular',
      severity: 'baixa',
      title: 'Estado de conservação regular',
      detail: 'Preveja manutenção corretiva no primeiro ano; uma vistoria técnica reduz a incerteza.',
      sources: [questionnaireSource('condition')],
    });
  }
  if (!isLand && !q.condition && q.propertyType) {
    findings.push({
      id: 'technical-sem-estado',
      severity: 'baixa',
      title: 'Estado de conservação não informado',
      detail: `Informe o estado de conservação do imóvel (${PROPERTY_TYPE_LABELS[q.propertyType].toLowerCase()}) para ajustar a faixa de valor.`,
      sources: [],
    });
  }
  return {
    areas: { total, built, usable },
    areaConsistent,
    condition: q.condition ? CONDITION_LABELS[q.condition] : null,
    features: (q.features ?? []).map((f) => FEATURE_LABELS[f] ?? f),
    findings: bySeverity(findings),
  };
}
