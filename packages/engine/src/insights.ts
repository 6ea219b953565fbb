import type {
  AnalysisResult,
  DevelopmentResult,
  EnvironmentalResult,
  FigureSource,
  FinancialResult,
  Insight,
  LegalResult,
  MarketResult,
  TechnicalResult,
} from '@viabiliza/contracts/analysis-result';
import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import { activeLiens, bySeverity } from './legal.ts';
import { lookupGeneric, referenceSource, type ReferenceRow } from './reference-data.ts';
import { formatMoney, formatPercent } from './report.ts';
import type { ResolvedInputs } from './types.ts';

export interface InsightParts {
  questionnaire: Questionnaire;
  inputs: ResolvedInputs;
  financial: FinancialResult | null;
  development: DevelopmentResult | null;
  market: MarketResult | null;
  legal: LegalResult | null;
  technical: TechnicalResult | null;
  environmental: EnvironmentalResult | null;
  completeness: AnalysisResult['completeness'];
  /** Reference gross yield used for comparison (FipeZAP). */
  referenceYield: ReferenceRow | null;
  /** ISO date of the analysis, for reference lookups. */
  asOf?: string;
}

export interface Insights {
  risks: Insight[];
  opportunities: Insight[];
  recommendations: Insight[];
}

function discountName(inputs: ResolvedInputs): string {
  const s = inputs.assumptions.discountRateAnnual.source;
  if (s.kind === 'reference' && s.referenceId.startsWith('selic')) return 'a Selic';
  // The hurdle by purpose (hurdle.ts): a long bond after tax plus a premium.
  if (s.kind === 'reference' && s.referenceId.startsWith('tesouro')) return 'a TMA (Tesouro após impostos + prêmio)';
  return 'a taxa de desconto';
}

function financialInsights(p: InsightParts, out: Insights): void {
  const f = p.financial;
  if (!f) return;
  const disc = p.inputs.assumptions.discountRateAnnual;
  const irr = f.irr.value;
  if (irr !== null && !p.development) {
    if (irr < disc.value) {
      out.risks.push({
        id: 'risk-tir-abaixo-desconto',
        severity: irr < disc.value - 0.05 ? 'alta' : 'media',
        title: `TIR abaixo d${discountName(p.inputs)}`,
        detail: `A TIR estimada (${formatPercent(irr)} a.a.) fica abaixo d${discountName(p.inputs)} (${formatPercent(disc.value)} a.a.): o capital renderia mais aplicado à taxa de referência.`,
        sources: [f.irr.source, disc.source],
      });
    } else {
      out.opportunities.push({
        id: 'opp-tir-acima-desconto',
        severity: irr > disc.value + 0.05 ? 'alta' : 'media',
        title: 'TIR acima da taxa de desconto',
        detail: `A TIR estimada (${formatPercent(irr)} a.a.) supera ${discountName(p.inputs)} (${formatPercent(disc.value)} a.a.).`,
        sources: [f.irr.source, disc.source],
      });
    }
  } else if (irr === null && !p.development && f.npv.value !== null) {
    out.risks.push({
      id: 'risk-tir-indefinida',
      severity: f.npv.value < 0 ? 'alta' : 'media',
      title: 'TIR indefinida',
      detail: `Os fluxos não definem uma TIR${f.mirr.value !== null ? `; a TIR modificada (MTIR) é ${formatPercent(f.mirr.value)} a.a.` : ''}. VPL: ${formatMoney(f.npv.value)}.`,
      sources: [f.irr.source, f.npv.source],
    });
  }
  if (f.cashOnCash.value !== null && f.cashOnCash.value < 0 && !p.development) {
    out.risks.push({
      id: 'risk-caixa-negativo',
      severity: 'media',
      title: 'Fluxo de caixa anual negativo',
      detail: `O retorno sobre o capital próprio (cash-on-cash) é ${formatPercent(f.cashOnCash.value)}: o aluguel líquido não cobre as parcelas e despesas.`,
      sources: [f.cashOnCash.source],
    });
  }
  const ref = p.referenceYield;
  const gy = f.grossYield.value;
  if (ref && gy !== null && !p.development) {
    if (gy >= ref.value * 1.1) {
      out.opportunities.push({
        id: 'opp-yield',
        severity: 'media',
        title: 'Rentabilidade de aluguel acima da referência',
        detail: `O yield bruto (${formatPercent(gy)} a.a.) supera a referência FipeZAP (${formatPercent(ref.value)} a.a.).`,
        sources: [f.grossYield.source, referenceSource(ref)],
      });
    } else if (gy < ref.value * 0.9) {
      out.risks.push({
        id: 'risk-yield',
        severity: 'baixa',
        title: 'Rentabilidade de aluguel abaixo da referência',
        detail: `O yield bruto (${formatPercent(gy)} a.a.) fica abaixo da referência FipeZAP (${formatPercent(ref.value)} a.a.).`,
        sources: [f.grossYield.source, referenceSource(ref)],
      });
    }
  }
  if (f.rentFromReference && !p.development) {
    out.recommendations.push({
      id: 'rec-aluguel-comparaveis',
      severity: 'media',
      title: 'Pesquise aluguéis de imóveis comparáveis',
      detail: 'O aluguel foi estimado pela referência FipeZAP por m²: informe o aluguel real ou pesquise anúncios de imóveis parecidos no mesmo bairro.',
      sources: [f.monthlyRent.source],
    });
  }
  const ceiling = lookupGeneric('sfh-teto', p.asOf);
  const price = p.inputs.price?.value ?? null;
  if (ceiling && price !== null && price > ceiling.value && f.financing) {
    out.risks.push({
      id: 'risk-fora-sfh',
      severity: 'baixa',
      title: 'Valor acima do teto do SFH',
      detail: `O valor (${formatMoney(price)}) passa do teto do SFH (${formatMoney(ceiling.value)}): o financiamento segue as regras do SFI, com taxa livre e sem uso do FGTS.`,
      sources: [p.inputs.price!.source, referenceSource(ceiling)],
    });
  }
}

function developmentInsights(p: InsightParts, out: Insights): void {
  const d = p.development;
  if (!d) return;
  const target = p.inputs.assumptions.targetMargin;
  const margin = d.marginOnVgv.value;
  if (margin !== null) {
    if (margin < target.value) {
      out.risks.push({
        id: 'risk-margem',
        severity: margin < target.value / 2 ? 'alta' : 'media',
        title: 'Margem abaixo da meta',
        detail: `A margem sobre o VGV (${formatPercent(margin)}) fica abaixo da margem-alvo (${formatPercent(target.value)}).`,
        sources: [d.marginOnVgv.source, target.source],
      });
    } else if (margin >= target.value + 0.05) {
      out.opportunities.push({
        id: 'opp-margem',
        severity: 'media',
        title: 'Margem acima da meta',
        detail: `A margem sobre o VGV (${formatPercent(margin)}) supera a margem-alvo (${formatPercent(target.value)}). Confirme o potencial construtivo e os custos antes de contar com ela.`,
        sources: [d.marginOnVgv.source, target.source],
      });
    }
  }
  const land = d.landCost.value;
  const residual = d.residualLandValue.value;
  if (land !== null && residual !== null) {
    if (land > residual) {
      out.risks.push({
        id: 'risk-valor-residual',
        severity: 'alta',
        title: 'Preço do terreno acima do valor residual',
        detail: `O terreno custa ${formatMoney(land)}, acima do valor residual que mantém a margem-alvo (${formatMoney(residual)}).`,
        sources: [d.landCost.source, d.residualLandValue.source],
      });
    } else if (land < residual * 0.9) {
      out.opportunities.push({
        id: 'opp-valor-residual',
        severity: 'media',
        title: 'Preço do terreno abaixo do valor residual',
        detail: `O terreno custa ${formatMoney(land)}; o valor residual para a margem-alvo é ${formatMoney(residual)}.`,
        sources: [d.landCost.source, d.residualLandValue.source],
      });
    }
  }
  const disc = p.inputs.assumptions.discountRateAnnual;
  if (d.irr.value !== null && d.irr.value < disc.value) {
    out.risks.push({
      id: 'risk-tir-empreendimento',
      severity: 'media',
      title: 'TIR do empreendimento abaixo da taxa de desconto',
      detail: `A TIR do empreendimento (${formatPercent(d.irr.value)} a.a.) fica abaixo d${discountName(p.inputs)} (${formatPercent(disc.value)} a.a.).`,
      sources: [d.irr.source, disc.source],
    });
  }
  if (d.peakExposure.value !== null && d.peakExposure.value > 0) {
    out.recommendations.push({
      id: 'rec-funding',
      severity: 'media',
      title: 'Planeje o funding da obra',
      detail: `A exposição máxima de caixa estimada é ${formatMoney(d.peakExposure.value)}: combine capital próprio, permuta e plano empresário antes de lançar.`,
      sources: [d.peakExposure.source],
    });
  }
  out.recommendations.push({
    id: 'rec-potencial-construtivo',
    severity: 'media',
    title: 'Confirme o potencial construtivo',
    detail: 'Peça a consulta prévia de viabilidade / certidão de zoneamento à prefeitura: coeficiente de aproveitamento, gabarito, recuos e outorga onerosa definem a área que pode ser construída.',
    sources: p.inputs.builtArea ? [p.inputs.builtArea.source] : [],
  });
}

function marketInsights(p: InsightParts, out: Insights): void {
  const m = p.market;
  if (!m || m.deviation.value === null) return;
  const d = m.deviation.value;
  const sources: FigureSource[] = [m.askedPricePerSqm.source, m.referencePricePerSqm.source];
  if (m.position === 'abaixo') {
    out.opportunities.push({
      id: 'opp-preco-abaixo',
      severity: d < -0.2 ? 'alta' : 'media',
      title: 'Preço abaixo da referência de mercado',
      detail: `O preço pedido por m² está ${formatPercent(-d, 1)} abaixo da referência FipeZAP. Verifique o motivo (estado, documentação, localização) antes de tratar como desconto.`,
      sources,
    });
  } else if (m.position === 'acima') {
    out.risks.push({
      id: 'risk-preco-acima',
      severity: d > 0.25 ? 'alta' : 'media',
      title: 'Preço acima da referência de mercado',
      detail: `O preço pedido por m² está ${formatPercent(d, 1)} acima da referência FipeZAP: há espaço para negociar ou o imóvel tem diferenciais a comprovar.`,
      sources,
    });
    out.recommendations.push({
      id: 'rec-negociar',
      severity: 'media',
      title: 'Negocie com base nos comparáveis',
      detail: 'Reúna anúncios e vendas recentes de imóveis parecidos no bairro para sustentar uma contraproposta.',
      sources,
    });
  }
}

const DOC_RECOMMENDATIONS: Record<string, { title: string; detail: string; severity: Insight['severity'] }> = {
  matricula: {
    title: 'Solicite a matrícula atualizada no cartório de registro de imóveis',
    detail: 'A certidão de inteiro teor da matrícula, emitida há menos de 30 dias, mostra o proprietário atual, as áreas e os ônus.',
    severity: 'alta',
  },
  'certidao-negativa': {
    title: 'Solicite a certidão negativa de ônus reais',
    detail: 'Peça também as certidões de ações reais e pessoais reipersecutórias e as certidões pessoais dos vendedores (cíveis, fiscais e trabalhistas).',
    severity: 'media',
  },
  iptu: {
    title: 'Solicite o carnê do IPTU e a certidão de débitos municipais',
    detail: 'Confirme a inscrição imobiliária, o valor venal e a ausência de débitos de IPTU.',
    severity: 'baixa',
  },
  'habite-se': {
    title: 'Confirme o habite-se e a averbação da construção',
    detail: 'Sem habite-se e averbação na matrícula, a construção não está regularizada e o financiamento pode ser recusado.',
    severity: 'media',
  },
  escritura: {
    title: 'Obtenha a escritura ou o título aquisitivo do vendedor',
    detail: 'Confira se o título do vendedor está registrado na matrícula.',
    severity: 'baixa',
  },
};

function legalInsights(p: InsightParts, out: Insights): void {
  const l = p.legal;
  if (!l) return;
  for (const f of activeLiens(l.findings)) out.risks.push({ ...f, id: `risk-${f.id}` });
  for (const f of l.findings) {
    if (f.id.startsWith('legal-area') || f.id.startsWith('legal-endereco') || f.id.startsWith('legal-cep') || f.id.startsWith('legal-status')) {
      out.risks.push({ ...f, id: `risk-${f.id}` });
    }
  }
  if (l.findings.some((f) => f.id.startsWith('legal-area') || f.id.startsWith('legal-endereco') || f.id.startsWith('legal-cep'))) {
    out.recommendations.push({
      id: 'rec-divergencias',
      severity: 'media',
      title: 'Esclareça as divergências entre questionário e documentos',
      detail: 'Áreas, endereços ou CEPs diferentes podem indicar documento de outro imóvel, construção não averbada ou erro de cadastro: corrija antes da escritura.',
      sources: l.findings.filter((f) => /^legal-(area|endereco|cep)/.test(f.id)).flatMap((f) => f.sources),
    });
  }
  if (activeLiens(l.findings).length > 0) {
    out.recommendations.push({
      id: 'rec-onus',
      severity: 'alta',
      title: 'Exija a baixa dos ônus antes ou na escritura',
      detail: 'Condicione o pagamento ao cancelamento dos ônus ativos (quitação e averbação do cancelamento na matrícula).',
      sources: activeLiens(l.findings).flatMap((f) => f.sources),
    });
  }
  const isLand = p.questionnaire.propertyType === 'terreno';
  for (const item of l.checklist) {
    const rec = DOC_RECOMMENDATIONS[item.id];
    if (!rec || item.status === 'presente') continue;
    if (item.id === 'habite-se' && isLand) continue;
    out.recommendations.push({
      id: `rec-doc-${item.id}`,
      severity: item.status === 'ausente' ? rec.severity : 'baixa',
      title: rec.title,
      detail: item.status === 'declarado' ? `${item.label} marcada como disponível no questionário, mas não enviada: envie o documento para que seja lido. ${rec.detail}` : rec.detail,
      sources: item.sources,
    });
  }
}

function technicalInsights(p: InsightParts, out: Insights): void {
  const t = p.technical;
  if (!t) return;
  for (const f of t.findings) {
    if (f.severity !== 'baixa' && f.id !== 'technical-coeficiente') out.risks.push({ ...f, id: `risk-${f.id}` });
  }
  if (t.condition && p.questionnaire.condition === 'reformar') {
    out.recommendations.push({
      id: 'rec-vistoria',
      severity: 'media',
      title: 'Contrate uma vistoria técnica',
      detail: 'Um laudo de vistoria com orçamento da reforma evita surpresas de custo e prazo.',
      sources: t.findings.filter((f) => f.id === 'technical-reforma').flatMap((f) => f.sources),
    });
  }
}

function environmentalInsights(p: InsightParts, out: Insights): void {
  const e = p.environmental;
  if (!e) return;
  for (const f of e.findings) if (f.severity !== 'baixa') out.risks.push({ ...f, id: `risk-${f.id}` });
  if (!e.conclusive && e.missing.length > 0) {
    out.recommendations.push({
      id: 'rec-ambiental',
      severity: e.findings.some((f) => f.severity === 'alta') ? 'alta' : 'media',
      title: 'Complete a verificação ambiental',
      detail: `Para concluir a análise ambiental, obtenha: ${e.missing.join('; ')}.`,
      sources: [],
    });
  }
}

function assumptionInsights(p: InsightParts, out: Insights): void {
  if (!p.financial && !p.development) return;
  const a = p.inputs.assumptions;
  const itbi = a.itbiRate.source;
  if (itbi.kind === 'reference' && itbi.uncertain) {
    out.recommendations.push({
      id: 'rec-itbi',
      severity: 'baixa',
      title: `Confirme a alíquota de ITBI${p.inputs.city ? ` em ${p.inputs.city}` : ''}`,
      detail: `Foi usada a alíquota típica de ${formatPercent(a.itbiRate.value)}; a alíquota e a base de cálculo (valor declarado da transação, STJ Tema 1113) são definidas pela prefeitura.`,
      sources: [itbi],
    });
  }
  // The acquisition's notary figure says what was used: a state table (possibly read from a
  // secondary copy) or the % estimate; the assumption alone would say '1,5 %' for both.
  const notaryFigure = p.financial?.notary;
  const notary = notaryFigure?.value != null ? notaryFigure.source : a.notaryRate.source;
  if (notary.kind === 'reference' && notary.uncertain) {
    const estimate = a.notaryRate.source;
    const tableValue = notaryFigure?.value != null && !(estimate.kind === 'reference' && estimate.referenceId === notary.referenceId) ? notaryFigure.value : null;
    out.recommendations.push({
      id: 'rec-cartorio',
      severity: 'baixa',
      title: 'Peça o orçamento de escritura e registro',
      detail: tableValue !== null
        ? `Foram usados ${formatMoney(tableValue)} pelas tabelas de emolumentos do estado (${notary.label}), ainda não confirmadas na fonte oficial; o valor final depende do cartório e do ISS do município.`
        : `Foi usado ${formatPercent(a.notaryRate.value)} do valor; os emolumentos seguem a tabela do estado mais ISS municipal.`,
      sources: [notary],
    });
  }
  if (p.financial?.financing && !a.financingRateAnnual.overridden) {
    out.recommendations.push({
      id: 'rec-taxa-banco',
      severity: 'baixa',
      title: 'Simule o financiamento com o banco',
      detail: `A taxa usada (${formatPercent(a.financingRateAnnual.value)} a.a.) é o teto do SFH; a taxa efetiva depende do banco e do perfil do comprador.`,
      sources: [a.financingRateAnnual.source],
    });
  }
}

/** Risks, opportunities and recommendations from every computed part, most severe first. */
export function buildInsights(p: InsightParts): Insights {
  const out: Insights = { risks: [], opportunities: [], recommendations: [] };
  financialInsights(p, out);
  developmentInsights(p, out);
  marketInsights(p, out);
  legalInsights(p, out);
  technicalInsights(p, out);
  environmentalInsights(p, out);
  assumptionInsights(p, out);
  if (p.completeness.percent < 70 && p.completeness.missing.length > 0) {
    out.recommendations.push({
      id: 'rec-completude',
      severity: 'media',
      title: 'Complete os dados da análise',
      detail: `Faltam: ${p.completeness.missing.join('; ')}.`,
      sources: [],
    });
  }
  const dedupe = (list: Insight[]) => list.filter((item, i) => list.findIndex((x) => x.id === item.id) === i);
  return {
    risks: bySeverity(dedupe(out.risks)),
    opportunities: bySeverity(dedupe(out.opportunities)),
    recommendations: bySeverity(dedupe(out.recommendations)),
  };
}
