import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  REFERENCE_IMPORT_COLUMNS,
  REFERENCE_IMPORT_MAX_BYTES,
  REFERENCE_IMPORT_MAX_ROWS,
  type ReferenceImportInput,
  type ReferenceImportKind,
  type ReferenceImportPreview,
  type ReferenceImportResult,
} from '@viabiliza/contracts/reference-data';
import { BRAZILIAN_STATES, PROPERTY_TYPES, parseBrNumber } from '@viabiliza/contracts/questionnaire';
import { fold, type ReferenceRow } from '@viabiliza/engine/reference-data';
import { analysisDate } from '@viabiliza/engine/resolve-inputs';
import { TableReadError } from '@viabiliza/extract/table-limits';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/app-error.ts';
import { audit, requestMeta } from '../audit/audit.service.ts';
import { insertImport, insertReferenceRows, updateImport } from './reference-data.repository.ts';
import { invalidateReferenceRows } from './reference-data.service.ts';

/**
 * Table imports of the admin page: FipeZAP by city, CUB by state, ITBI by city, from a CSV
 * (';' or ',' separated, Brazilian numbers '11.317,00') or an XLSX (first sheet). Preview first:
 * every line with its errors in Portuguese; the confirmation stores the valid lines only, each
 * as a new dated row with the admin's id (append-only: the same line imported twice is one row).
 */

const UFS = new Set<string>(BRAZILIAN_STATES);
const PROPERTY_TYPE_WORDS = new Set<string>(['residencial', 'comercial', ...PROPERTY_TYPES]);
const MONTHS: Record<string, string> = { jan: '01', fev: '02', mar: '03', abr: '04', mai: '05', jun: '06', jul: '07', ago: '08', set: '09', out: '10', nov: '11', dez: '12' };

type Produced = Omit<ReferenceRow, 'id'>;

/** 'dd/MM/yyyy', 'MM/yyyy', 'nov/2024', 'yyyy-MM(-dd)' → ISO with the precision given; null otherwise. */
export function parseDate(raw: string): string | null {
  const s = fold(raw);
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) {
    const iso = `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
    const d = new Date(`${iso}T00:00:00Z`);
    return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== iso ? null : iso;
  }
  m = /^(\d{1,2})\/(\d{4})$/.exec(s);
  if (m && Number(m[1]) >= 1 && Number(m[1]) <= 12) return `${m[2]}-${m[1]!.padStart(2, '0')}`;
  m = /^([a-z]{3})[a-z]*[/ -](\d{4})$/.exec(s);
  if (m && MONTHS[m[1]!]) return `${m[2]}-${MONTHS[m[1]!]}`;
  m = /^(\d{4})-(\d{2})(-(\d{2}))?$/.exec(s);
  if (m && Number(m[2]) >= 1 && Number(m[2]) <= 12) return s;
  return null;
}

interface LineResult {
  errors: string[];
  produces: Produced[];
}

function num(raw: string | undefined, what: string, errors: string[], options: { required: boolean; max?: number } = { required: true }): number | null {
  const s = (raw ?? '').trim();
  if (s === '') {
    if (options.required) errors.push(`${what}: obrigatório`);
    return null;
  }
  const n = parseBrNumber(s);
  if (n === null) {
    errors.push(`${what}: número inválido '${s}'`);
    return null;
  }
  if (n < 0 || (options.max !== undefined && n > options.max)) {
    errors.push(`${what}: valor fora da faixa '${s}'`);
    return null;
  }
  return n;
}

function common(cells: Record<string, string>, today: string, errors: string[]): { uf: string | null; asOf: string | null; source: string } {
  const ufRaw = (cells.uf ?? '').trim().toUpperCase();
  let uf: string | null = null;
  if (!ufRaw) errors.push('UF: obrigatória');
  else if (!UFS.has(ufRaw)) errors.push(`UF desconhecida '${cells.uf}'`);
  else uf = ufRaw;
  let asOf: string | null = null;
  const dateRaw = (cells.data ?? '').trim();
  if (!dateRaw) errors.push('data: obrigatória');
  else {
    asOf = parseDate(dateRaw);
    if (!asOf) errors.push(`data inválida '${dateRaw}' (use dd/mm/aaaa ou mm/aaaa)`);
    else if (asOf > today.slice(0, asOf.length)) {
      errors.push(`data no futuro '${dateRaw}'`);
      asOf = null;
    }
  }
  const source = (cells.fonte ?? '').trim();
  if (!source) errors.push('fonte: obrigatória (publicação ou página oficial)');
  return { uf, asOf, source };
}

function validateLine(kind: ReferenceImportKind, raw: string[], today: string): LineResult {
  const errors: string[] = [];
  const produces: Produced[] = [];
  const columns = REFERENCE_IMPORT_COLUMNS[kind];
  raw.forEach((cell, i) => {
    if (formulaLike(cell.trim())) errors.push(`${columns[i] ?? `coluna ${i + 1}`}: começa com '${cell.trim()[0]}' e seria lida como fórmula de planilha; não é aceita`);
  });
  if (errors.length) return { errors, produces };
  const get = (i: number) => (raw[i] ?? '').trim();
  if (kind === 'fipezap') {
    const city = get(0);
    const { uf, asOf, source } = common({ uf: get(1), data: get(4), fonte: get(5) }, today, errors);
    if (!city) errors.push('cidade: obrigatória');
    const sale = num(get(2), 'venda R$/m²', errors, { required: false, max: 1e6 });
    const rent = num(get(3), 'aluguel R$/m²', errors, { required: false, max: 1e5 });
    if (get(2) === '' && get(3) === '') errors.push('informe a venda ou o aluguel R$/m²');
    const typeRaw = fold(get(6));
    const propertyType = typeRaw === '' || typeRaw === 'residencial' ? undefined : typeRaw;
    if (propertyType && !PROPERTY_TYPE_WORDS.has(propertyType)) errors.push(`tipo de imóvel desconhecido '${get(6)}'`);
    if (errors.length === 0 && uf && asOf) {
      const typeText = propertyType ? ` ${propertyType}` : '';
      const base = { city, state: uf, asOf, source, uncertain: false, cadence: 'monthly' as const, origin: 'import' as const, ...(propertyType ? { propertyType } : {}) };
      if (sale !== null) produces.push({ ...base, series: 'fipezap-venda', label: `FipeZAP venda${typeText} ${city} (R$/m²)`, value: sale, unit: 'BRL/m2' });
      if (rent !== null) produces.push({ ...base, series: 'fipezap-aluguel', label: `FipeZAP aluguel${typeText} ${city} (R$/m² ao mês)`, value: rent, unit: 'BRL/m2' });
    }
  } else if (kind === 'cub') {
    const { uf, asOf, source } = common({ uf: get(0), data: get(2), fonte: get(3) }, today, errors);
    const value = num(get(1), 'R$/m²', errors, { required: true, max: 1e5 });
    if (errors.length === 0 && uf && asOf && value !== null) {
      produces.push({ series: 'cub', state: uf, label: `CUB/m² ${uf}`, value, unit: 'BRL/m2', asOf, source, uncertain: false, cadence: 'monthly', origin: 'import' });
    }
  } else if (kind === 'tesouro') {
    // The long government bond's real yield (Tesouro Direto's published rate): the rental hurdle's base.
    const title = get(0);
    if (!title) errors.push('título: obrigatório (ex.: Tesouro IPCA+ 2035)');
    const { asOf, source } = common({ uf: 'DF', data: get(2), fonte: get(3) }, today, errors);
    const rate = num(get(1), 'taxa real (% a.a.)', errors, { required: true, max: 30 });
    if (errors.length === 0 && asOf && rate !== null) {
      produces.push({ series: 'tesouro-ipca-longo', label: `${title} (juros reais, a.a.)`, value: Math.round(rate * 1e4) / 1e6, unit: 'fraction', asOf, source, uncertain: false, cadence: 'monthly', origin: 'import' });
    }
  } else {
    const city = get(0);
    const { uf, asOf, source } = common({ uf: get(1), data: get(6), fonte: get(7) }, today, errors);
    if (!city) errors.push('cidade: obrigatória');
    const rate = num(get(2), 'alíquota (%)', errors, { required: true, max: 20 });
    const financedRate = num(get(3), 'alíquota financiada (%)', errors, { required: false, max: 20 });
    const ceiling = num(get(4), 'teto financiado', errors, { required: false, max: 1e9 });
    if (financedRate !== null && ceiling === null && get(4) === '') errors.push('teto financiado: obrigatório quando há alíquota financiada');
    const law = get(5);
    if (errors.length === 0 && uf && asOf && rate !== null) {
      produces.push({
        series: 'itbi',
        city,
        state: uf,
        label: `ITBI ${city}`,
        value: Math.round(rate * 1e4) / 1e6,
        unit: 'fraction',
        asOf,
        source,
        uncertain: false,
        cadence: 'event',
        origin: 'import',
        ...(financedRate !== null ? { financedRate: Math.round(financedRate * 1e4) / 1e6 } : {}),
        ...(ceiling !== null ? { financedCeiling: ceiling } : {}),
        ...(law ? { law } : {}),
      });
    }
  }
  return { errors, produces };
}

/**
 * The file's cells, read on an extraction thread (`readTable`: decoded size, heap and time
 * bounded there); a bomb is 413, a sheet too slow to read 422, an unreadable one a file error.
 */
async function readCells(ctx: AppContext, adminId: string, input: ReferenceImportInput): Promise<{ cells: string[][] | null; error: string | null }> {
  const bytes = Buffer.from(input.contentBase64, 'base64');
  if (bytes.length === 0) return { cells: null, error: 'Arquivo vazio.' };
  if (bytes.length > REFERENCE_IMPORT_MAX_BYTES) return { cells: null, error: `Arquivo maior que ${REFERENCE_IMPORT_MAX_BYTES / 1024} KB.` };
  let cells: string[][];
  try {
    cells = await ctx.extraction.readTable(bytes, { owner: adminId });
  } catch (error) {
    if (!(error instanceof TableReadError)) throw error;
    if (error.reason === 'too-large') throw new AppError('TOO_LARGE', error.message);
    if (error.reason === 'timeout') throw new AppError('UNPROCESSABLE', error.message);
    return { cells: null, error: error.message };
  }
  // PostgreSQL text cannot hold NUL (it was a 500); a UTF-16 CSV is full of them.
  const nul = cells.findIndex((row) => row.some((c) => c.includes('\u0000')));
  if (nul >= 0) throw new AppError('VALIDATION', `A linha ${nul + 1} contém o caractere nulo (NUL): salve a planilha como CSV UTF-8 ou XLSX e envie novamente.`);
  return { cells, error: null };
}

/**
 * A cell a spreadsheet would run as a formula (OWASP 'CSV injection': '=', '+', '-', '@', tab or
 * CR first) unless it is a number ('-5' is one, and the range check answers it).
 */
function formulaLike(cell: string): boolean {
  return /^[=+\-@\t\r]/.test(cell) && parseBrNumber(cell) === null;
}

function isHeader(kind: ReferenceImportKind, row: string[]): boolean {
  const first = fold(row[0] ?? '');
  const expected = fold(REFERENCE_IMPORT_COLUMNS[kind][0]!);
  return first === expected || first.startsWith(expected.split(' ')[0]!);
}

export async function previewImport(
  ctx: AppContext,
  adminId: string,
  input: ReferenceImportInput,
  now: Date = new Date(),
): Promise<ReferenceImportPreview & { _produced: Produced[][] }> {
  const today = analysisDate(now.toISOString()) ?? now.toISOString().slice(0, 10);
  const columns = REFERENCE_IMPORT_COLUMNS[input.kind];
  const empty = { kind: input.kind, columns, rows: [], valid: 0, invalid: 0, _produced: [] };
  const { cells, error } = await readCells(ctx, adminId, input);
  if (!cells) return { ...empty, fileError: error };
  const lines = cells.map((row, i) => ({ line: i + 1, row })).filter((l) => l.row.some((c) => c.trim() !== ''));
  if (lines.length && isHeader(input.kind, lines[0]!.row)) lines.shift();
  if (lines.length === 0) return { ...empty, fileError: 'Nenhuma linha de dados no arquivo.' };
  if (lines.length > REFERENCE_IMPORT_MAX_ROWS) return { ...empty, fileError: `Mais de ${REFERENCE_IMPORT_MAX_ROWS} linhas: divida o arquivo.` };
  const rows = lines.map(({ line, row }) => {
    const r = validateLine(input.kind, row, today);
    return { line, cells: row.slice(0, columns.length), errors: r.errors, produces: r.produces };
  });
  return {
    kind: input.kind,
    columns,
    rows: rows.map((r) => ({ line: r.line, cells: r.cells, errors: r.errors, produces: r.produces.map((p) => ({ series: p.series, label: p.label, value: p.value, unit: p.unit, asOf: p.asOf })) })),
    valid: rows.filter((r) => r.errors.length === 0).length,
    invalid: rows.filter((r) => r.errors.length > 0).length,
    fileError: null,
    _produced: rows.map((r) => (r.errors.length ? [] : r.produces)),
  };
}

/** Stable id: the same line imported again is the same row (append-only, nothing overwritten). */
function rowId(p: Produced): string {
  const key = JSON.stringify([p.series, fold(p.city ?? ''), p.state ?? '', p.propertyType ?? '', p.asOf, p.value, p.source, p.financedRate ?? null, p.financedCeiling ?? null, p.law ?? null]);
  return `imp-${p.series}-${createHash('sha256').update(key).digest('hex').slice(0, 16)}`;
}

export async function commitImport(ctx: AppContext, request: FastifyRequest, adminId: string, input: ReferenceImportInput, now: Date = new Date()): Promise<ReferenceImportResult> {
  const preview = await previewImport(ctx, adminId, input, now);
  if (preview.fileError) throw new AppError('VALIDATION', preview.fileError);
  const produced = preview._produced.flat();
  if (produced.length === 0) throw new AppError('VALIDATION', 'Nenhuma linha válida para importar: corrija os erros indicados na prévia.');
  const batch = await insertImport(ctx.db, { kind: input.kind, origin: 'import', status: 'ok', fileName: input.fileName, importedBy: adminId });
  const added = await insertReferenceRows(
    ctx.db,
    produced.map((p) => ({
      id: rowId(p),
      series: p.series,
      city: p.city ?? null,
      state: p.state ?? null,
      propertyType: p.propertyType ?? null,
      label: p.label,
      value: p.value,
      unit: p.unit,
      asOf: p.asOf,
      source: p.source,
      cadence: p.cadence ?? 'monthly',
      uncertain: p.uncertain,
      note: p.note ?? null,
      extra: p.series === 'itbi' ? { financedRate: p.financedRate ?? null, financedCeiling: p.financedCeiling ?? null, law: p.law ?? null } : null,
      origin: 'import',
      importId: batch.id,
      importedBy: adminId,
    })),
  );
  const skipped = produced.length - added + preview.invalid;
  await updateImport(ctx.db, batch.id, { rowsAdded: added, rowsSkipped: skipped, status: preview.invalid ? 'partial' : 'ok', details: { lines: preview.rows.length, invalidLines: preview.rows.filter((r) => r.errors.length).map((r) => r.line) } });
  invalidateReferenceRows(ctx.db);
  await audit(ctx.db, request.log, {
    userId: adminId,
    action: 'reference_import',
    resource: 'reference_rows',
    success: true,
    details: { importId: batch.id, kind: input.kind, fileName: input.fileName, rowsAdded: added, rowsSkipped: skipped },
    ...requestMeta(request),
  });
  return { importId: batch.id, rowsAdded: added, rowsSkipped: skipped };
}
