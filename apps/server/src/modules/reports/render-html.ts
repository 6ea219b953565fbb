import { createElement as h, Fragment, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { CashFlowChart } from './cash-flow-chart.ts';
import type { Block, Cell, ReportModel, Section, Span } from './report-model.ts';

/**
 * The HTML report: one self-contained page rendered on the server with React (which escapes every
 * string it is given), inline CSS, an inline SVG chart and no script at all. The page's own CSP
 * allows no script, no network and no form, so even a stored page opened from disk stays inert.
 * The tree is written with createElement because the server's tsconfig has no JSX.
 */

export const REPORT_HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; base-uri 'none'; form-action 'none'";

const NEGATIVE = '#dc2626';
const POSITIVE = '#16a34a';

function spans(list: readonly Span[]): ReactNode {
  return list.map((s, i) => {
    let node: ReactNode = s.text;
    if (s.italic) node = h('em', null, node);
    if (s.bold) node = h('strong', null, node);
    return h(Fragment, { key: i }, node);
  });
}

function cellClass(cell: Cell, align: 'left' | 'right' | undefined): string | undefined {
  const classes = [align === 'right' ? 'num' : null, cell.tone ?? null, cell.base ? 'base' : null, cell.bold ? 'b' : null].filter(Boolean);
  return classes.length ? classes.join(' ') : undefined;
}

/** From this many columns a table becomes one card per row on a phone (below 640 px). */
const STACK_FROM_COLUMNS = 3;

/**
 * A table of the report. On a phone (issue 18 §7) one of three columns or more stacks: each row a card, each value
 * under its column's name (data-label, drawn by CSS; the page has no script). The roles are explicit
 * because a table restyled as blocks may lose its table semantics for a screen reader. A two-column
 * one stays a table; should it still be wider than the screen, it scrolls in its box with the first
 * column pinned.
 */
function tableBlock(block: Extract<Block, { kind: 'table' }>, key: number): ReactNode {
  const total = block.columns.reduce((n, c) => n + c.weight, 0) || 1;
  const stack = block.columns.length >= STACK_FROM_COLUMNS;
  // The caption stays outside the horizontally scrolling box so a narrow screen still reads it whole.
  return h(
    Fragment,
    { key },
    block.caption ? h('p', { className: 'caption' }, block.caption) : null,
    h(
      'div',
      { className: stack ? 'table-wrap stack' : 'table-wrap', 'data-scroll-cue': '' },
      h(
        'table',
        { role: 'table', 'aria-label': block.caption || undefined },
        h('colgroup', null, ...block.columns.map((c, i) => h('col', { key: i, style: { width: `${((c.weight / total) * 100).toFixed(1)}%` } }))),
        h(
          'thead',
          { role: 'rowgroup' },
          h('tr', { role: 'row' }, ...block.columns.map((c, i) => h('th', { key: i, scope: 'col', role: 'columnheader', className: c.align === 'right' ? 'num' : undefined }, c.label))),
        ),
        h(
          'tbody',
          { role: 'rowgroup' },
          ...block.rows.map((row, r) =>
            h(
              'tr',
              { key: r, role: 'row' },
              ...row.map((cell, c) =>
                h(
                  'td',
                  { key: c, role: 'cell', 'data-label': block.columns[c]?.label, className: cellClass(cell, block.columns[c]?.align) },
                  h('span', { className: 'v' }, cell.text, cell.note ? h('span', { className: 'note' }, cell.note) : null),
                ),
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

function chartSvg(chart: CashFlowChart, title: string, colors: ReportModel['colors']): ReactNode {
  const { plot } = chart;
  const points = chart.line.map((p) => `${p.x},${p.y}`).join(' ');
  return h(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      viewBox: `0 0 ${chart.width} ${chart.height}`,
      role: 'img',
      'aria-label': `${title}. ${chart.summary}`,
      className: 'chart-svg',
    },
    h('title', null, title),
    ...chart.ticks.map((t, i) =>
      h(
        'g',
        { key: `t${i}` },
        h('line', { x1: plot.left, x2: plot.right, y1: t.y, y2: t.y, stroke: '#e5e7eb', strokeWidth: 1 }),
        h('text', { x: plot.left - 6, y: t.y + 3.5, textAnchor: 'end', fontSize: 10, fill: '#6b7280' }, t.label),
      ),
    ),
    ...chart.bars.map((b, i) =>
      h('rect', { key: `b${i}`, x: b.x, y: b.y, width: b.width, height: b.height, rx: 1.5, fill: b.positive ? colors.primary : NEGATIVE, fillOpacity: 0.85 }),
    ),
    h('line', { x1: plot.left, x2: plot.right, y1: chart.zeroY, y2: chart.zeroY, stroke: '#374151', strokeWidth: 1 }),
    chart.line.length > 1 ? h('polyline', { points, fill: 'none', stroke: colors.accent, strokeWidth: 2.5, strokeLinejoin: 'round' }) : null,
    ...chart.line.map((p, i) => h('circle', { key: `p${i}`, cx: p.x, cy: p.y, r: 3, fill: '#ffffff', stroke: colors.accent, strokeWidth: 2 })),
    ...chart.xLabels.map((l, i) => h('text', { key: `x${i}`, x: l.x, y: plot.bottom + 16, textAnchor: 'middle', fontSize: 10, fill: '#374151' }, l.label)),
  );
}

function chartBlock(block: Extract<Block, { kind: 'chart' }>, key: number, colors: ReportModel['colors']): ReactNode {
  return h(
    'figure',
    { key, className: 'chart' },
    h('figcaption', null, h('strong', null, block.title)),
    chartSvg(block.chart, block.title, colors),
    h(
      'div',
      { className: 'legend' },
      h('span', null, h('i', { className: 'sw', style: { background: colors.primary } }), 'Fluxo líquido do ano (positivo)'),
      h('span', null, h('i', { className: 'sw', style: { background: NEGATIVE } }), 'Fluxo líquido do ano (negativo)'),
      h('span', null, h('i', { className: 'ln', style: { background: colors.accent } }), 'Saldo acumulado'),
    ),
  );
}

function block(b: Block, key: number, colors: ReportModel['colors']): ReactNode {
  switch (b.kind) {
    case 'subheading':
      return h('h3', { key }, b.text);
    case 'paragraph':
      return h('p', { key, className: b.tone }, spans(b.spans));
    case 'list':
      return h(b.ordered ? 'ol' : 'ul', { key }, ...b.items.map((item, i) => h('li', { key: i }, spans(item))));
    case 'table':
      return tableBlock(b, key);
    case 'figures':
      return h(
        'div',
        { key, className: 'figures' },
        ...b.items.map((f, i) =>
          h(
            'div',
            { key: i, className: 'figure' },
            h('div', { className: 'label' }, f.label),
            h('div', { className: 'value' }, f.value),
            f.note ? h('div', { className: 'note' }, f.note) : null,
            h('div', { className: 'src' }, `Fonte: ${f.source}`),
          ),
        ),
      );
    case 'insights':
      if (b.items.length === 0) return b.empty ? h('p', { key, className: 'muted' }, b.empty) : null;
      return h(
        'ul',
        { key, className: 'insights' },
        ...b.items.map((item, i) =>
          h(
            'li',
            { key: i, className: `sev-${item.severity}` },
            h('div', { className: 'head' }, h('span', { className: 'sev' }, item.severityLabel), h('strong', null, item.title)),
            h('p', null, item.detail),
            item.sources ? h('p', { className: 'src' }, `Fonte: ${item.sources}`) : null,
          ),
        ),
      );
    case 'chart':
      return chartBlock(b, key, colors);
  }
}

function section(s: Section, colors: ReportModel['colors']): ReactNode {
  return h('section', { key: s.id, id: s.id, className: 'section' }, h('h2', null, s.title), ...s.blocks.map((b, i) => block(b, i, colors)));
}

/** Colours reach the CSS only as validated #RRGGBB (see report-model `safeColors`). */
function css(colors: ReportModel['colors']): string {
  return `
:root{--primary:${colors.primary};--secondary:${colors.secondary};--accent:${colors.accent};--ink:#111827;--muted:#4b5563;--line:#e5e7eb;--soft:#f8fafc}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#eef2f7;color:var(--ink);font:14px/1.55 -apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Liberation Sans",sans-serif}
.report{max-width:960px;margin:24px auto;background:#fff;padding:0 0 32px;box-shadow:0 1px 3px rgba(0,0,0,.08);border-radius:8px;overflow:hidden}
.brand{display:flex;justify-content:space-between;align-items:center;gap:16px;padding:14px 40px;background:var(--primary);color:#fff}
.brand .company{font-size:18px;font-weight:700;letter-spacing:.2px;overflow-wrap:anywhere}
.brand .kind{font-size:12px;opacity:.9;text-align:right}
.accent-bar{height:4px;background:var(--accent)}
.cover{display:flex;flex-wrap:wrap;gap:24px;justify-content:space-between;align-items:flex-start;padding:28px 40px 8px}
.cover .titles{flex:1 1 420px;min-width:0}
.cover .kicker{margin:0 0 4px;color:var(--secondary);font-size:13px;font-weight:600;text-transform:uppercase;letter-spacing:.6px}
h1{margin:0;font-size:28px;line-height:1.2;overflow-wrap:anywhere}
.address{margin:6px 0 0;color:var(--muted);overflow-wrap:anywhere}
.score{flex:0 0 220px;border:2px solid var(--score);border-radius:10px;padding:14px 16px;text-align:center}
.score .value{font-size:40px;font-weight:800;line-height:1;color:var(--score)}
.score .value small{font-size:18px;color:var(--muted);font-weight:600}
.score .label{margin-top:6px;font-weight:700}
.score .comp{margin-top:4px;font-size:12px;color:var(--muted)}
.meta{margin:16px 40px 0;padding:14px 16px;background:var(--soft);border:1px solid var(--line);border-radius:8px}
.meta h2{margin:0 0 10px;font-size:14px;color:var(--secondary);text-transform:uppercase;letter-spacing:.5px;border:0;padding:0}
.meta dl{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:8px 20px;margin:0}
.meta dt{font-size:11px;color:var(--muted);text-transform:uppercase;letter-spacing:.4px}
.meta dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.badge{display:inline-block;padding:1px 8px;border-radius:999px;color:#fff;font-size:12px;font-weight:700;margin-right:6px}
.section{padding:8px 40px 0}
h2{font-size:20px;margin:28px 0 12px;padding:0 0 6px 12px;border-left:4px solid var(--primary);border-bottom:1px solid var(--line);color:var(--ink)}
h3{font-size:15px;margin:20px 0 8px;color:var(--secondary)}
p{margin:8px 0;overflow-wrap:anywhere}
p.muted{color:var(--muted);font-size:13px}
p.note{background:#fffbeb;border-left:3px solid #f59e0b;padding:8px 12px;border-radius:4px}
ul,ol{margin:8px 0;padding-left:22px}
li{margin:3px 0;overflow-wrap:anywhere}
.table-wrap{width:100%;overflow-x:auto;margin:8px 0 14px}
.table-wrap th:first-child,.table-wrap td:first-child{position:sticky;left:0;z-index:1}
.table-wrap td:first-child{background:#fff}
table{width:100%;border-collapse:collapse;font-size:12.5px}
p.caption{color:var(--muted);font-size:12px;margin:10px 0 -2px}
th{background:var(--primary);color:#fff;text-align:left;font-weight:600;padding:6px 8px;vertical-align:bottom;overflow-wrap:break-word}
td{padding:5px 8px;border-bottom:1px solid var(--line);vertical-align:top;overflow-wrap:anywhere}
tbody tr:nth-child(even) td{background:var(--soft)}
.table-wrap tbody tr:nth-child(even) td:first-child{background:var(--soft)}
.num{text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}
td .note{white-space:normal}
td.b{font-weight:600}
td.muted{color:var(--muted);font-size:12px}
td.negative{color:${NEGATIVE}}
td.positive{color:${POSITIVE}}
td.base{outline:2px solid var(--accent);outline-offset:-2px;background:#ecfdf5 !important}
td .note{display:block;font-weight:400;color:var(--muted);font-size:11px;margin-top:2px;text-align:left}
.figures{display:grid;grid-template-columns:repeat(auto-fill,minmax(200px,1fr));gap:10px;margin:8px 0}
.figure{border:1px solid var(--line);border-top:3px solid var(--accent);border-radius:6px;padding:10px 12px;min-width:0}
.figure .label{font-size:12px;color:var(--muted)}
.figure .value{font-size:18px;font-weight:700;margin:2px 0;overflow-wrap:anywhere}
.figure .note,.figure .src{font-size:11px;color:var(--muted);overflow-wrap:anywhere}
.insights{list-style:none;padding:0}
.insights li{border:1px solid var(--line);border-left:4px solid var(--sev);border-radius:6px;padding:8px 12px;margin:8px 0}
.insights .head{display:flex;gap:8px;align-items:baseline}
.insights .sev{background:var(--sev);color:#fff;border-radius:999px;padding:0 8px;font-size:11px;font-weight:700;flex:none}
.insights p{margin:4px 0}
.insights .src{font-size:12px;color:var(--muted);font-style:italic}
.sev-alta{--sev:${NEGATIVE}}
.sev-media{--sev:#d97706}
.sev-baixa{--sev:var(--secondary)}
.chart{margin:10px 0 14px;border:1px solid var(--line);border-radius:8px;padding:10px 12px;overflow-x:auto}
.chart figcaption{font-size:13px;margin-bottom:4px}
.chart-svg{display:block;width:100%;min-width:520px;height:auto;font-family:inherit}
.legend{display:flex;flex-wrap:wrap;gap:14px;font-size:12px;color:var(--muted);margin-top:4px}
.legend .sw{display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:5px;vertical-align:-1px}
.legend .ln{display:inline-block;width:16px;height:3px;border-radius:2px;margin-right:5px;vertical-align:3px}
.disclaimer{margin:32px 40px 0;padding:12px 16px;border:1px solid var(--line);border-radius:8px;background:var(--soft);color:var(--muted);font-size:12px}
.disclaimer strong{color:var(--ink)}
.footer{margin:12px 40px 0;font-size:11px;color:var(--muted);display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap}
@media (max-width:640px){.brand,.cover,.section{padding-left:16px;padding-right:16px}.meta,.disclaimer,.footer{margin-left:16px;margin-right:16px}.score{flex:1 1 100%}}
@media screen and (max-width:640px){
  .table-wrap.stack{overflow:visible}
  .stack table,.stack tbody,.stack tr,.stack td{display:block;width:100%}
  .stack colgroup,.stack thead{display:none}
  .stack tr{border:1px solid var(--line);border-radius:8px;padding:6px 10px;margin:0 0 10px;background:#fff}
  .stack tbody tr:nth-child(even) td,.stack td,.stack td:first-child{background:none;position:static}
  .stack td{display:flex;justify-content:space-between;align-items:baseline;gap:12px;border:0;padding:3px 0;text-align:right;white-space:normal}
  .stack td:first-child{font-weight:600;border-bottom:1px solid var(--line);padding-bottom:5px;margin-bottom:2px}
  .stack td::before{content:attr(data-label);flex:0 1 45%;text-align:left;color:var(--muted);font-size:11px;font-weight:600}
  .stack td .v{min-width:0;overflow-wrap:anywhere}
  .stack td.base{outline:2px solid var(--accent);outline-offset:0}
}
@media print{
  @page{size:A4;margin:14mm 12mm}
  body{background:#fff;font-size:11px}
  .report{max-width:none;margin:0;box-shadow:none;border-radius:0}
  .brand,th,.badge,.insights .sev,.accent-bar,.legend i{-webkit-print-color-adjust:exact;print-color-adjust:exact}
  .section,.cover,.brand{padding-left:0;padding-right:0}
  .meta,.disclaimer,.footer{margin-left:0;margin-right:0}
  h2,h3{break-after:avoid}
  tr,.figure,.insights li,.chart,.score{break-inside:avoid}
  .table-wrap,.chart{overflow:visible}
  .chart-svg{min-width:0}
}
`;
}

export function renderReportHtml(model: ReportModel): string {
  const { colors } = model;
  const meta = model.metadata;
  const tree = h(
    'html',
    { lang: 'pt-BR' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { httpEquiv: 'Content-Security-Policy', content: REPORT_HTML_CSP }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'robots', content: 'noindex, nofollow' }),
      h('meta', { name: 'referrer', content: 'no-referrer' }),
      h('title', null, model.documentTitle),
      h('style', { dangerouslySetInnerHTML: { __html: css(colors) } }),
    ),
    h(
      'body',
      null,
      h(
        'main',
        { className: 'report' },
        model.branding
          ? h(
              Fragment,
              null,
              h('header', { className: 'brand' }, h('div', { className: 'company' }, model.branding.companyName), h('div', { className: 'kind' }, 'Relatório de Viabilidade Imobiliária')),
              h('div', { className: 'accent-bar' }),
            )
          : null,
        h(
          'section',
          { className: 'cover' },
          h(
            'div',
            { className: 'titles' },
            h('p', { className: 'kicker' }, model.subtitle),
            h('h1', null, model.heading),
            model.addressLine ? h('p', { className: 'address' }, model.addressLine) : null,
          ),
          h(
            'div',
            { className: 'score', style: { '--score': model.score.color } as Record<string, string> },
            h('div', { className: 'value' }, model.score.value, h('small', null, '/10')),
            h('div', { className: 'label' }, model.score.label),
            h('div', { className: 'comp' }, `Pontuação de viabilidade · ${model.score.completeness}`),
          ),
        ),
        meta
          ? h(
              'section',
              { className: 'meta', 'aria-label': 'Metadados' },
              h('h2', null, 'Informações da análise'),
              h(
                'dl',
                null,
                ...meta.rows.map((row, i) => h('div', { key: i }, h('dt', null, row.label), h('dd', null, row.value))),
                meta.confidence
                  ? h(
                      'div',
                      { key: 'confidence' },
                      h('dt', null, 'Confiança'),
                      h('dd', null, h('span', { className: 'badge', style: { background: meta.confidence.color } }, meta.confidence.score), meta.confidence.label),
                    )
                  : null,
              ),
            )
          : null,
        ...model.sections.map((s) => section(s, colors)),
        h('aside', { className: 'disclaimer' }, h('strong', null, 'Aviso: '), model.disclaimer),
        h(
          'div',
          { className: 'footer' },
          h('span', null, `${model.branding ? `${model.branding.companyName} · ` : ''}${model.documentTitle}`),
          h('span', null, `Análise #${model.analysisId.slice(0, 8)} · gerado em ${model.generatedAt}`),
        ),
      ),
    ),
  );
  return `<!DOCTYPE html>${renderToStaticMarkup(tree)}`;
}
