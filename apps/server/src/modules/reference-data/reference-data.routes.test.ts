import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { referenceImports, referenceRows, securityAudit } from '@viabiliza/db/schema';
import { buildZip, xlsxBomb, xlsxEntries } from '@viabiliza/extract/test-fixtures';
import { ADMIN_EMAIL, createTestApp, eventually, signUp, type TestApp } from '../../../test/helper.ts';
import { refreshSgs } from './refresh.ts';
import { parseDate } from './import.ts';
import { sgsStatusOf } from './reference-data.service.ts';
import { SGS_SERIES } from './sgs.ts';

// A loopback server speaking SGS's JSON: never the real Banco Central in tests.
const IPCA_MONTHS = Array.from({ length: 13 }, (_, i) => {
  const t = 2025 * 12 + 9 + i; // 2025-10 … 2026-10
  return { data: `01/${String((t % 12) + 1).padStart(2, '0')}/${Math.floor(t / 12)}`, valor: '0.50' };
});
const answers: Record<string, { status: number; body: string }> = {
  '432': { status: 200, body: JSON.stringify([{ data: '30/09/2026', valor: '15.00' }, { data: '01/10/2026', valor: '14.75' }, { data: '31/10/2026', valor: '14.75' }]) },
  '433': { status: 200, body: JSON.stringify(IPCA_MONTHS) },
  '189': { status: 200, body: JSON.stringify([{ data: '2026-10-01', valor: 'x' }]) },
  '226': { status: 500, body: 'erro' },
};
const requested: string[] = [];
let sgs: Server;
let sgsUrl = '';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  sgs = createServer((req, res) => {
    requested.push(req.url ?? '');
    const code = /bcdata\.sgs\.(\d+)\/dados/.exec(req.url ?? '')?.[1] ?? '';
    const a = answers[code] ?? { status: 404, body: '[]' };
    res.writeHead(a.status, { 'content-type': 'application/json' }).end(a.body);
  });
  await new Promise<void>((resolve) => sgs.listen(0, '127.0.0.1', resolve));
  sgsUrl = `http://127.0.0.1:${(sgs.address() as AddressInfo).port}`;
  t = await createTestApp();
  admin = await signUp(t, { email: ADMIN_EMAIL });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => sgs?.close(resolve));
});

const withSgs = (url: string) => ({ ...t.runtime.ctx, config: { ...t.runtime.ctx.config, sgsBaseUrl: url } });
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
const inject = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('SGS refresh', () => {
  it('stores new dated rows, rejects a malformed series, reports the failing one, and a second run adds nothing', async () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const first = await refreshSgs(withSgs(sgsUrl), { now });
    // Two years back: 730 days before 2026-11-25 is 2024-11-25. Selic: one row per month (the month's last day seen) = 2; IPCA: 13 monthly + 12-month
    // accumulations for 2026-09 and 2026-10 (each needs 12 months) = 15. IGP-M malformed, TR 500.
    expect(first).toMatchObject({ status: 'partial', rowsAdded: 17 });
    expect(first.errors.join(' | ')).toContain('IGP-M: item 1 do SGS inválido');
    expect(first.errors.join(' | ')).toContain('TR: Banco Central respondeu 500');
    expect(requested.some((u) => u.includes('bcdata.sgs.432/dados?formato=json&dataInicial=25/11/2024&dataFinal=25/11/2026'))).toBe(true);

    const db = t.database.db;
    const [selic] = await db.select().from(referenceRows).where(eq(referenceRows.id, 'sgs-432-2026-10'));
    expect(selic).toMatchObject({ series: 'selic', value: 0.1475, asOf: '2026-10-31', origin: 'sgs', cadence: 'monthly' });
    const [ipca12] = await db.select().from(referenceRows).where(eq(referenceRows.id, 'sgs-433-12m-2026-10'));
    // 1,005^12 − 1 = 0,0616778… → 0,061678
    expect(ipca12).toMatchObject({ series: 'ipca', value: 0.061678, asOf: '2026-10' });
    expect((await db.select().from(referenceRows).where(eq(referenceRows.series, 'igpm-mensal'))).length).toBe(0);

    const again = await refreshSgs(withSgs(sgsUrl), { now });
    expect(again.rowsAdded).toBe(0);
  });

  it('says so when Banco Central cannot be reached, keeping the rows it has', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const out = await refreshSgs(withSgs(deadUrl), { now: new Date('2026-11-25T12:00:00Z'), timeoutMs: 2000 });
    expect(out.status).toBe('failed');
    expect(out.errors[0]).toBe('Selic: Banco Central indisponível (sem conexão)');
    const [run] = await t.database.db.select().from(referenceImports).where(eq(referenceImports.status, 'failed'));
    expect(run?.error).toContain('Banco Central indisponível');
    // Without SGS configured (tests, SGS_BASE_URL=off) the page says the refresh is off.
    const page = (await inject(admin.cookie, 'GET', '/api/admin/reference-data')).json();
    expect(page.sgs).toMatchObject({ enabled: false });
    expect(page.sgs.message).toContain('desativada');
    expect(page.rows.find((r: { id: string }) => r.id === 'sgs-432-2026-10')).toMatchObject({ origin: 'sgs', cadence: 'monthly' });
  });
});

// One series at a time against a loopback server whose answer each test sets.
describe('SGS answers are checked', () => {
  const selic = [SGS_SERIES.find((s) => s.code === 432)!];
  const now = new Date('2026-11-25T12:00:00Z');
  let handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void = (_req, res) => res.end('[]');
  let hostile: Server;
  let hostileUrl = '';
  const elsewhere: string[] = [];
  let other: Server;
  let otherUrl = '';
  beforeAll(async () => {
    hostile = createServer((req, res) => handler(req, res));
    other = createServer((req, res) => {
      elsewhere.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ data: '31/10/2026', valor: '1.00' }]));
    });
    await Promise.all([hostile, other].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
    hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    // 'localhost' is another host name than the configured 127.0.0.1.
    otherUrl = `http://localhost:${(other.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await Promise.all([hostile, other].map((server) => new Promise((resolve) => server?.close(resolve))));
  });

  it('stops reading an answer past 2 MB', async () => {
    let sent = 0;
    handler = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const write = () => {
        // 300 MB were on offer; the client hangs up after 2 MB.
        while (sent < 300 * 1024 * 1024 && res.write(chunk)) sent += chunk.length;
        if (sent < 300 * 1024 * 1024 && !res.destroyed) res.once('drain', write);
        else res.end();
      };
      write();
    };
    const out = await refreshSgs(withSgs(hostileUrl), { now, series: selic, timeoutMs: 5000 });
    expect(out).toMatchObject({ status: 'failed', rowsAdded: 0 });
    expect(out.errors).toEqual(['Selic: resposta do SGS maior que 2 MB']);
    expect(sent).toBeLessThan(50 * 1024 * 1024);
  });

  it('follows a redirect on the same host only', async () => {
    handler = (req, res) => {
      if (req.url?.startsWith('/dados/')) res.writeHead(302, { location: `/v2${req.url}` }).end();
      else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ data: '31/10/2026', valor: '14.75' }]));
    };
    const same = await refreshSgs(withSgs(hostileUrl), { now, series: selic });
    expect(same.status).toBe('ok');

    handler = (req, res) => res.writeHead(302, { location: `${otherUrl}${req.url}` }).end();
    const out = await refreshSgs(withSgs(hostileUrl), { now, series: selic });
    expect(out.status).toBe('failed');
    expect(out.errors[0]).toMatch(/^Selic: redirecionamento para outro servidor recusado \(localhost:\d+\)$/);
    expect(elsewhere).toEqual([]);
  });

  it('refuses an implausible Selic, keeps the stored one and tells the admin', async () => {
    handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ data: '31/10/2026', valor: '99999999999.00' }]));
    const out = await refreshSgs(withSgs(hostileUrl), { now, series: selic });
    const message = 'Selic: Valor implausível recebido do SGS para Selic: 99.999.999.999 % em 31/10/2026 (aceito de 0 a 100 % a.a.); mantido o valor anterior';
    expect(out).toMatchObject({ status: 'failed', rowsAdded: 0, errors: [message] });
    const [stored] = await t.database.db.select().from(referenceRows).where(eq(referenceRows.id, 'sgs-432-2026-10'));
    expect(stored?.value).toBe(0.1475);
    // What the admin page shows as the refresh's state.
    expect((await sgsStatusOf(withSgs(hostileUrl))).message).toBe(`Última tentativa falhou: ${message}. Os valores anteriores continuam em uso.`);
  });

  it('stores a plausible value', async () => {
    handler = (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([{ data: '30/11/2026', valor: '14.25' }]));
    const out = await refreshSgs(withSgs(hostileUrl), { now: new Date('2026-11-30T12:00:00Z'), series: selic });
    expect(out).toMatchObject({ status: 'ok', rowsAdded: 1 });
    const [stored] = await t.database.db.select().from(referenceRows).where(eq(referenceRows.id, 'sgs-432-2026-11'));
    expect(stored).toMatchObject({ series: 'selic', value: 0.1425 });
  });
});

const FIPE_CSV = [
  'cidade;UF;venda R$/m²;aluguel R$/m²;data;fonte;tipo de imóvel',
  'São Paulo;SP;12.500,00;65,10;10/2026;FipeZAP out/2026 (planilha oficial);',
  'Campinas;SP;12,5a;;10/2026;FipeZAP out/2026;',
  'Recife;XX;9.000;;10/2026;;',
  'Natal;RN;8.000;;12/2099;FipeZAP;',
].join('\n');

describe('reference data admin routes', () => {
  it('answer 401 without a session and 403 to a non-admin', async () => {
    const user = await signUp(t);
    expect((await t.app.inject({ url: '/api/admin/reference-data' })).statusCode).toBe(401);
    expect((await inject(user.cookie, 'GET', '/api/admin/reference-data')).statusCode).toBe(403);
    const payload = { kind: 'fipezap', fileName: 'f.csv', contentBase64: b64(FIPE_CSV) };
    expect((await inject(user.cookie, 'POST', '/api/admin/reference-data/import', payload)).statusCode).toBe(403);
    expect((await inject(user.cookie, 'POST', '/api/admin/reference-data/refresh')).statusCode).toBe(403);
  });

  it('lists shipped rows with date, source, cadence and staleness', async () => {
    const page = (await inject(admin.cookie, 'GET', '/api/admin/reference-data')).json();
    const sp = page.rows.find((r: { id: string }) => r.id === 'fipezap-venda-sao-paulo-2024-11');
    expect(sp).toMatchObject({ origin: 'shipped', asOf: '2024-11', cadence: 'monthly', source: 'FipeZAP, preços anunciados (não transações)' });
    // Nov 2024 is more than 2 months before any day this test runs.
    expect(sp.stale).toBe(true);
    expect(page.rows.find((r: { id: string }) => r.id === 'itbi-sao-paulo')).toMatchObject({ cadence: 'event', stale: false });
  });

  it('previews an import with each line’s errors in Portuguese, stores only the valid lines on confirmation, audited', async () => {
    const payload = { kind: 'fipezap', fileName: 'fipezap-out-2026.csv', contentBase64: b64(FIPE_CSV) };
    const preview = (await inject(admin.cookie, 'POST', '/api/admin/reference-data/import/preview', payload)).json();
    expect(preview).toMatchObject({ valid: 1, invalid: 3, fileError: null });
    expect(preview.rows.map((r: { line: number }) => r.line)).toEqual([2, 3, 4, 5]);
    expect(preview.rows[0].produces).toEqual([
      { series: 'fipezap-venda', label: 'FipeZAP venda São Paulo (R$/m²)', value: 12500, unit: 'BRL/m2', asOf: '2026-10' },
      { series: 'fipezap-aluguel', label: 'FipeZAP aluguel São Paulo (R$/m² ao mês)', value: 65.1, unit: 'BRL/m2', asOf: '2026-10' },
    ]);
    expect(preview.rows[1].errors).toEqual(["venda R$/m²: número inválido '12,5a'"]);
    expect(preview.rows[2].errors).toEqual(["UF desconhecida 'XX'", 'fonte: obrigatória (publicação ou página oficial)']);
    expect(preview.rows[3].errors).toEqual(["data no futuro '12/2099'"]);
    // Nothing stored by a preview.
    expect((await t.database.db.select().from(referenceRows).where(eq(referenceRows.origin, 'import'))).length).toBe(0);

    const res = await inject(admin.cookie, 'POST', '/api/admin/reference-data/import', payload);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ rowsAdded: 2, rowsSkipped: 3 });
    const stored = await t.database.db.select().from(referenceRows).where(eq(referenceRows.origin, 'import'));
    expect(stored.map((r) => [r.series, r.value, r.importedBy])).toEqual(
      expect.arrayContaining([
        ['fipezap-venda', 12500, admin.user.id],
        ['fipezap-aluguel', 65.1, admin.user.id],
      ]),
    );
    const audits = await t.database.db.select().from(securityAudit).where(eq(securityAudit.action, 'reference_import'));
    expect(audits[0]?.details).toMatchObject({ kind: 'fipezap', rowsAdded: 2, fileName: 'fipezap-out-2026.csv' });
    // The same file again: append-only, nothing new.
    expect((await inject(admin.cookie, 'POST', '/api/admin/reference-data/import', payload)).json()).toMatchObject({ rowsAdded: 0 });

    const page = (await inject(admin.cookie, 'GET', '/api/admin/reference-data')).json();
    const row = page.rows.find((r: { series: string; origin: string }) => r.series === 'fipezap-venda' && r.origin === 'import');
    expect(row).toMatchObject({ city: 'São Paulo', value: 12500, current: true, source: 'FipeZAP out/2026 (planilha oficial)' });
    expect(page.rows.find((r: { id: string }) => r.id === 'fipezap-venda-sao-paulo-2024-11').current).toBe(false);
  });

  it('then uses the imported row in an analysis of that city, citing it', async () => {
    const { cookie } = await signUp(t);
    const questionnaire = { city: 'São Paulo', state: 'SP', propertyType: 'apartamento', usableArea: '80', targetValue: '900.000', address: 'Rua Augusta, 100' };
    const res = await t.app.inject({ method: 'POST', url: '/api/analyses/runs', payload: { analysisType: 'market', questionnaire }, headers: { cookie } });
    expect(res.statusCode).toBe(202);
    const run = await eventually(async () => {
      const r = (await t.app.inject({ url: `/api/analyses/runs/${res.json().run.id}`, headers: { cookie } })).json().run;
      return r.status === 'completed' || r.status === 'failed' ? r : null;
    }, 30_000);
    expect(run.status).toBe('completed');
    const { analysis } = (await t.app.inject({ url: `/api/analyses/${run.analysisId}`, headers: { cookie } })).json();
    const ref = analysis.result.market.referencePricePerSqm;
    expect(ref.value).toBe(12500);
    expect(ref.source).toMatchObject({ kind: 'reference', asOf: '2026-10', source: 'FipeZAP out/2026 (planilha oficial)' });
    expect(ref.source.referenceId).toMatch(/^imp-fipezap-venda-/);
    expect(analysis.result.references.map((r: { id: string }) => r.id)).toContain(ref.source.referenceId);
  });

  it('imports CUB and ITBI tables with Brazilian numbers', async () => {
    const cub = 'UF;R$/m²;data;fonte\nBA;2.345,67;09/2026;Sinduscon-BA, CUB set/2026\n';
    const c = (await inject(admin.cookie, 'POST', '/api/admin/reference-data/import', { kind: 'cub', fileName: 'cub.csv', contentBase64: b64(cub) })).json();
    expect(c).toMatchObject({ rowsAdded: 1, rowsSkipped: 0 });
    const itbi = 'cidade,UF,alíquota (%),alíquota financiada (%),teto financiado R$,lei,data,fonte\nSalvador,BA,3,"0,5","120.000,00",Lei 1/2000,01/01/2026,Prefeitura de Salvador\n';
    const i = (await inject(admin.cookie, 'POST', '/api/admin/reference-data/import', { kind: 'itbi', fileName: 'itbi.csv', contentBase64: b64(itbi) })).json();
    expect(i).toMatchObject({ rowsAdded: 1 });
    const [row] = await t.database.db.select().from(referenceRows).where(eq(referenceRows.series, 'itbi'));
    expect(row).toMatchObject({ city: 'Salvador', state: 'BA', value: 0.03, cadence: 'event', extra: { financedRate: 0.005, financedCeiling: 120000, law: 'Lei 1/2000' } });
    const [cubRow] = await t.database.db.select().from(referenceRows).where(eq(referenceRows.series, 'cub'));
    expect(cubRow).toMatchObject({ state: 'BA', value: 2345.67, asOf: '2026-09' });
  });

  it("imports the Tesouro IPCA+ rate: the rental hurdle of a new analysis starts from it", async () => {
    const csv = 'título;taxa real (% a.a.);data;fonte\nTesouro IPCA+ 2035;6,85;20/11/2026;Tesouro Direto, taxas de 20/11/2026\n';
    const res = (await inject(admin.cookie, 'POST', '/api/admin/reference-data/import', { kind: 'tesouro', fileName: 'tesouro.csv', contentBase64: b64(csv) })).json();
    expect(res).toMatchObject({ rowsAdded: 1 });
    const [row] = await t.database.db.select().from(referenceRows).where(eq(referenceRows.series, 'tesouro-ipca-longo'));
    expect(row).toMatchObject({ value: 0.0685, asOf: '2026-11-20', cadence: 'monthly' });
    const imported = (await t.app.inject({ url: '/api/admin/reference-data', headers: { cookie: admin.cookie } })).json().rows.find((r: { series: string; origin: string }) => r.series === 'tesouro-ipca-longo' && r.origin === 'import');
    expect(imported).toMatchObject({ current: true, label: 'Tesouro IPCA+ 2035 (juros reais, a.a.)' });
  });

  it('refuses a NUL character with a 400 in Portuguese, and formula cells line by line', async () => {
    const nul = await inject(admin.cookie, 'POST', '/api/admin/reference-data/import', { kind: 'cub', fileName: 'x.csv', contentBase64: b64('UF;R$/m²;data;fonte\nBA;1;09/2026;Sind\u0000uscon\n') });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.message).toBe('A linha 2 contém o caractere nulo (NUL): salve a planilha como CSV UTF-8 ou XLSX e envie novamente.');
    const formulas = 'cidade;UF;alíquota (%);alíquota financiada (%);teto financiado R$;lei;data;fonte\n=HYPERLINK("http://x");BA;3;;;;01/01/2026;Prefeitura\nIlhéus;BA;3;;;@SUM(1);01/01/2026;Prefeitura\nItabuna;BA;-2;;;;01/01/2026;Prefeitura\n';
    const preview = (await inject(admin.cookie, 'POST', '/api/admin/reference-data/import/preview', { kind: 'itbi', fileName: 'f.csv', contentBase64: b64(formulas) })).json();
    expect(preview.rows.map((r: { errors: string[] }) => r.errors)).toEqual([
      ["cidade: começa com '=' e seria lida como fórmula de planilha; não é aceita"],
      ["lei: começa com '@' e seria lida como fórmula de planilha; não é aceita"],
      // A negative number is a number: the range check answers it.
      ["alíquota (%): valor fora da faixa '-2'"],
    ]);
    expect(preview.valid).toBe(0);
  });

  it('reads an XLSX zip bomb on an extraction thread: refused in Portuguese, the API answering meanwhile', { timeout: 60_000 }, async () => {
    const bomb = xlsxBomb(); // about 430 KB inflating to 400 MiB
    const rssBefore = process.memoryUsage.rss();
    let done = false;
    const latencies: number[] = [];
    const poll = (async () => {
      while (!done) {
        const started = performance.now();
        const health = await t.app.inject({ url: '/api/health' });
        latencies.push(performance.now() - started);
        expect(health.statusCode).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    try {
      for (const url of ['/api/admin/reference-data/import/preview', '/api/admin/reference-data/import']) {
        const res = await inject(admin.cookie, 'POST', url, { kind: 'cub', fileName: 'bomba.xlsx', contentBase64: bomb.toString('base64') });
        expect(res.statusCode).toBe(413);
        expect(res.json().error).toEqual({ code: 'TOO_LARGE', message: 'Planilha com conteúdo compactado grande demais (possível bomba de descompressão): o limite é de 8 MB descompactados.' });
      }
      // A small XLSX still imports once the bomb is refused.
      const cub = buildZip(xlsxEntries([['UF', 'R$/m²', 'data', 'fonte'], ['PE', '2.100,00', '09/2026', 'Sinduscon-PE']]));
      expect((await inject(admin.cookie, 'POST', '/api/admin/reference-data/import', { kind: 'cub', fileName: 'cub.xlsx', contentBase64: cub.toString('base64') })).json()).toMatchObject({ rowsAdded: 1 });
    } finally {
      done = true;
      await poll;
    }
    const max = Math.max(...latencies);
    console.info(`health during the bomb: ${latencies.length} polls, max ${max.toFixed(0)} ms`);
    expect(latencies.length).toBeGreaterThan(0);
    expect(max).toBeLessThan(1000);
    expect(process.memoryUsage.rss() - rssBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses an empty file and a file without valid lines', async () => {
    const empty = await inject(admin.cookie, 'POST', '/api/admin/reference-data/import/preview', { kind: 'cub', fileName: 'x.csv', contentBase64: b64('UF;R$/m²;data;fonte\n') });
    expect(empty.json().fileError).toBe('Nenhuma linha de dados no arquivo.');
    const bad = await inject(admin.cookie, 'POST', '/api/admin/reference-data/import', { kind: 'cub', fileName: 'x.csv', contentBase64: b64('ZZ;1;09/2026;x\n') });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toContain('Nenhuma linha válida');
  });
});

describe('import parsing', () => {
  it('reads dates as a person in Brazil writes them', () => {
    expect(parseDate('05/03/2026')).toBe('2026-03-05');
    expect(parseDate('3/2026')).toBe('2026-03');
    expect(parseDate('nov/2024')).toBe('2024-11');
    expect(parseDate('2026-10')).toBe('2026-10');
    expect(parseDate('31/02/2026')).toBeNull();
    expect(parseDate('13/2026')).toBeNull();
  });
});
