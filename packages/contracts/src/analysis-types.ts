/**
 * The analysis types and their labels, without zod: the public pages state them, and importing
 * analysis.ts (schemas) would make every visitor download zod to read a list. analysis.ts re-exports
 * all of this.
 */

/** Analysis types a person can run (spec 01 §3). 'demo' exists only as a label of old rows. */
export const ANALYSIS_TYPES = [
  'complete',
  'viability',
  'financial',
  'investment',
  'market',
  'legal',
  'technical',
  'environmental',
  'quick',
] as const;

export const ANALYSIS_TYPE_LABELS: Record<string, string> = {
  technical: 'Técnica',
  environmental: 'Ambiental',
  legal: 'Jurídica',
  financial: 'Financeira',
  complete: 'Completa',
  demo: 'Demonstração',
  quick: 'Rápida',
  viability: 'Viabilidade',
  market: 'Mercado',
  investment: 'Investimento',
};

/** An unknown type shows its raw value (spec 01 §3). */
export function analysisTypeLabel(type: string): string {
  return ANALYSIS_TYPE_LABELS[type] ?? type;
}

export const ANALYSIS_TYPE_DESCRIPTIONS: Record<(typeof ANALYSIS_TYPES)[number], string> = {
  complete: 'Todas as dimensões: financeira, mercado, jurídica, técnica e ambiental, com pontuação de viabilidade.',
  viability: 'Viabilidade do negócio: custos, retorno, mercado e riscos principais.',
  financial: 'Custo total de aquisição, financiamento SAC e Price, fluxo de caixa, VPL, TIR e payback.',
  investment: 'Rentabilidade para investidor: yield bruto e líquido, cap rate, cash-on-cash e cenário de saída.',
  market: 'Preço pedido por m² contra a referência da cidade e faixa de valor estimada.',
  legal: 'Checklist documental, situação legal e achados nos documentos (ônus, restrições, divergências).',
  technical: 'Consistência de áreas, estado de conservação e características do imóvel.',
  environmental: 'Achados ambientais nos documentos (APP, manancial, contaminação, licenças) e o que falta para concluir.',
  quick: 'Resumo curto com a pontuação e os números principais.',
};
