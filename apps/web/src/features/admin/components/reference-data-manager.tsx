import { useId, useMemo, useRef, useState } from 'react';
import { CircleAlert, FileUp, RefreshCw } from 'lucide-react';
import {
  REFERENCE_IMPORT_COLUMNS,
  REFERENCE_IMPORT_KIND_LABELS,
  REFERENCE_IMPORT_KINDS,
  REFERENCE_IMPORT_MAX_BYTES,
  REFERENCE_ORIGIN_LABELS,
  type ReferenceImportInput,
  type ReferenceImportKind,
  type ReferenceImportPreview,
  type ReferenceRowView,
} from '@viabiliza/contracts/reference-data';

import { useCommitImport, usePreviewImport, useReferenceData, useRefreshSgs } from '@/features/admin/api/reference-data';
import { QueryError } from '@/components/errors/query-error';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatCurrency, formatDateTime, formatNumber } from '@/lib/format';

const MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];
const CADENCE_LABELS: Record<ReferenceRowView['cadence'], string> = { daily: 'diária', monthly: 'mensal', yearly: 'anual', event: 'quando muda' };

/** '2026-10' → 'out/2026'; '2026-10-31' → '31/10/2026'; '2026' → '2026'. */
export function formatAsOf(asOf: string): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(asOf);
  if (d) return `${d[3]}/${d[2]}/${d[1]}`;
  const m = /^(\d{4})-(\d{2})$/.exec(asOf);
  if (m) return `${MONTHS[Number(m[2]) - 1]}/${m[1]}`;
  return asOf;
}

export function formatReferenceValue(value: number, unit: string): string {
  if (unit === 'fraction') return `${formatNumber(value * 100, { maximumFractionDigits: 4 })}%`;
  if (unit === 'BRL/m2') return `${formatCurrency(value)}/m²`;
  if (unit === 'BRL/mes') return `${formatCurrency(value)}/mês`;
  if (unit === 'BRL') return formatCurrency(value);
  return formatNumber(value);
}

function SgsCard() {
  const { data } = useReferenceData();
  const refresh = useRefreshSgs();
  const sgs = data?.sgs;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Banco Central (SGS)</CardTitle>
        <CardDescription>Selic, IPCA, IGP-M e TR atualizados todo dia pelo servidor. Sem conexão, os valores já gravados continuam em uso.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap items-center justify-between gap-3">
        <div className="space-y-1 text-sm" data-testid="sgs-status">
          {sgs?.lastStatus && (
            <Badge variant={sgs.lastStatus === 'ok' ? 'default' : sgs.lastStatus === 'partial' ? 'secondary' : 'destructive'}>
              {sgs.lastStatus === 'ok' ? 'Atualizado' : sgs.lastStatus === 'partial' ? 'Parcial' : 'Falhou'}
            </Badge>
          )}
          <p>{sgs?.message ?? '—'}</p>
          {sgs?.lastRunAt && <p className="text-muted-foreground">Última tentativa: {formatDateTime(sgs.lastRunAt)}</p>}
        </div>
        <Button onClick={() => refresh.mutate()} disabled={refresh.isPending || !sgs?.enabled}>
          <RefreshCw aria-hidden className={refresh.isPending ? 'animate-spin' : undefined} />
          Atualizar agora
        </Button>
      </CardContent>
    </Card>
  );
}

async function fileToBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function PreviewTable({ preview }: { preview: ReferenceImportPreview }) {
  return (
    <div className="max-h-96 overflow-auto rounded-md border" data-testid="import-preview">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Linha</TableHead>
            {preview.columns.map((c) => (
              <TableHead key={c}>{c}</TableHead>
            ))}
            <TableHead>Situação</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {preview.rows.map((r) => (
            <TableRow key={r.line} data-invalid={r.errors.length > 0 || undefined} className={r.errors.length ? 'bg-destructive/5' : undefined}>
              <TableCell>{r.line}</TableCell>
              {preview.columns.map((c, i) => (
                <TableCell key={c} className="whitespace-nowrap">
                  {r.cells[i] ?? ''}
                </TableCell>
              ))}
              <TableCell className="min-w-56 whitespace-normal">
                {r.errors.length ? (
                  <ul className="list-disc pl-4 text-destructive">
                    {r.errors.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                ) : (
                  <span className="text-emerald-700 dark:text-emerald-400">
                    Válida: {r.produces.map((p) => `${p.label} ${formatReferenceValue(p.value, p.unit)}`).join('; ')}
                  </span>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

function ImportCard() {
  const kindId = useId();
  const fileId = useId();
  const [kind, setKind] = useState<ReferenceImportKind>('fipezap');
  const [input, setInput] = useState<ReferenceImportInput | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const preview = usePreviewImport();
  const commit = useCommitImport();

  const reset = () => {
    setInput(null);
    preview.reset();
    if (fileRef.current) fileRef.current.value = '';
  };

  const onFile = async (file: File | undefined) => {
    setFileError(null);
    preview.reset();
    commit.reset();
    if (!file) return;
    if (file.size > REFERENCE_IMPORT_MAX_BYTES) {
      setFileError(`Arquivo maior que ${REFERENCE_IMPORT_MAX_BYTES / 1024} KB.`);
      return;
    }
    const next = { kind, fileName: file.name, contentBase64: await fileToBase64(file) };
    setInput(next);
    preview.mutate(next);
  };

  const p = preview.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Importar tabela</CardTitle>
        <CardDescription>
          CSV (separado por ; ou ,) ou XLSX. Números no formato brasileiro (11.317,00). Colunas de {REFERENCE_IMPORT_KIND_LABELS[kind]}:{' '}
          <span className="font-medium">{REFERENCE_IMPORT_COLUMNS[kind].join(' · ')}</span>.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={kindId}>Tipo de tabela</Label>
            <NativeSelect
              id={kindId}
              value={kind}
              onChange={(e) => {
                setKind(e.target.value as ReferenceImportKind);
                reset();
              }}
            >
              {REFERENCE_IMPORT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {REFERENCE_IMPORT_KIND_LABELS[k]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-2">
            <Label htmlFor={fileId}>Arquivo</Label>
            <Input id={fileId} ref={fileRef} type="file" accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" onChange={(e) => void onFile(e.target.files?.[0])} />
          </div>
        </div>
        {fileError && <p className="text-sm text-destructive">{fileError}</p>}
        {preview.isPending && <Skeleton className="h-24 w-full" />}
        {p?.fileError && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden />
            <AlertTitle>Arquivo não aceito</AlertTitle>
            <AlertDescription>{p.fileError}</AlertDescription>
          </Alert>
        )}
        {p && !p.fileError && (
          <div className="space-y-3">
            <p className="text-sm" role="status">
              {p.valid} linha(s) válida(s), {p.invalid} com erro. Só as válidas serão gravadas.
            </p>
            <PreviewTable preview={p} />
            <div className="flex flex-wrap gap-2">
              <Button onClick={() => input && commit.mutate(input, { onSuccess: reset })} disabled={p.valid === 0 || commit.isPending}>
                <FileUp aria-hidden />
                Confirmar importação ({p.valid})
              </Button>
              <Button variant="outline" onClick={reset}>
                Cancelar
              </Button>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function RowsCard() {
  const { data, isPending, error, refetch } = useReferenceData();
  const seriesId = useId();
  const cityId = useId();
  const [series, setSeries] = useState('');
  const [city, setCity] = useState('');
  const allSeries = useMemo(() => [...new Set((data?.rows ?? []).map((r) => r.series))].sort(), [data]);
  const needle = city.trim().toLocaleLowerCase('pt-BR').normalize('NFD').replace(/[\u0300-\u036f]/g, '');
  const rows = (data?.rows ?? []).filter(
    (r) =>
      (!series || r.series === series) &&
      (!needle || `${r.city ?? ''} ${r.state ?? ''}`.toLocaleLowerCase('pt-BR').normalize('NFD').replace(/[\u0300-\u036f]/g, '').includes(needle)),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Valores em uso e históricos</CardTitle>
        <CardDescription>
          Cada valor com data e fonte. Uma análise usa, por série e local, o mais recente até a data dela. &lsquo;Desatualizado&rsquo;: mais antigo que duas vezes a periodicidade.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            <Label htmlFor={seriesId}>Série</Label>
            <NativeSelect id={seriesId} value={series} onChange={(e) => setSeries(e.target.value)}>
              <option value="">Todas</option>
              {allSeries.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="space-y-2">
            <Label htmlFor={cityId}>Cidade ou UF</Label>
            <Input id={cityId} value={city} onChange={(e) => setCity(e.target.value)} placeholder="Ex.: São Paulo" />
          </div>
        </div>
        {error ? (
          <QueryError title="Não foi possível carregar os dados de referência" error={error} onRetry={() => void refetch()} />
        ) : isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : (
          <div className="max-h-[32rem] overflow-auto rounded-md border" tabIndex={0} aria-label="Tabela de dados de referência">
            <Table data-testid="reference-rows">
              <TableHeader>
                <TableRow>
                  <TableHead>Descrição</TableHead>
                  <TableHead>Local</TableHead>
                  <TableHead className="text-right">Valor</TableHead>
                  <TableHead>Data</TableHead>
                  <TableHead>Fonte</TableHead>
                  <TableHead>Periodicidade</TableHead>
                  <TableHead>Origem</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id} data-testid="reference-row" data-origin={r.origin}>
                    <TableCell className="min-w-48 max-w-80 whitespace-normal">
                      <div className="flex flex-wrap items-center gap-1">
                        <span>{r.label}</span>
                        {r.current && <Badge variant="outline">em uso</Badge>}
                        {r.stale && r.current && <Badge variant="destructive">desatualizado</Badge>}
                        {r.uncertain && <Badge variant="secondary">incerto</Badge>}
                      </div>
                      <span className="text-xs text-muted-foreground">{r.series}{r.propertyType ? ` · ${r.propertyType}` : ''}</span>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{[r.city, r.state].filter(Boolean).join(' – ') || 'Brasil'}</TableCell>
                    <TableCell className="text-right whitespace-nowrap tabular-nums">{formatReferenceValue(r.value, r.unit)}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatAsOf(r.asOf)}</TableCell>
                    <TableCell className="min-w-48 max-w-72 text-xs whitespace-normal">{r.source}</TableCell>
                    <TableCell>{CADENCE_LABELS[r.cadence]}</TableCell>
                    <TableCell className="whitespace-nowrap">{REFERENCE_ORIGIN_LABELS[r.origin]}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        <p className="text-xs text-muted-foreground">{rows.length} valor(es)</p>
      </CardContent>
    </Card>
  );
}

export function ReferenceDataManager() {
  return (
    <div className="space-y-6">
      <SgsCard />
      <ImportCard />
      <RowsCard />
    </div>
  );
}
