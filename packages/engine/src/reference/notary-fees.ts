import type { ReferenceRow } from '../reference-data.ts';

/*
 * Notary (escritura, tabelionato de notas) and registry (registro de imóveis) fees by state: the state
 * fee tables of Lei 10.169/2000, bracketed by the deed's value. Each table is dated and sourced; a
 * table older than its year, or read from a secondary copy, is `uncertain`. Where a state (or one of
 * the two acts) has no table here, the fee is the configurable estimate (`notaryRate` × value) and
 * says so ('estimativa').
 *
 * Shipped tables (what could be confirmed in this compilation, 2026-11-25):
 * - SP, registro: Tabela II dos Ofícios de Registro de Imóveis (ARISP), in force from 07/01/2022
 *   (UFESP R$ 31,97), columns oficial + Estado + carteira + registro civil + TJ; no municipal ISS.
 *   Values are corrected every January by the UFESP, so the 2022 table understates later years:
 *   uncertain.
 * - DF, registro: Tabela III — serviços de registro de imóveis 2025 (Lei 14.756/2023 federal table
 *   for the DF, Resolução 05 of 18/12/2024, +4,87 %), total with CCRCPN and ISSQN (5 %), as
 *   published by the 2º Ofício de Registro de Imóveis do DF.
 * Not shipped (no current table could be read): every escritura table, and registro in RJ, MG, PR,
 * SC, RS and the other states — the estimate is used and flagged.
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

export const NOTARY_FEE_TABLES: readonly NotaryFeeTable[] = [SP_REGISTRO_2022, DF_REGISTRO_2025];

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
