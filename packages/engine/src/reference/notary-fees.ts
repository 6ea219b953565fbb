import type { ReferenceRow } from '../reference-data.ts';

/*
 * Notary (escritura, tabelionato de notas) and registry (registro de imóveis) fees by state: the state
 * fee tables of Lei 10.169/2000, bracketed by the deed's value. Each table is dated and sourced; a
 * table older than its year, or read from a secondary copy, is `uncertain`. Where a state (or one of
 * the two acts) has no table here, the fee is the configurable estimate (`notaryRate` × value) and
 * says so ('estimativa'). Only brackets actually read from a source are shipped: above a table's last
 * bracket the estimate covers the deed (never extrapolated).
 *
 * Shipped tables (compilation of 2026-11-27; the official PDFs could not be opened from here, so the
 * 2026 tables are read from public transcriptions that agree with each other, hence `uncertain`):
 * - SP, escritura 2026: Tabela I do Tabelionato de Notas (CNB/SP, Lei 11.331/2002), in force from
 *   08/01/2026 (UFESP R$ 38,42), item 1 «escritura com valor declarado», the buyer's total WITH ISS of
 *   5 % (the highest in the state; cities with a lower ISS pay a little less). 32 brackets, the last
 *   open. A second, independent transcription has the same 32 brackets and the same tabelião share
 *   of bracket l (R$ 2.486,77).
 * - SP, registro 2026: Tabela II dos Ofícios de Registro de Imóveis (ARISP), same date, item 1
 *   «registro com valor declarado», total WITH ISS of 5 %; 26 brackets up to R$ 19.210.000 (two other
 *   copies, without ISS, match every one of them once the 5 % ISS on the oficial's share is taken
 *   off; the higher brackets are not shipped: the copies disagree on how many there are).
 * - SP, registro 2022: the previous ARISP Tabela II (07/01/2022, UFESP R$ 31,97), no ISS, kept for
 *   analyses dated before 2026.
 * - MG, escritura 2026: Tabela 1 (Lei 15.424/2004), item 4.b «escritura com conteúdo financeiro», as
 *   published by Portaria 8.664/CGJ/2025 (TJMG, in force from 01/01/2026): valor final ao usuário =
 *   emolumentos + Taxa de Fiscalização Judiciária, no ISS. 23 brackets up to R$ 3.200.000.
 * - MG, registro 2026: Tabela 4, item 5.e «registro com conteúdo financeiro», same portaria and
 *   columns; 24 brackets up to R$ 3.700.000 (three transcriptions agree).
 * - DF, registro: Tabela III — serviços de registro de imóveis 2025 (Lei 14.756/2023 federal table
 *   for the DF, Resolução 05 of 18/12/2024, +4,87 %), total with CCRCPN and ISSQN (5 %), as
 *   published by the 2º Ofício de Registro de Imóveis do DF.
 * Not shipped (the estimate is used and flagged):
 * - RJ: only the emolumento column of Tabela 05.1 (registro) could be read; the funds on top of it
 *   (FETJ 20 %, FUNDPERJ, FUNPERJ, FUNARPEN, 2 %) are not in any copy found, so no total; no escritura.
 * - PR: only «somente emolumentos» of Tabela XIII (registro) was found, without FUNREJUS, selo and
 *   ISS; no Tabela XI (escritura).
 * - SC: two 2026 copies of LC 755/2019 (escritura and registro) disagree with each other bracket by
 *   bracket and one does not say whether FRJ and selo are included.
 * - RS: only «somente emolumentos» of the registro table was found (no selo, no escritura table).
 * - every other state, and DF escritura.
 */

export type NotaryAct = 'escritura' | 'registro';

export interface FeeBracket {
  /** Inclusive upper bound of the deed value (BRL); null = no upper bound. */
  upTo: number | null;
  /** What the buyer pays for the act in this bracket (BRL): emolumentos plus the state's custas. */
  fee: number;
}

export interface NotaryFeeTable {
  id: string;
  state: string;
  act: NotaryAct;
  label: string;
  /** ISO date the table took effect. */
  asOf: string;
  source: string;
  law: string;
  uncertain: boolean;
  /** Whether the municipal ISS is inside `fee` (else it is not counted). */
  includesIss: boolean;
  note?: string;
  brackets: readonly FeeBracket[];
}

const SP_REGISTRO_2022: NotaryFeeTable = {
  id: 'registro-sp-2022',
  state: 'SP',
  act: 'registro',
  label: 'Registro de imóveis SP (Tabela II, 2022)',
  asOf: '2022-01-07',
  source: 'ARISP, Tabela II dos Ofícios de Registro de Imóveis, em vigor a partir de 07/01/2022 (UFESP R$ 31,97), cópia publicada em 1library.org',
  law: 'Lei estadual 11.331/2002 (SP); Lei federal 10.169/2000',
  uncertain: true,
  includesIss: false,
  note: 'Tabela de 2022: os valores são corrigidos a cada janeiro pela UFESP; sem ISS municipal. Confirme a tabela do ano no cartório.',
  // Total column (oficial + Estado + carteira + registro civil + Tribunal de Justiça).
  brackets: [
    { upTo: 986, fee: 106.72 },
    { upTo: 2_462, fee: 171.25 },
    { upTo: 4_104, fee: 307.22 },
    { upTo: 8_210, fee: 455.83 },
    { upTo: 16_420, fee: 554.19 },
    { upTo: 49_260, fee: 618.03 },
    { upTo: 82_100, fee: 788.83 },
    { upTo: 98_520, fee: 959.28 },
    { upTo: 114_940, fee: 1_044.33 },
    { upTo: 131_360, fee: 1_129.87 },
    { upTo: 147_780, fee: 1_191.11 },
    { upTo: 164_200, fee: 1_222.16 },
    { upTo: 328_400, fee: 1_362.71 },
    { upTo: 492_600, fee: 1_595.88 },
    { upTo: 656_800, fee: 1_837.24 },
    { upTo: 821_000, fee: 2_078.63 },
    { upTo: 985_200, fee: 2_203.42 },
    { upTo: 1_642_000, fee: 2_827.38 },
    { upTo: 2_463_000, fee: 3_950.51 },
    { upTo: 3_284_000, fee: 5_198.43 },
    { upTo: 4_105_000, fee: 6_446.35 },
    { upTo: 4_926_000, fee: 7_694.27 },
    // Total of bracket w = 5.588,87 + 1.588,42 + 1.176,60 + 294,15 + 294,15 (the copy cuts the total
    // column). Brackets above R$ 5.747.000 were not readable: the estimate covers larger deeds.
    { upTo: 5_747_000, fee: 8_942.19 },
  ],
};

/*
 * SP 2026, escritura: Tabelionato de Notas, item 1 (escritura com valor declarado), total ao usuário
 * com ISS de 5 %. Read from a public transcription of the CNB/SP table in force from 08/01/2026 (it
 * lists, per bracket, the total with 5 % ISS and the tabelião's share); a second transcription (São
 * Paulo capital) has the same 32 brackets and the same tabelião share of bracket l (R$ 2.486,77).
 */
const SP_ESCRITURA_2026: NotaryFeeTable = {
  id: 'escritura-sp-2026',
  state: 'SP',
  act: 'escritura',
  label: 'Escritura SP (Tabelionato de Notas, 2026)',
  asOf: '2026-01-08',
  source:
    'CNB/SP, Tabela I do Tabelionato de Notas, item 1 (escritura com valor declarado), em vigor a partir de 08/01/2026 (UFESP R$ 38,42), versão com ISS de 5 %; cópia transcrita em repositório público no GitHub (tabelas divulgadas pela Anoreg-SP/CNB-SP)',
  law: 'Lei estadual 11.331/2002 (SP); Lei federal 10.169/2000',
  uncertain: true,
  includesIss: true,
  note: 'Tabela de 2026 lida de cópia secundária, total com ISS de 5 % (o maior do estado; onde o ISS é menor, o valor é um pouco menor). Confirme no tabelionato.',
  brackets: [
    { upTo: 1_524, fee: 362.98 },
    { upTo: 5_761, fee: 542.43 },
    { upTo: 9_603, fee: 846.96 },
    { upTo: 19_210, fee: 1_209.95 },
    { upTo: 38_420, fee: 1_635.48 },
    { upTo: 76_840, fee: 1_940.1 },
    { upTo: 115_260, fee: 2_303.08 },
    { upTo: 153_680, fee: 2_728.61 },
    { upTo: 192_100, fee: 3_091.68 },
    { upTo: 230_520, fee: 3_458.8 },
    { upTo: 268_940, fee: 3_880.19 },
    { upTo: 307_360, fee: 4_247.39 },
    { upTo: 330_146, fee: 4_672.93 },
    { upTo: 384_200, fee: 4_973.32 },
    { upTo: 768_400, fee: 5_519.9 },
    { upTo: 1_152_600, fee: 6_129.04 },
    { upTo: 1_536_800, fee: 6_796.6 },
    { upTo: 2_345_066, fee: 7_510.07 },
    { upTo: 3_908_444, fee: 10_430.69 },
    { upTo: 5_862_665, fee: 13_559.85 },
    { upTo: 7_816_887, fee: 16_689.08 },
    { upTo: 9_771_109, fee: 19_818.25 },
    { upTo: 11_725_331, fee: 22_947.4 },
    { upTo: 13_679_552, fee: 26_076.63 },
    { upTo: 15_633_774, fee: 29_205.8 },
    { upTo: 17_587_996, fee: 32_335 },
    { upTo: 19_542_217, fee: 35_464.28 },
    { upTo: 23_450_661, fee: 41_722.67 },
    { upTo: 27_359_105, fee: 47_981.02 },
    { upTo: 31_267_548, fee: 54_239.42 },
    { upTo: 35_175_992, fee: 60_497.77 },
    { upTo: null, fee: 66_756.25 },
  ],
};

/*
 * SP 2026, registro: Tabela II (ARISP), item 1 (registro com valor declarado), total com ISS de 5 %,
 * from the same transcription (total and oficial's share per bracket). Two other transcriptions give
 * the total WITHOUT ISS (oficial + Estado + Sefaz + Registro Civil + TJ + MP): for every bracket below,
 * total − 5 % × oficial equals their figure (e.g. bracket m: 3.383,82 − 5 % × 1.992,82 = 3.284,18).
 * Brackets above R$ 19.210.000 are not shipped: the copies disagree on how many there are.
 */
const SP_REGISTRO_2026: NotaryFeeTable = {
  id: 'registro-sp-2026',
  state: 'SP',
  act: 'registro',
  label: 'Registro de imóveis SP (Tabela II, 2026)',
  asOf: '2026-01-08',
  source:
    'ARISP, Tabela II dos Ofícios de Registro de Imóveis, item 1 (registro com valor declarado), em vigor a partir de 08/01/2026 (UFESP R$ 38,42; arisp.com.br/wp-content/uploads/2026/01/0.pdf), versão com ISS de 5 %; cópias transcritas em repositórios públicos no GitHub, conferidas entre si',
  law: 'Lei estadual 11.331/2002 (SP); Lei federal 10.169/2000',
  uncertain: true,
  includesIss: true,
  note: 'Tabela de 2026 lida de cópias secundárias, total com ISS de 5 % (o maior do estado). Acima de R$ 19.210.000 vale a estimativa. Confirme no cartório.',
  brackets: [
    { upTo: 2_306, fee: 265 },
    { upTo: 5_761, fee: 425.24 },
    { upTo: 9_603, fee: 762.88 },
    { upTo: 19_210, fee: 1_131.9 },
    { upTo: 38_420, fee: 1_376.12 },
    { upTo: 115_260, fee: 1_534.65 },
    { upTo: 192_100, fee: 1_958.77 },
    { upTo: 230_520, fee: 2_382.02 },
    { upTo: 268_940, fee: 2_593.23 },
    { upTo: 307_360, fee: 2_805.64 },
    { upTo: 345_780, fee: 2_957.7 },
    { upTo: 384_200, fee: 3_034.79 },
    { upTo: 768_400, fee: 3_383.82 },
    { upTo: 1_152_600, fee: 3_962.79 },
    { upTo: 1_536_800, fee: 4_562.13 },
    { upTo: 1_921_000, fee: 5_161.52 },
    { upTo: 2_305_200, fee: 5_471.41 },
    { upTo: 3_842_000, fee: 7_020.8 },
    { upTo: 5_763_000, fee: 9_809.68 },
    { upTo: 7_684_000, fee: 12_908.44 },
    { upTo: 9_605_000, fee: 16_007.2 },
    { upTo: 11_526_000, fee: 19_105.97 },
    { upTo: 13_447_000, fee: 22_204.73 },
    { upTo: 15_368_000, fee: 25_303.49 },
    { upTo: 17_289_000, fee: 28_402.25 },
    { upTo: 19_210_000, fee: 31_501.02 },
  ],
};

/*
 * MG 2026: the Tabela 1 item 4.b (escritura) and Tabela 4 item 5.e (registro) have the same brackets
 * and values (Portaria 8.664/CGJ/2025). Fee = the table's «valor final ao usuário» = emolumentos +
 * TFJ (e.g. up to R$ 1.400: 159,20 + 61,35 = 220,55). Read from a transcription of the portaria with
 * the three columns; a second (Juiz de Fora) gives the same emolumentos and TFJ for Tabela 4 plus the
 * row up to R$ 3.700.000 (8.133,92 + 4.673,83 = 12.807,75: the first R$ 500 mil above R$ 3,2 mi,
 * Nota XVII); a third gives the same valor final. Above the last bracket each further R$ 500 mil adds
 * to the fee (Nota XXV/XVII): not shipped, the estimate covers it.
 */
const MG_SOURCE =
  'TJMG, Portaria 8.664/CGJ/2025 (DJe 18/12/2025), tabelas da Lei 15.424/2004 em vigor a partir de 01/01/2026 (www8.tjmg.jus.br/institucional/at/pdf/cpo86642025.pdf), colunas emolumentos, TFJ e valor final; cópias transcritas em repositórios públicos no GitHub, conferidas entre si';
const MG_LAW = 'Lei estadual 15.424/2004 (MG); Lei federal 10.169/2000';
const MG_NOTE = 'Tabela de 2026 lida de cópias secundárias; valor final ao usuário (emolumentos + Taxa de Fiscalização Judiciária), sem o ISS municipal que alguns municípios acrescem. Confirme no cartório.';
const MG_BRACKETS_2026: readonly FeeBracket[] = [
  { upTo: 1_400, fee: 220.55 },
  { upTo: 2_720, fee: 359.76 },
  { upTo: 5_440, fee: 521.35 },
  { upTo: 7_000, fee: 721.75 },
  { upTo: 14_000, fee: 962.47 },
  { upTo: 28_000, fee: 1_243.47 },
  { upTo: 42_000, fee: 1_564.07 },
  { upTo: 56_000, fee: 1_925.31 },
  { upTo: 70_000, fee: 2_326.51 },
  { upTo: 105_000, fee: 2_928.06 },
  { upTo: 140_000, fee: 3_721.52 },
  { upTo: 175_000, fee: 3_979.69 },
  { upTo: 210_000, fee: 4_238.32 },
  { upTo: 280_000, fee: 4_772.07 },
  { upTo: 350_000, fee: 4_903.53 },
  { upTo: 420_000, fee: 5_035.59 },
  { upTo: 560_000, fee: 5_523.14 },
  { upTo: 700_000, fee: 5_826.7 },
  { upTo: 840_000, fee: 6_130.87 },
  { upTo: 1_120_000, fee: 6_866.53 },
  { upTo: 1_400_000, fee: 7_437.64 },
  { upTo: 1_680_000, fee: 8_009.72 },
  { upTo: 3_200_000, fee: 8_582.97 },
];

const MG_ESCRITURA_2026: NotaryFeeTable = {
  id: 'escritura-mg-2026',
  state: 'MG',
  act: 'escritura',
  label: 'Escritura MG (Tabela 1, 2026)',
  asOf: '2026-01-01',
  source: `${MG_SOURCE}; Tabela 1, item 4.b (escritura com conteúdo financeiro)`,
  law: MG_LAW,
  uncertain: true,
  includesIss: false,
  note: `${MG_NOTE} Acima de R$ 3.200.000 vale a estimativa.`,
  brackets: MG_BRACKETS_2026,
};

const MG_REGISTRO_2026: NotaryFeeTable = {
  id: 'registro-mg-2026',
  state: 'MG',
  act: 'registro',
  label: 'Registro de imóveis MG (Tabela 4, 2026)',
  asOf: '2026-01-01',
  source: `${MG_SOURCE}; Tabela 4, item 5.e (registro com conteúdo financeiro)`,
  law: MG_LAW,
  uncertain: true,
  includesIss: false,
  note: `${MG_NOTE} Acima de R$ 3.700.000 vale a estimativa.`,
  brackets: [...MG_BRACKETS_2026, { upTo: 3_700_000, fee: 12_807.75 }],
};

const DF_REGISTRO_2025: NotaryFeeTable = {
  id: 'registro-df-2025',
  state: 'DF',
  act: 'registro',
  label: 'Registro de imóveis DF (Tabela III, 2025)',
  asOf: '2025-01-01',
  source: '2º Ofício de Registro de Imóveis do DF, Tabela III — serviços de registro de imóveis 2025 (reajuste de 4,87%), 2ridf.com.br/tabela-de-emolumentos',
  law: 'Lei federal 14.756/2023; Resolução 05 de 18/12/2024; Lei federal 10.169/2000',
  uncertain: false,
  includesIss: true,
  note: 'Total com CCRCPN (7%) e ISSQN (5%).',
  brackets: [
    { upTo: 31_442.12, fee: 671.18 },
    { upTo: 78_605.31, fee: 847.8 },
    { upTo: 157_210.62, fee: 1_024.43 },
    { upTo: 251_536.99, fee: 1_148.07 },
    { upTo: 550_237.16, fee: 1_324.7 },
    { upTo: 833_216.27, fee: 1_501.33 },
    { upTo: 1_100_474.32, fee: 1_677.96 },
    { upTo: 1_414_895.55, fee: 1_854.58 },
    { upTo: 1_886_527.4, fee: 2_031.2 },
    { upTo: null, fee: 2_207.84 },
  ],
};

export const NOTARY_FEE_TABLES: readonly NotaryFeeTable[] = [
  SP_REGISTRO_2022,
  SP_ESCRITURA_2026,
  SP_REGISTRO_2026,
  MG_ESCRITURA_2026,
  MG_REGISTRO_2026,
  DF_REGISTRO_2025,
];

// Formatters built once: toLocaleString builds one per call, which dominated the sensitivity grid.
const MONEY = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const PERCENT = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

function brlBound(x: number): string {
  return `R$ ${MONEY.format(x)}`;
}

/** Id of the dataset row of one bracket: `${table id}-${index}`. */
export function bracketRowId(table: Pick<NotaryFeeTable, 'id'>, index: number): string {
  return `${table.id}-${String(index + 1).padStart(2, '0')}`;
}

/**
 * Every bracket as a dated reference row (series 'cartorio-escritura' / 'cartorio-registro'), so
 * the figure that uses a bracket cites it and the admin page lists the tables row by row.
 */
export const NOTARY_FEE_ROWS: readonly ReferenceRow[] = NOTARY_FEE_TABLES.flatMap((t) =>
  t.brackets.map((b, i): ReferenceRow => {
    const from = i === 0 ? 0 : (t.brackets[i - 1]!.upTo ?? 0) + 0.01;
    const range = b.upTo === null ? `acima de ${brlBound(from - 0.01)}` : `de ${brlBound(from)} até ${brlBound(b.upTo)}`;
    return {
      id: bracketRowId(t, i),
      series: `cartorio-${t.act}`,
      state: t.state,
      label: `${t.label}, faixa ${range}`,
      value: b.fee,
      unit: 'BRL',
      asOf: t.asOf,
      source: `${t.law}; ${t.source}`,
      uncertain: t.uncertain,
      cadence: 'yearly',
      ...(t.note ? { note: t.note } : {}),
    };
  }),
);

/** The bracket row a deed of `value` falls in, or null. */
export function bracketRowFor(table: NotaryFeeTable, value: number): ReferenceRow | null {
  const i = table.brackets.findIndex((b) => b.upTo === null || value <= b.upTo);
  return i >= 0 ? (NOTARY_FEE_ROWS.find((r) => r.id === bracketRowId(table, i)) ?? null) : null;
}

/** Default estimate when no table applies: the dataset's 'cartorio-tipico' row (1,5 % of the value). */
export const NOTARY_ESTIMATE_RATE = 0.015;
export const NOTARY_ESTIMATE_NOTE =
  'Estimativa: percentual configurável do valor (escritura e registro pela tabela estadual de emolumentos, Lei 10.169/2000, mais ISS municipal); confirme no cartório.';

function dateKey(iso: string): string {
  if (/^\d{4}$/.test(iso)) return `${iso}-01-01`;
  if (/^\d{4}-\d{2}$/.test(iso)) return `${iso}-01`;
  return iso.slice(0, 10);
}

/** The fee of `value` in a table's brackets (the first bracket whose bound covers it); null above the last. */
export function bracketFee(table: Pick<NotaryFeeTable, 'brackets'>, value: number): number | null {
  for (const b of table.brackets) if (b.upTo === null || value <= b.upTo) return b.fee;
  return null;
}

/** The state's table for an act: newest dated on or before `asOf`, else the oldest. */
export function feeTableFor(state: string | null | undefined, act: NotaryAct, asOf?: string, tables: readonly NotaryFeeTable[] = NOTARY_FEE_TABLES): NotaryFeeTable | null {
  const uf = (state ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(uf)) return null;
  const own = tables.filter((t) => t.state === uf && t.act === act).sort((a, b) => (dateKey(a.asOf) < dateKey(b.asOf) ? -1 : dateKey(a.asOf) > dateKey(b.asOf) ? 1 : 0));
  if (own.length === 0) return null;
  if (!asOf) return own[own.length - 1]!;
  const eligible = own.filter((t) => dateKey(t.asOf) <= dateKey(asOf));
  return eligible[eligible.length - 1] ?? own[0]!;
}

export interface NotaryQuery {
  state: string | null | undefined;
  /** Deed value (the price; the table's base is the larger of it and the tax value). */
  value: number;
  asOf?: string;
  /** Estimate rate (fraction of the value) for what no table covers: the `notaryRate` assumption. */
  estimateRate?: number;
}

export interface NotaryFees {
  /** Escritura (tabelionato de notas), BRL. */
  escritura: number;
  /** Registro de imóveis, BRL. */
  registro: number;
  total: number;
  /** Which part came from a table, and which from the estimate. */
  escrituraFrom: 'tabela' | 'estimativa';
  registroFrom: 'tabela' | 'estimativa';
  escrituraTable: NotaryFeeTable | null;
  registroTable: NotaryFeeTable | null;
  /** Names the tables (law, date) or the estimate. */
  source: string;
  uncertain: boolean;
  note: string;
}

function brl(x: number): string {
  return `R$ ${MONEY.format(x)}`;
}

/**
 * Escritura and registro for a deed of `value` in `state`. An act with a state table: the table's
 * bracket. Without: the estimate — `estimateRate` × value covers both acts, so the act left without a
 * table gets what remains of it after the tabled act (never below zero); with no table at all, the
 * estimate is split evenly between the two (the split is only for display; the total is the
 * estimate). The result is uncertain unless both acts came from tables that are not uncertain.
 */
export function notaryFeesFor(q: NotaryQuery, tables: readonly NotaryFeeTable[] = NOTARY_FEE_TABLES): NotaryFees {
  const value = Math.max(0, Number.isFinite(q.value) ? q.value : 0);
  const rate = q.estimateRate !== undefined && Number.isFinite(q.estimateRate) && q.estimateRate >= 0 ? q.estimateRate : NOTARY_ESTIMATE_RATE;
  const estimate = value * rate;
  // A table whose brackets stop below the value does not cover it: the estimate does.
  const covering = (t: NotaryFeeTable | null) => (t && bracketFee(t, value) !== null ? t : null);
  const escrituraTable = covering(feeTableFor(q.state, 'escritura', q.asOf, tables));
  const registroTable = covering(feeTableFor(q.state, 'registro', q.asOf, tables));
  const escTabled = escrituraTable ? bracketFee(escrituraTable, value) : null;
  const regTabled = registroTable ? bracketFee(registroTable, value) : null;

  let escritura: number;
  let registro: number;
  if (escTabled !== null && regTabled !== null) {
    escritura = escTabled;
    registro = regTabled;
  } else if (escTabled !== null) {
    escritura = escTabled;
    registro = Math.max(0, estimate - escTabled);
  } else if (regTabled !== null) {
    registro = regTabled;
    escritura = Math.max(0, estimate - regTabled);
  } else {
    escritura = estimate / 2;
    registro = estimate / 2;
  }

  const pct = `${PERCENT.format(rate * 100)}%`;
  const parts: string[] = [];
  const sources: string[] = [];
  for (const [act, table, fee] of [
    ['escritura', escrituraTable, escritura],
    ['registro', registroTable, registro],
  ] as const) {
    if (table) {
      parts.push(`${act}: ${brl(fee)} pela ${table.label}${table.uncertain ? ' (tabela a confirmar)' : ''}`);
      sources.push(`${table.label}: ${table.law}; ${table.source}`);
    }
  }
  if (!escrituraTable || !registroTable) {
    const which = !escrituraTable && !registroTable ? 'escritura e registro' : !escrituraTable ? 'escritura' : 'registro';
    parts.push(`${which}: estimativa (${pct} do valor${escrituraTable || registroTable ? ', descontada a parte da tabela' : ''})`);
    sources.push(`estimativa de ${pct} do valor (tabelas estaduais de emolumentos, Lei 10.169/2000, mais ISS municipal)`);
  }
  const uncertain = !escrituraTable || !registroTable || escrituraTable.uncertain || registroTable.uncertain;
  const tableNotes = [escrituraTable?.note, registroTable?.note].filter((n): n is string => !!n);
  return {
    escritura,
    registro,
    total: escritura + registro,
    escrituraFrom: escrituraTable ? 'tabela' : 'estimativa',
    registroFrom: registroTable ? 'tabela' : 'estimativa',
    escrituraTable,
    registroTable,
    source: sources.join(' · '),
    uncertain,
    note:
      !escrituraTable && !registroTable
        ? `Estimativa de ${pct} do valor: sem tabela de emolumentos deste estado na base; confirme no cartório.`
        : [`Cartório: ${parts.join('; ')}.`, ...tableNotes, ...(!escrituraTable || !registroTable ? [NOTARY_ESTIMATE_NOTE] : [])].join(' '),
  };
}
