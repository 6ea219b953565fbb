import type { FigureSource, ReferenceRowUsed } from '@viabiliza/contracts/analysis-result';
import { BRAZILIAN_STATES } from '@viabiliza/contracts/questionnaire';
import { FINANCING_ROWS } from './reference/financing.ts';
import { ITBI_CITY_ROWS } from './reference/itbi-cities.ts';
import { NOTARY_FEE_ROWS } from './reference/notary-fees.ts';

/**
 * The dated reference dataset (shared/REFERENCE-DATA.md) as typed rows, one row per figure.
 *
 * Append-only: a new figure is a new row with its own id and `asOf`, never an edit of an old row,
 * so an analysis can always be reproduced with the figures it used. Lookups pick, within a
 * series, the newest row dated on or before the analysis date.
 *
 * `asOf` is an ISO date with the precision the source gives: 'YYYY-MM-DD', 'YYYY-MM' or 'YYYY'.
 * Rows that REFERENCE-DATA.md gives as 'current' (laws and municipal rates in force) carry the
 * month the dataset was compiled and confirmed them, `DATASET_COMPILED`.
 */
export interface ReferenceRow extends ReferenceRowUsed {
  /** Rows of one series replace each other over time ('selic', 'fipezap-venda'…). */
  series: string;
  city?: string;
  /** UF. */
  state?: string;
  /** Shown beside the figure where the row is used. */
  note?: string;
  /**
   * How often the publisher renews the figure; a row used after twice its cadence carries a
   * visible warning. 'event' (laws, Copom-independent rules) never goes stale by age. Shipped rows
   * get it from their series (`SERIES_CADENCE`) unless they set their own.
   */
  cadence?: ReferenceCadence;
  /** Absent (or 'residencial') = residential; e.g. 'comercial' for a FipeZAP commercial table. */
  propertyType?: string;
  /** ITBI rows: the rate on the SFH-financed part (fraction). */
  financedRate?: number;
  /** ITBI rows: the ceiling (BRL) of the financed part taxed at `financedRate`. */
  financedCeiling?: number;
  /** ITBI rows: the municipal law behind the rate. */
  law?: string;
  /** Where the row came from: shipped with the engine (absent), the SGS refresh or an admin import. */
  origin?: 'sgs' | 'import';
}

export type ReferenceCadence = 'daily' | 'monthly' | 'yearly' | 'event';

/** Month the 'current' rows were confirmed (the newest date in REFERENCE-DATA.md is Jan 2026). */
export const DATASET_COMPILED = '2026-01';

const COPOM = 'Copom/Banco Central, decisões reportadas por O Povo';
const IBGE_IPCA = 'IBGE, reportado por Terra e outros';
const CUB_SUMMARY = 'cub.org.br, tabelas-resumo (secundária); padrão de projeto próprio de cada estado, não comparável entre estados';
const SIDRA = 'IBGE SIDRA (oficial)';
const FIPEZAP_SALE = 'FipeZAP, preços anunciados (não transações)';
const FIPEZAP_RENT = 'FipeZAP (secundária), preços anunciados';
const PRESS = 'reportagens na imprensa';

function row(r: ReferenceRow): ReferenceRow {
  return r;
}

function cubRow(state: string, value: number): ReferenceRow {
  return row({
    id: `cub-${state.toLowerCase()}-2024`,
    series: 'cub',
    state,
    label: `CUB/m² ${state} (padrão do estado)`,
    value,
    unit: 'BRL/m2',
    asOf: '2024-11',
    source: CUB_SUMMARY,
    uncertain: false,
    note: 'Referência de out–nov/2024.',
  });
}

function sinapiRow(state: string | null, value: number, asOf: string, source: string): ReferenceRow {
  const code = state ? state.toLowerCase() : 'br';
  return row({
    id: `sinapi-${code}-${asOf}`,
    series: state ? 'sinapi-uf' : 'sinapi-br',
    ...(state ? { state } : {}),
    label: state ? `SINAPI custo/m² ${state}` : 'SINAPI custo/m² Brasil',
    value,
    unit: 'BRL/m2',
    asOf,
    source,
    uncertain: false,
  });
}

function saleRow(slug: string, city: string | null, state: string | null, value: number): ReferenceRow {
  return row({
    id: `fipezap-venda-${slug}-2024-11`,
    series: 'fipezap-venda',
    ...(city ? { city } : {}),
    ...(state ? { state } : {}),
    label: city ? `FipeZAP venda ${city} (R$/m²)` : 'FipeZAP venda média nacional (R$/m²)',
    value,
    unit: 'BRL/m2',
    asOf: '2024-11',
    source: FIPEZAP_SALE,
    uncertain: false,
  });
}

function yieldRow(slug: string, city: string | null, state: string | null, value: number): ReferenceRow {
  return row({
    id: `fipezap-yield-${slug}-2025-08`,
    series: 'fipezap-yield',
    ...(city ? { city } : {}),
    ...(state ? { state } : {}),
    label: city ? `FipeZAP rentabilidade bruta do aluguel ${city}` : 'FipeZAP rentabilidade bruta média do aluguel',
    value,
    unit: 'fraction',
    asOf: '2025-08',
    source: FIPEZAP_RENT,
    uncertain: false,
  });
}

/** The cadence of each shipped series (a row may set its own). Unknown series: 'event'. */
export const SERIES_CADENCE: Record<string, ReferenceCadence> = {
  // Copom meets about every 45 days; SGS 432 is refreshed daily but the figure changes per meeting.
  selic: 'monthly',
  // Tesouro Direto rates move daily; a month-old rate is still a fair opportunity cost, two months is stale.
  'tesouro-ipca-longo': 'monthly',
  ipca: 'monthly',
  igpm: 'monthly',
  tr: 'monthly',
  incc: 'monthly',
  cub: 'monthly',
  'sinapi-uf': 'monthly',
  'sinapi-br': 'monthly',
  'fipezap-venda': 'monthly',
  'fipezap-aluguel': 'monthly',
  'fipezap-yield': 'monthly',
  'caixa-sac-ltv': 'event',
  'caixa-price-ltv': 'event',
  'sfh-teto': 'event',
  'sfh-taxa-max': 'event',
};

/** The row's cadence: its own, else its series', else 'event'. */
export function cadenceOf(r: Pick<ReferenceRow, 'series' | 'cadence'>): ReferenceCadence {
  return r.cadence ?? SERIES_CADENCE[r.series] ?? SERIES_CADENCE[r.series.replace(/-mensal$/, '')] ?? 'event';
}

const SHIPPED_ROWS: readonly ReferenceRow[] = [
  // Selic
  row({ id: 'selic-2025-06', series: 'selic', label: 'Selic (meta, a.a.)', value: 0.15, unit: 'fraction', asOf: '2025-06-18', source: COPOM, uncertain: false }),
  row({ id: 'selic-2025-12', series: 'selic', label: 'Selic (meta, a.a.) mantida', value: 0.15, unit: 'fraction', asOf: '2025-12-10', source: COPOM, uncertain: false }),
  // Long government bond (the rental investor's opportunity cost, hurdle.ts): real yield over IPCA.
  // Refreshed by adding a dated row (admin import of the Tesouro Direto rate, series 'tesouro-ipca-longo').
  row({
    id: 'tesouro-ipca-2035-2025-11',
    series: 'tesouro-ipca-longo',
    label: 'Tesouro IPCA+ 2035 (juros reais, a.a.)',
    value: 0.0728,
    unit: 'fraction',
    asOf: '2025-11-26',
    source: 'Tesouro Direto, taxa do Tesouro IPCA+ 2035 com juros semestrais em 26/11/2025, reportada por Money Times',
    uncertain: false,
    note: 'Taxa real (acima do IPCA) de um título público longo; muda todo dia útil.',
  }),
  // IPCA (dated when published)
  row({ id: 'ipca-2024', series: 'ipca', label: 'IPCA 2024', value: 0.0483, unit: 'fraction', asOf: '2025-01', source: IBGE_IPCA, uncertain: false }),
  row({ id: 'ipca-2025', series: 'ipca', label: 'IPCA 2025', value: 0.0426, unit: 'fraction', asOf: '2026-01', source: IBGE_IPCA, uncertain: false }),
  // IGP-M accumulated over 12 months (time-tax, issue 17): rent index option. Monthly SGS 189 rows come from the refresh job.
  row({ id: 'igpm-12m-2025-12', series: 'igpm-12m', label: 'IGP-M acumulado em 12 meses (2025)', value: -0.0105, unit: 'fraction', asOf: '2025-12-29', source: 'FGV/Ibre, reportado por Folha de Pernambuco (29/12/2025) e O Povo (30/12/2025)', uncertain: false }),
  // CUB
  row({ id: 'cub-sp-r8n-2024-10', series: 'cub', state: 'SP', label: 'CUB/m² São Paulo (R8-N)', value: 2032, unit: 'BRL/m2', asOf: '2024-10', source: 'SindusCon-SP', uncertain: false }),
  cubRow('SC', 2864),
  cubRow('RS', 2582),
  cubRow('ES', 2553),
  cubRow('GO', 2475),
  cubRow('PR', 2425),
  cubRow('RJ', 2294),
  cubRow('MG', 2241),
  cubRow('DF', 2156),
  // SINAPI
  sinapiRow(null, 1736.37, '2024-04', SIDRA),
  sinapiRow('SP', 1821.57, '2024-04', SIDRA),
  sinapiRow('RJ', 1909.57, '2024-04', SIDRA),
  sinapiRow('MG', 1648.61, '2024-04', SIDRA),
  sinapiRow('SC', 1992.16, '2024-04', SIDRA),
  sinapiRow(null, 1810.25, '2025-03', 'IBGE, reportado na imprensa'),
  // FipeZAP sale (asking prices)
  saleRow('media', null, null, 9306),
  saleRow('vitoria', 'Vitória', 'ES', 11968),
  saleRow('florianopolis', 'Florianópolis', 'SC', 11704),
  saleRow('sao-paulo', 'São Paulo', 'SP', 11317),
  saleRow('curitiba', 'Curitiba', 'PR', 10587),
  saleRow('rio-de-janeiro', 'Rio de Janeiro', 'RJ', 10262),
  // FipeZAP rent (asking rents, R$/m² per month) and gross yields
  row({ id: 'fipezap-aluguel-media-2025-08', series: 'fipezap-aluguel', label: 'FipeZAP aluguel médio nacional (R$/m² ao mês)', value: 49.77, unit: 'BRL/m2', asOf: '2025-08', source: FIPEZAP_RENT, uncertain: false }),
  row({ id: 'fipezap-aluguel-sao-paulo-2025-08', series: 'fipezap-aluguel', city: 'São Paulo', state: 'SP', label: 'FipeZAP aluguel São Paulo (R$/m² ao mês)', value: 61.69, unit: 'BRL/m2', asOf: '2025-08', source: FIPEZAP_RENT, uncertain: false }),
  yieldRow('media', null, null, 0.0594),
  yieldRow('belem', 'Belém', 'PA', 0.0844),
  yieldRow('recife', 'Recife', 'PE', 0.0841),
  yieldRow('cuiaba', 'Cuiabá', 'MT', 0.0816),
  // ITBI
  row({ id: 'itbi-sao-paulo', series: 'itbi', city: 'São Paulo', state: 'SP', label: 'ITBI São Paulo', value: 0.03, unit: 'fraction', asOf: DATASET_COMPILED, source: 'Prefeitura de São Paulo', uncertain: false, note: 'Base: valor declarado da transação (STJ, Tema 1113).' }),
  row({ id: 'itbi-jundiai', series: 'itbi', city: 'Jundiaí', state: 'SP', label: 'ITBI Jundiaí', value: 0.025, unit: 'fraction', asOf: DATASET_COMPILED, source: 'Prefeitura de Jundiaí', uncertain: false, note: '1,5% sobre a parte financiada até R$ 120 mil.' }),
  row({ id: 'itbi-jundiai-financiado', series: 'itbi-financiado', city: 'Jundiaí', state: 'SP', label: 'ITBI Jundiaí sobre a parte financiada (até R$ 120 mil)', value: 0.015, unit: 'fraction', asOf: DATASET_COMPILED, source: 'Prefeitura de Jundiaí', uncertain: false }),
  row({ id: 'itbi-jundiai-financiado-limite', series: 'itbi-financiado-limite', city: 'Jundiaí', state: 'SP', label: 'Limite da parte financiada com ITBI reduzido em Jundiaí', value: 120_000, unit: 'BRL', asOf: DATASET_COMPILED, source: 'Prefeitura de Jundiaí', uncertain: false }),
  row({ id: 'itbi-tipico', series: 'itbi-tipico', label: 'ITBI típico (2–3%), confirme com a prefeitura', value: 0.03, unit: 'fraction', asOf: DATASET_COMPILED, source: 'faixa típica dos municípios; sem fonte oficial para a cidade', uncertain: true, note: 'Alíquota não confirmada para esta cidade: confirme com a prefeitura.' }),
  // Notary and registry
  row({ id: 'cartorio-tipico', series: 'cartorio', label: 'Escritura e registro (% do valor)', value: 0.015, unit: 'fraction', asOf: DATASET_COMPILED, source: 'tabelas estaduais de emolumentos (Lei 10.169/2000) mais ISS municipal de 2–5%', uncertain: true, note: 'Percentual aproximado: consulte a tabela de emolumentos do estado.' }),
  // Financing
  row({ id: 'caixa-sac-ltv', series: 'caixa-sac-ltv', label: 'Caixa SBPE: financiamento SAC até 80% do valor', value: 0.8, unit: 'fraction', asOf: '2025-10', source: PRESS, uncertain: false }),
  row({ id: 'caixa-price-ltv-2024-11', series: 'caixa-price-ltv', label: 'Caixa SBPE: financiamento Price até 50% do valor', value: 0.5, unit: 'fraction', asOf: '2024-11', source: PRESS, uncertain: true }),
  row({ id: 'caixa-price-ltv-2025-10', series: 'caixa-price-ltv', label: 'Caixa SBPE: financiamento Price até 70% do valor', value: 0.7, unit: 'fraction', asOf: '2025-10', source: PRESS, uncertain: true }),
  row({ id: 'sfh-teto', series: 'sfh-teto', label: 'SFH: teto do valor do imóvel', value: 2_250_000, unit: 'BRL', asOf: '2025-10', source: PRESS, uncertain: false }),
  row({ id: 'sfh-taxa-max', series: 'sfh-taxa-max', label: 'SFH: taxa máxima de juros (a.a.)', value: 0.12, unit: 'fraction', asOf: '2025-10', source: PRESS, uncertain: false }),
  // Taxes
  row({ id: 'ir-ganho-capital-15', series: 'ir-ganho-capital', label: 'IR sobre ganho de capital (até R$ 5 mi)', value: 0.15, unit: 'fraction', asOf: DATASET_COMPILED, source: 'Lei 8.981/95 art. 21 e Lei 11.196/05, conforme resumos de escritórios de advocacia', uncertain: false, note: 'Acima de R$ 5 mi: 17,5%, 20% e 22,5% por faixa.' }),
  row({ id: 'ir-ganho-capital-15-limite', series: 'ir-ganho-capital-limite', label: 'Limite da faixa de 15% do IR sobre ganho de capital', value: 5_000_000, unit: 'BRL', asOf: DATASET_COMPILED, source: 'Lei 8.981/95 art. 21', uncertain: false }),
  row({ id: 'ir-ganho-capital-175', series: 'ir-ganho-capital-175', label: 'IR sobre ganho de capital (2ª faixa)', value: 0.175, unit: 'fraction', asOf: DATASET_COMPILED, source: 'Lei 8.981/95 art. 21', uncertain: false }),
  row({ id: 'ir-ganho-capital-20', series: 'ir-ganho-capital-20', label: 'IR sobre ganho de capital (3ª faixa)', value: 0.2, unit: 'fraction', asOf: DATASET_COMPILED, source: 'Lei 8.981/95 art. 21', uncertain: false }),
  row({ id: 'ir-ganho-capital-225', series: 'ir-ganho-capital-225', label: 'IR sobre ganho de capital (4ª faixa)', value: 0.225, unit: 'fraction', asOf: DATASET_COMPILED, source: 'Lei 8.981/95 art. 21', uncertain: false }),
  row({ id: 'ir-ganho-capital-isencao-440', series: 'ir-ganho-capital-isencao', label: 'Isenção de IR: único imóvel até R$ 440 mil, sem outra venda em 5 anos', value: 440_000, unit: 'BRL', asOf: DATASET_COMPILED, source: 'Lei 9.250/95 art. 23, conforme resumos de escritórios de advocacia', uncertain: false }),
  row({ id: 'ir-aluguel-isencao-2026', series: 'ir-aluguel-isencao', label: 'IR sobre aluguel: renda até R$ 5 mil/mês isenta a partir de 2026', value: 5000, unit: 'BRL/mes', asOf: '2026-01', source: 'Lei 15.270/2025, reportada na imprensa', uncertain: true, note: 'Faixas acima da isenção incertas.' }),
  row({ id: 'ret-4', series: 'ret', label: 'RET (regime especial de tributação da incorporação)', value: 0.04, unit: 'fraction', asOf: DATASET_COMPILED, source: 'Lei 10.931/2004 (IRPJ 1,26 · CSLL 0,66 · PIS 0,37 · Cofins 1,71)', uncertain: false }),
  row({ id: 'ret-mcmv-1', series: 'ret-mcmv', label: 'RET para Minha Casa Minha Vida', value: 0.01, unit: 'fraction', asOf: DATASET_COMPILED, source: 'Lei 10.931/2004', uncertain: false }),
  // Loan rules (financing, issue 17): LTV by system, TR, MIP/DFI, bank fee, commercial credit
  ...FINANCING_ROWS,
  // City ITBI table (itbi-notary, issue 17): rate, SFH-financed part and its ceiling, law, date
  ...ITBI_CITY_ROWS,
  // State notary/registry fee tables (itbi-notary, issue 17), one row per bracket
  ...NOTARY_FEE_ROWS,
];

/** The shipped dataset, every row with its cadence. */
export const REFERENCE_ROWS: readonly ReferenceRow[] = SHIPPED_ROWS.map((r) => (r.cadence ? r : { ...r, cadence: cadenceOf(r) }));

// ------------------------------------------------------------------------------------------------
// Text matching

/** Lower case, no accents, single spaces: 'São  Paulo' → 'sao paulo'. */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

const CITY_ALIASES: Record<string, string> = {
  sp: 'sao paulo',
  sampa: 'sao paulo',
  rj: 'rio de janeiro',
  rio: 'rio de janeiro',
  floripa: 'florianopolis',
  bh: 'belo horizonte',
  poa: 'porto alegre',
};

const UFS = new Set(BRAZILIAN_STATES.map((uf) => uf.toLowerCase()));

const LINE_BREAK = /[\n\r\u2028\u2029]/;
const CITY_UF_SEPARATOR = /[\s,/-]/;

/**
 * 'sao paulo - sp' → { city: 'sao paulo', uf: 'sp' }: two final letters after separators, and a city
 * with a letter and on one line. What /^(.*?[a-z].*?)[\s,/-]+([a-z]{2})$/ matched, by a scan: the
 * expression's lazy runs traded characters with the separators (polynomial on a long name).
 */
function stateSuffix(s: string): { city: string; uf: string } | null {
  const uf = s.slice(-2);
  if (!/^[a-z]{2}$/.test(uf)) return null;
  let end = s.length - 2;
  while (end > 0 && CITY_UF_SEPARATOR.test(s[end - 1]!)) end--;
  if (end === s.length - 2) return null;
  const city = s.slice(0, end);
  return /[a-z]/.test(city) && !LINE_BREAK.test(city) ? { city, uf } : null;
}

/** A label without its final parenthetical: 'Selic (meta, BCB)' → 'Selic'. What /\s*\(.*\)\s*$/ removed, in linear time. */
function withoutParenthetical(label: string): string {
  const text = label.trimEnd();
  if (!text.endsWith(')')) return label;
  let lineStart = text.length;
  while (lineStart > 0 && !LINE_BREAK.test(text[lineStart - 1]!)) lineStart--;
  const open = text.indexOf('(', lineStart);
  return open < 0 ? label : text.slice(0, open).trimEnd();
}

/** 'São Paulo - SP', 'sao paulo/sp', 'SÃO PAULO (SP)', 'SP' → 'sao paulo'. */
export function normalizeCity(city: string | null | undefined): string | null {
  if (!city) return null;
  let s = fold(city).replace(/[()]/g, ' ').trim();
  const suffix = stateSuffix(s);
  if (suffix && UFS.has(suffix.uf)) s = suffix.city;
  s = s.replace(/[^a-z0-9']+/g, ' ').trim();
  s = CITY_ALIASES[s] ?? s;
  return s === '' ? null : s;
}

export function normalizeState(state: string | null | undefined): string | null {
  if (!state) return null;
  const s = fold(state).toUpperCase();
  return /^[A-Z]{2}$/.test(s) ? s : null;
}

// ------------------------------------------------------------------------------------------------
// Lookups

/** 'YYYY', 'YYYY-MM' or 'YYYY-MM-DD' → comparable 'YYYY-MM-DD' (start of the period). */
function dateKey(iso: string): string {
  if (/^\d{4}$/.test(iso)) return `${iso}-01-01`;
  if (/^\d{4}-\d{2}$/.test(iso)) return `${iso}-01`;
  return iso.slice(0, 10);
}

export interface LookupFilter {
  city?: string | null;
  state?: string | null;
  /** Rows without a city or state (national averages, typical values). */
  generic?: boolean;
}

function matches(r: ReferenceRow, filter: LookupFilter): boolean {
  if (filter.generic) return r.city === undefined && r.state === undefined;
  if (filter.city !== undefined) {
    const wanted = normalizeCity(filter.city);
    if (!wanted || !r.city || normalizeCity(r.city) !== wanted) return false;
    const uf = normalizeState(filter.state);
    return !uf || !r.state || r.state === uf;
  }
  if (filter.state !== undefined) {
    const uf = normalizeState(filter.state);
    return !!uf && r.city === undefined && r.state === uf;
  }
  return true;
}

/** The questionnaire's property types grouped as the reference tables split them. */
const PROPERTY_CATEGORY: Record<string, string> = {
  casa: 'residencial',
  apartamento: 'residencial',
  cobertura: 'residencial',
  comercial: 'comercial',
  sala: 'comercial',
  galpao: 'galpao',
  terreno: 'terreno',
};

function isResidential(r: ReferenceRow): boolean {
  return !r.propertyType || fold(r.propertyType) === 'residencial';
}

/**
 * The reference data one analysis uses: the shipped rows plus rows from the database (SGS refresh,
 * admin imports), with the lookups the engine needs as methods. Built once per analysis
 * (`inputs.refs`).
 *
 * Precedence: within a series + city + state + property type, the newest row dated on or before
 * the analysis date wins; database and shipped rows compete on `asOf`, a tie goes to the database
 * row. A property type other than residential uses its own rows when the series has any for the
 * place, else the residential ones.
 */
export interface ReferenceDataset {
  /** Shipped rows first, then the extra rows (cadence filled). */
  readonly rows: readonly ReferenceRow[];
  /** The property type lookups prefer (questionnaire value or category), if any. */
  readonly propertyType: string | null;
  find(id: string): ReferenceRow | null;
  lookup(series: string, filter?: LookupFilter, asOf?: string): ReferenceRow | null;
  byCity(series: string, city: string | null | undefined, state: string | null | undefined, asOf?: string): ReferenceRow | null;
  byState(series: string, state: string | null | undefined, asOf?: string): ReferenceRow | null;
  generic(series: string, asOf?: string): ReferenceRow | null;
}

export function referenceDataset(extra: readonly ReferenceRow[] = [], options: { propertyType?: string | null } = {}): ReferenceDataset {
  const rows: ReferenceRow[] = [...REFERENCE_ROWS, ...extra.map((r) => (r.cadence ? r : { ...r, cadence: cadenceOf(r) }))];
  const byId = new Map<string, ReferenceRow>();
  // A database row with a shipped row's id would be a mistake; the shipped row keeps the id.
  for (const r of rows) if (!byId.has(r.id)) byId.set(r.id, r);
  const wanted = options.propertyType ? fold(options.propertyType) : null;
  const wantedKeys = wanted && wanted !== 'residencial' ? new Set([wanted, PROPERTY_CATEGORY[wanted] ?? wanted]) : null;
  const residentialWanted = !wantedKeys || [...wantedKeys].includes('residencial');

  function pick(candidates: ReferenceRow[], asOf?: string): ReferenceRow | null {
    if (candidates.length === 0) return null;
    // Stable sort: shipped rows come first in `rows`, so on an equal date the database row is last.
    const sorted = [...candidates].sort((a, b) => (dateKey(a.asOf) < dateKey(b.asOf) ? -1 : dateKey(a.asOf) > dateKey(b.asOf) ? 1 : 0));
    if (!asOf) return sorted[sorted.length - 1]!;
    const limit = dateKey(asOf);
    const eligible = sorted.filter((r) => dateKey(r.asOf) <= limit);
    return eligible[eligible.length - 1] ?? sorted[0]!;
  }

  function lookup(series: string, filter: LookupFilter = {}, asOf?: string): ReferenceRow | null {
    const candidates = rows.filter((r) => r.series === series && matches(r, filter));
    if (!residentialWanted && wantedKeys) {
      const own = candidates.filter((r) => r.propertyType && wantedKeys.has(fold(r.propertyType)));
      if (own.length) return pick(own, asOf);
    }
    return pick(candidates.filter(isResidential), asOf);
  }

  return {
    rows,
    propertyType: wanted,
    find: (id) => byId.get(id) ?? null,
    lookup,
    byCity: (series, city, state, asOf) => (normalizeCity(city) ? lookup(series, { city: city ?? null, state: state ?? null }, asOf) : null),
    byState: (series, state, asOf) => (normalizeState(state) ? lookup(series, { state: state ?? null }, asOf) : null),
    generic: (series, asOf) => lookup(series, { generic: true }, asOf),
  };
}

/** The shipped rows alone: what the free functions below use. */
export const SHIPPED_DATASET: ReferenceDataset = referenceDataset();

export function findReference(id: string): ReferenceRow | null {
  return SHIPPED_DATASET.find(id);
}

/**
 * The newest row of `series` matching `filter` dated on or before `asOf` (ISO date; undefined
 * means today's newest). When every matching row is newer than `asOf`, the oldest one is used:
 * an estimate from slightly later data beats none, and the row's date shows it.
 */
export function lookupReference(series: string, filter: LookupFilter = {}, asOf?: string): ReferenceRow | null {
  return SHIPPED_DATASET.lookup(series, filter, asOf);
}

/** The city's row of `series`, else null. */
export function lookupByCity(series: string, city: string | null | undefined, state: string | null | undefined, asOf?: string): ReferenceRow | null {
  return SHIPPED_DATASET.byCity(series, city, state, asOf);
}

/** The state's row of `series` (rows without a city), else null. */
export function lookupByState(series: string, state: string | null | undefined, asOf?: string): ReferenceRow | null {
  return SHIPPED_DATASET.byState(series, state, asOf);
}

/** The national / typical row of `series` (no city, no state). */
export function lookupGeneric(series: string, asOf?: string): ReferenceRow | null {
  return SHIPPED_DATASET.generic(series, asOf);
}

// ------------------------------------------------------------------------------------------------
// Staleness

const MONTHS_PT = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** '2025-06-18' → 'jun/2025'; '2025' → '2025'. */
export function monthLabel(iso: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(iso);
  return m ? `${MONTHS_PT[Number(m[2]) - 1]}/${m[1]}` : iso.slice(0, 4);
}

function dayNumber(key: string): number {
  return Math.floor(Date.parse(`${key}T00:00:00Z`) / 86_400_000);
}

/**
 * Age of the row at `asOf` (ISO date): whole days, and whole months counted by calendar
 * (2025-06-18 → 2026-11-25 is 17 months). A row dated 'YYYY-MM' counts from the 1st of that month.
 */
export function referenceAge(r: Pick<ReferenceRow, 'asOf'>, asOf: string): { days: number; months: number } {
  const from = dateKey(r.asOf);
  const to = dateKey(asOf);
  const days = dayNumber(to) - dayNumber(from);
  let months = (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + (Number(to.slice(5, 7)) - Number(from.slice(5, 7)));
  if (Number(to.slice(8, 10)) < Number(from.slice(8, 10))) months -= 1;
  return { days: Math.max(0, days), months: Math.max(0, months) };
}

/** Last day of the period an ISO date names: '2026-09' → '2026-09-30', '2026' → '2026-12-31'. */
function periodEnd(iso: string): string {
  if (/^\d{4}$/.test(iso)) return `${iso}-12-31`;
  if (/^\d{4}-\d{2}$/.test(iso)) return `${iso}-${String(new Date(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)), 0)).getUTCDate()).padStart(2, '0')}`;
  return iso.slice(0, 10);
}

/** 'YYYY-MM-DD' plus n months, the day clamped to the month's end. */
function addMonths(key: string, n: number): string {
  const total = Number(key.slice(0, 4)) * 12 + Number(key.slice(5, 7)) - 1 + n;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const d = Math.min(Number(key.slice(8, 10)), last);
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export interface StaleReference {
  referenceId: string;
  label: string;
  asOf: string;
  cadence: ReferenceCadence;
  ageDays: number;
  ageMonths: number;
  message: string;
}

const LIMIT_TEXT: Record<Exclude<ReferenceCadence, 'event'>, string> = {
  daily: 'mais de 2 dias',
  monthly: 'mais de 2 meses',
  yearly: 'mais de 2 anos',
};

/**
 * The warning for a row used at `asOf` (ISO date) when it is older than twice its cadence
 * (daily: > 2 days; monthly: after the same day 2 months later; yearly: 24 months later), a
 * month- or year-dated row counted from its period's end; null when current or 'event'.
 */
export function staleReference(r: ReferenceRow, asOf: string): StaleReference | null {
  const cadence = cadenceOf(r);
  if (cadence === 'event') return null;
  const age = referenceAge(r, asOf);
  // A figure dated by month or year covers that period: it ages from the period's last day.
  const stale = cadence === 'daily' ? age.days > 2 : dateKey(asOf) > addMonths(periodEnd(r.asOf), cadence === 'monthly' ? 2 : 24);
  if (!stale) return null;
  const name = withoutParenthetical(r.label);
  return {
    referenceId: r.id,
    label: r.label,
    asOf: r.asOf,
    cadence,
    ageDays: age.days,
    ageMonths: age.months,
    message: `${name} de ${monthLabel(r.asOf)} usada em ${monthLabel(asOf)}: dado com ${LIMIT_TEXT[cadence]}; confira o valor atual.`,
  };
}

/** The row as the result stores it. */
export function toUsed(r: ReferenceRow): ReferenceRowUsed {
  return { id: r.id, label: r.label, value: r.value, unit: r.unit, asOf: r.asOf, source: r.source, uncertain: r.uncertain };
}

export function referenceSource(r: ReferenceRow, label: string = r.label): FigureSource {
  return { kind: 'reference', referenceId: r.id, label, asOf: r.asOf, source: r.source, uncertain: r.uncertain };
}
