import type { ReferenceRow } from '../reference-data.ts';

/*
 * Loan rules (issue 17, item 4): LTV by amortisation system, TR, MIP/DFI insurance, the bank's
 * monthly fee and the commercial-credit estimate. Append-only like the rest of the dataset.
 */

/** Month these rows were compiled and checked against their sources. */
const COMPILED = '2026-01';

const PRESS_LTV = 'reportagens na imprensa (g1, via Canal Meio; e outras) sobre as regras do SBPE da Caixa';
const BCB_TR = 'Banco Central do Brasil, Comunicado';
const MIP_TABLE =
  'Marinha do Brasil/CCCPM, tabela do seguro habitacional (Too Seguros), Res. BACEN 3.811/2009 — uma seguradora e um programa; estimativa';
const COMMERCIAL =
  'estimativa da Viabiliza: não há tabela pública única de crédito imobiliário comercial; as linhas variam por banco e perfil';

/** MIP monthly rate per age band (fraction of the balance per month), Too Seguros column. */
export const MIP_BANDS: readonly { minAge: number; maxAge: number; rowId: string }[] = [
  { minAge: 18, maxAge: 25, rowId: 'mip-18-25' },
  { minAge: 26, maxAge: 30, rowId: 'mip-26-30' },
  { minAge: 31, maxAge: 35, rowId: 'mip-31-35' },
  { minAge: 36, maxAge: 40, rowId: 'mip-36-40' },
  { minAge: 41, maxAge: 45, rowId: 'mip-41-45' },
  { minAge: 46, maxAge: 50, rowId: 'mip-46-50' },
  { minAge: 51, maxAge: 55, rowId: 'mip-51-55' },
  { minAge: 56, maxAge: 60, rowId: 'mip-56-60' },
  { minAge: 61, maxAge: 65, rowId: 'mip-61-65' },
  { minAge: 66, maxAge: 80, rowId: 'mip-66-80' },
];

const MIP_RATES: Record<string, number> = {
  'mip-18-25': 0.00022866,
  'mip-26-30': 0.00029256,
  'mip-31-35': 0.00028933,
  'mip-36-40': 0.00030896,
  'mip-41-45': 0.00032617,
  'mip-46-50': 0.00034423,
  'mip-51-55': 0.00037127,
  'mip-56-60': 0.00039172,
  'mip-61-65': 0.00040322,
  'mip-66-80': 0.00043928,
};

export const FINANCING_ROWS: readonly ReferenceRow[] = [
  // LTV by amortisation system (Caixa SBPE, the largest lender; other banks differ).
  { id: 'ltv-sac-2024-11', series: 'ltv-sac', label: 'Caixa SBPE: cota máxima no SAC (70% do valor, imóveis até R$ 1,5 mi)', value: 0.7, unit: 'fraction', asOf: '2024-11', source: PRESS_LTV, uncertain: false },
  { id: 'ltv-sac-2025-10', series: 'ltv-sac', label: 'Caixa SBPE: cota máxima no SAC (80% do valor)', value: 0.8, unit: 'fraction', asOf: '2025-10', source: 'reportagens na imprensa', uncertain: false },
  { id: 'ltv-price-2024-11', series: 'ltv-price', label: 'Caixa SBPE: cota máxima na Price (50% do valor)', value: 0.5, unit: 'fraction', asOf: '2024-11', source: PRESS_LTV, uncertain: true, note: 'Cota da Price reportada de forma divergente (50% em nov/2024, 70% em out/2025): confirme com o banco.' },
  { id: 'ltv-price-2025-10', series: 'ltv-price', label: 'Caixa SBPE: cota máxima na Price (70% do valor)', value: 0.7, unit: 'fraction', asOf: '2025-10', source: 'reportagens na imprensa', uncertain: true, note: 'Cota da Price reportada de forma divergente (50% em nov/2024, 70% em out/2025): confirme com o banco.' },
  // TR (monthly, for the period starting on the date; SGS 226 refreshes it where the server can reach it).
  { id: 'tr-2025-02-26', series: 'tr', label: 'TR (ao mês), período de 26/02/2025 a 26/03/2025', value: 0.00075, unit: 'fraction', asOf: '2025-02-26', source: `${BCB_TR} 42.886 de 27/02/2025`, uncertain: false },
  { id: 'tr-2025-03-18', series: 'tr', label: 'TR (ao mês), período de 18/03/2025 a 18/04/2025', value: 0.001739, unit: 'fraction', asOf: '2025-03-18', source: `${BCB_TR} 42.961 de 19/03/2025`, uncertain: false },
  { id: 'tr-2025-04-30', series: 'tr', label: 'TR (ao mês), período de 30/04/2025 a 30/05/2025', value: 0.001711, unit: 'fraction', asOf: '2025-04-30', source: `${BCB_TR} 43.136 de 02/05/2025`, uncertain: false, note: 'Com a Selic alta a TR voltou a ser positiva (era 0 em 2021); projetada constante no último valor publicado.' },
  // Insurance and the bank's monthly fee.
  ...MIP_BANDS.map(
    (b): ReferenceRow => ({
      id: b.rowId,
      series: 'mip-taxa',
      label: `Seguro MIP (ao mês, sobre o saldo devedor), ${b.minAge} a ${b.maxAge} anos`,
      value: MIP_RATES[b.rowId]!,
      unit: 'fraction',
      asOf: COMPILED,
      source: MIP_TABLE,
      uncertain: true,
      note: 'Taxa típica (estimativa): cada banco e seguradora tem a sua tabela.',
    }),
  ),
  { id: 'dfi-taxa', series: 'dfi-taxa', label: 'Seguro DFI (ao mês, sobre o valor do imóvel)', value: 0.00004684, unit: 'fraction', asOf: COMPILED, source: MIP_TABLE, uncertain: true, note: 'Taxa típica (estimativa): cada banco e seguradora tem a sua tabela.' },
  { id: 'tarifa-administracao-caixa', series: 'tarifa-administracao', label: 'Tarifa mensal de administração do contrato (Caixa)', value: 25, unit: 'BRL/mes', asOf: COMPILED, source: 'Caixa, tarifa de administração reportada na imprensa', uncertain: true, note: 'Valor típico: confirme no contrato do banco.' },
  // Commercial real-estate credit (galpão, sala, loja, terreno): an estimate, said so.
  { id: 'credito-comercial-ltv', series: 'credito-comercial-ltv', label: 'Crédito imobiliário comercial: cota típica (60% do valor)', value: 0.6, unit: 'fraction', asOf: COMPILED, source: COMMERCIAL, uncertain: true, note: 'Estimativa: imóvel comercial não entra no SFH; cota, taxa e prazo dependem do banco.' },
  { id: 'credito-comercial-taxa', series: 'credito-comercial-taxa', label: 'Crédito imobiliário comercial: taxa típica (a.a., mais TR)', value: 0.14, unit: 'fraction', asOf: COMPILED, source: COMMERCIAL, uncertain: true, note: 'Estimativa: acima do teto de 12% a.a. do SFH, que não se aplica a imóvel comercial.' },
  { id: 'credito-comercial-prazo', series: 'credito-comercial-prazo', label: 'Crédito imobiliário comercial: prazo típico (meses)', value: 120, unit: 'months', asOf: COMPILED, source: COMMERCIAL, uncertain: true, note: 'Estimativa: prazos comerciais são bem menores que os 360–420 meses do habitacional.' },
];
