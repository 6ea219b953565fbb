import { useState, type FormEvent } from 'react';
import { Download, Search, Trash2 } from 'lucide-react';
import { logLevelName, type LogLevelName } from '@viabiliza/contracts/audit';

import { useServerLogs, type ServerLogSearch } from '@/features/admin/api/get-server-logs';
import { QueryError } from '@/components/errors/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { formatDateTime, formatNumber } from '@/lib/format';
import { LOG_CAPS, clearLogs, exportErrorReport, getAppLog, getErrorLog } from '@/lib/logger';

const LEVEL_LABELS: Record<LogLevelName, string> = { trace: 'trace', debug: 'debug', info: 'info', warn: 'warn', error: 'error', fatal: 'fatal' };
const levelBadge = (level: string) => (level === 'error' || level === 'fatal' ? 'destructive' : level === 'warn' ? 'warning' : 'secondary');

function ServerLogs() {
  const [requestId, setRequestId] = useState('');
  const [level, setLevel] = useState<LogLevelName>('info');
  const [search, setSearch] = useState<ServerLogSearch | null>(null);
  const logs = useServerLogs(search);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch({ requestId: requestId.trim(), level });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Logs do servidor</CardTitle>
        <CardDescription>
          Últimas linhas do log desta instância, mantidas em memória. Busque pelo id de requisição (cabeçalho x-request-id, presente também nos
          relatórios de erro do navegador).
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
          <div className="min-w-0 flex-1 space-y-1">
            <Label htmlFor="log-request-id">Id da requisição</Label>
            <Input id="log-request-id" value={requestId} onChange={(e) => setRequestId(e.target.value)} placeholder="ex.: 3f2b…" maxLength={100} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="log-level">Nível mínimo</Label>
            <NativeSelect id="log-level" value={level} onChange={(e) => setLevel(logLevelName.parse(e.target.value))}>
              {logLevelName.options.map((l) => (
                <option key={l} value={l}>
                  {LEVEL_LABELS[l]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" disabled={logs.isFetching}>
            <Search aria-hidden />
            Buscar logs
          </Button>
        </form>
        {logs.isError ? (
          <QueryError title="Falha ao carregar os logs do servidor" error={logs.error} onRetry={() => void logs.refetch()} isRetrying={logs.isFetching} />
        ) : logs.data ? (
          <div className="space-y-2">
            <p className="text-xs text-muted-foreground">
              {formatNumber(logs.data.lines.length)} linhas encontradas · {formatNumber(logs.data.held)} de {formatNumber(logs.data.capacity)} linhas guardadas nesta instância
            </p>
            {logs.data.lines.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nenhuma linha de log encontrada.</p>
            ) : (
              <ul className="max-h-[28rem] divide-y overflow-auto rounded-md border font-mono text-xs" data-testid="server-log-lines">
                {logs.data.lines.map((line, i) => (
                  <li key={`${line.time}-${i}`} className="space-y-1 p-2">
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge variant={levelBadge(line.level)}>{line.level}</Badge>
                      <span>{formatDateTime(line.time)}</span>
                      <span className="font-semibold break-all">{line.message}</span>
                    </div>
                    <pre className="break-all whitespace-pre-wrap text-muted-foreground">{JSON.stringify({ requestId: line.requestId, ...line.data })}</pre>
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

function BrowserLogs() {
  // The logs live outside React; re-read them when asked.
  const [, setVersion] = useState(0);
  const errors = [...getErrorLog()].reverse();
  const app = getAppLog();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Logs deste navegador</CardTitle>
        <CardDescription>
          Log de erros (até {LOG_CAPS.errors} em memória, {LOG_CAPS.storedErrors} guardados) e log da aplicação (até {LOG_CAPS.app} em memória,{' '}
          {LOG_CAPS.storedAppErrors} erros guardados).
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => exportErrorReport()}>
            <Download aria-hidden />
            Exportar relatório de erros
          </Button>
          <Button
            variant="ghost"
            onClick={() => {
              clearLogs();
              setVersion((v) => v + 1);
            }}
          >
            <Trash2 aria-hidden />
            Limpar
          </Button>
        </div>
        <p className="text-xs text-muted-foreground">
          {formatNumber(errors.length)} erros · {formatNumber(app.length)} entradas no log da aplicação
        </p>
        {errors.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nenhum erro registrado nesta sessão.</p>
        ) : (
          <ul className="max-h-72 divide-y overflow-auto rounded-md border text-sm">
            {errors.slice(0, 20).map((e) => (
              <li key={e.id} className="space-y-1 p-2">
                <p className="font-medium break-words">{e.message}</p>
                <p className="text-xs text-muted-foreground">
                  {formatDateTime(e.timestamp)}
                  {typeof e.context?.requestId === 'string' ? ` · requisição ${e.context.requestId}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export function LogsPanel() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ServerLogs />
      <BrowserLogs />
    </div>
  );
}
