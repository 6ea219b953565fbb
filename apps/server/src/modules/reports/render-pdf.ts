import { createElement as h, type ReactElement, type ReactNode } from 'react';
import {
  Circle,
  Document,
  Line,
  Page,
  Polyline,
  Rect,
  Svg,
  Text,
  View,
  renderToBuffer,
  type DocumentProps,
  type Styles,
} from '@react-pdf/renderer';
import type { CashFlowChart } from './cash-flow-chart.ts';
import { PDF_FONT_FAMILY, registerPdfFonts } from './pdf-fonts.ts';
import type { Block, Cell, Column, ReportModel, Section, Span } from './report-model.ts';

/**
 * The PDF report with @react-pdf/renderer: the same model as the HTML (sections, tables with their
 * sources, the cash-flow chart drawn with Svg primitives, citations of documents and pages,
 * reference data with dates, the disclaimer), laid out for A4 with a header and page numbers on
 * every page. Text goes into <Text> as strings: nothing is interpreted as markup.
 */

/** A4 height in points. */
const A4_HEIGHT = 841.89;
const NEGATIVE = '#dc2626';
const POSITIVE = '#16a34a';
const INK = '#111827';
const MUTED = '#4b5563';
const LINE = '#e5e7eb';
const SOFT = '#f8fafc';
/** Tables up to this many rows are never split across pages. */
const SMALL_TABLE_ROWS = 14;
const SEVERITY_COLORS: Record<string, string> = { alta: NEGATIVE, media: '#d97706' };

type Style = Styles[string];

/** A font size with its own line height: an inherited unitless lineHeight is resolved against the parent's size. */
function fs(size: number): Style {
  return { fontSize: size, lineHeight: 1.3 };
}

const s = {
  page: { paddingTop: 58, paddingBottom: 50, paddingHorizontal: 40, fontFamily: PDF_FONT_FAMILY, ...fs(9), color: INK },
  header: { position: 'absolute', top: 0, left: 0, right: 0, height: 36, paddingHorizontal: 40, flexDirection: 'row', justifyContent: 'space-between', alignItems: 'center' },
  // Anchored by top: react-pdf drops a bottom-anchored fixed View that inherits a lineHeight.
  footer: { position: 'absolute', top: A4_HEIGHT - 34, left: 40, right: 40, flexDirection: 'row', justifyContent: 'space-between', fontSize: 7, color: MUTED, borderTopWidth: 0.5, borderTopColor: LINE, paddingTop: 4 },
  h2: { ...fs(13), fontWeight: 'bold', marginTop: 16, marginBottom: 6, paddingLeft: 6, paddingBottom: 3, borderLeftWidth: 3, borderBottomWidth: 0.5, borderBottomColor: LINE },
  h3: { ...fs(10.5), fontWeight: 'bold', marginTop: 9, marginBottom: 4 },
  p: { marginVertical: 3 },
  muted: { color: MUTED, ...fs(8.5) },
  note: { backgroundColor: '#fffbeb', borderLeftWidth: 2, borderLeftColor: '#f59e0b', padding: 5, marginVertical: 4 },
  cell: { paddingVertical: 3, paddingHorizontal: 4, ...fs(8) },
} satisfies Styles;

function inline(spans: readonly Span[]): ReactNode[] {
  return spans.map((sp, i) =>
    sp.bold || sp.italic ? h(Text, { key: i, style: { ...(sp.bold ? { fontWeight: 'bold' } : {}), ...(sp.italic ? { fontStyle: 'italic' } : {}) } }, sp.text) : sp.text,
  );
}

function cellStyle(cell: Cell, column: Column | undefined, width: string, accent: string): Style {
  const style: Style = { ...s.cell, width, textAlign: column?.align === 'right' ? 'right' : 'left' };
  if (cell.bold) style.fontWeight = 'bold';
  if (cell.tone === 'negative') style.color = NEGATIVE;
  if (cell.tone === 'positive') style.color = POSITIVE;
  if (cell.tone === 'muted') Object.assign(style, { color: MUTED, ...fs(7.5) });
  if (cell.base) Object.assign(style, { backgroundColor: '#ecfdf5', borderWidth: 1, borderColor: accent });
  return style;
}

function table(b: Extract<Block, { kind: 'table' }>, key: number, colors: ReportModel['colors']): ReactNode[] {
  const total = b.columns.reduce((n, c) => n + c.weight, 0) || 1;
  const widths = b.columns.map((c) => `${((c.weight / total) * 100).toFixed(2)}%`);
  const small = b.rows.length <= SMALL_TABLE_ROWS;
  const header = h(
    View,
    { style: { flexDirection: 'row', backgroundColor: colors.primary } },
    ...b.columns.map((c, i) =>
      h(Text, { key: i, style: { ...s.cell, width: widths[i]!, color: '#ffffff', fontWeight: 'bold', textAlign: c.align === 'right' ? 'right' : 'left' } }, c.label),
    ),
  );
  const rows = b.rows.map((row, r) =>
    h(
      View,
      { key: `${key}-r${r}`, wrap: false, style: { flexDirection: 'row', borderBottomWidth: 0.5, borderBottomColor: LINE, backgroundColor: r % 2 ? SOFT : '#ffffff' } },
      ...row.map((cell, c) => {
        const style = cellStyle(cell, b.columns[c], widths[c] ?? '10%', colors.accent);
        // A plain Text per cell: a View around it doubles the layout work of long tables.
        if (!cell.note) return h(Text, { key: c, style }, cell.text);
        return h(
          View,
          { key: c, style },
          h(Text, null, cell.text),
          h(Text, { style: { ...fs(6.5), color: MUTED, fontWeight: 'normal', textAlign: 'left', marginTop: 1 } }, cell.note),
        );
      }),
    ),
  );
  // A small table moves as one piece; a long one may split between rows, but its caption, header
  // and first rows stay together (a header alone at the foot of a page says nothing).
  const lead = small ? rows.length : Math.min(3, rows.length);
  return [
    h(View, { key: `${key}-lead`, wrap: false, style: { marginTop: 5 } }, b.caption ? h(Text, { style: { ...s.muted, marginBottom: 3 } }, b.caption) : null, header, ...rows.slice(0, lead)),
    ...rows.slice(lead),
    h(View, { key: `${key}-end`, style: { height: 5 } }),
  ];
}

function chart(b: Extract<Block, { kind: 'chart' }>, key: string, colors: ReportModel['colors']): ReactNode {
  const c: CashFlowChart = b.chart;
  const width = 515;
  const height = (width * c.height) / c.width;
  // Svg text takes the family through its style (absent from the typings).
  const label = (x: number, y: number, anchor: 'start' | 'middle' | 'end', text: string, k: string, fill = MUTED) =>
    h(Text, { key: k, x, y, textAnchor: anchor, fill, style: { fontFamily: PDF_FONT_FAMILY, ...fs(10) } as object } as never, text);
  return h(
    View,
    { key, wrap: false, style: { marginVertical: 6, borderWidth: 0.5, borderColor: LINE, borderRadius: 4, padding: 6 } },
    h(Text, { style: { fontWeight: 'bold', marginBottom: 2 } }, b.title),
    h(
      Svg,
      { width, height, viewBox: `0 0 ${c.width} ${c.height}` },
      ...c.ticks.flatMap((t, i) => [
        h(Line, { key: `g${i}`, x1: c.plot.left, x2: c.plot.right, y1: t.y, y2: t.y, stroke: LINE, strokeWidth: 1 }),
        label(c.plot.left - 6, t.y + 3.5, 'end', t.label, `t${i}`),
      ]),
      ...c.bars.map((bar, i) =>
        h(Rect, { key: `b${i}`, x: bar.x, y: bar.y, width: bar.width, height: bar.height, fill: bar.positive ? colors.primary : NEGATIVE, fillOpacity: 0.85 }),
      ),
      h(Line, { x1: c.plot.left, x2: c.plot.right, y1: c.zeroY, y2: c.zeroY, stroke: '#374151', strokeWidth: 1 }),
      c.line.length > 1 ? h(Polyline, { points: c.line.map((p) => `${p.x},${p.y}`).join(' '), fill: 'none', stroke: colors.accent, strokeWidth: 2.5 }) : null,
      ...c.line.map((p, i) => h(Circle, { key: `p${i}`, cx: p.x, cy: p.y, r: 3, fill: '#ffffff', stroke: colors.accent, strokeWidth: 2 })),
      ...c.xLabels.map((l, i) => label(l.x, c.plot.bottom + 16, 'middle', l.label, `x${i}`, '#374151')),
    ),
    h(
      View,
      { style: { flexDirection: 'row', marginTop: 2 } },
      legend(colors.primary, 'Fluxo líquido do ano (positivo)'),
      legend(NEGATIVE, 'Fluxo líquido do ano (negativo)'),
      legend(colors.accent, 'Saldo acumulado', true),
    ),
  );
}

function legend(color: string, text: string, line = false): ReactNode {
  return h(
    View,
    { style: { flexDirection: 'row', alignItems: 'center', marginRight: 12 } },
    h(View, { style: { width: line ? 12 : 7, height: line ? 2 : 7, backgroundColor: color, marginRight: 3 } }),
    h(Text, { style: { ...fs(7.5), color: MUTED } }, text),
  );
}

/**
 * A block as the pieces a page may break between. The first piece is what a heading above it is
 * glued to, so a heading never ends a page alone (react-pdf's minPresenceAhead proved unreliable).
 */
function blockPieces(b: Exclude<Block, { kind: 'subheading' }>, key: number, colors: ReportModel['colors']): ReactNode[] {
  switch (b.kind) {
    case 'paragraph': {
      const style = b.tone === 'muted' ? { ...s.p, ...s.muted } : b.tone === 'note' ? { ...s.p, ...s.note } : s.p;
      return [h(Text, { key: `${key}-p`, style }, ...inline(b.spans))];
    }
    case 'list':
      return b.items.map((item, i) =>
        h(
          View,
          { key: `${key}-${i}`, style: { flexDirection: 'row', marginTop: i === 0 ? 4 : 1, marginBottom: i === b.items.length - 1 ? 4 : 1 }, wrap: false },
          h(Text, { style: { width: 14 } }, b.ordered ? `${i + 1}.` : '•'),
          h(Text, { style: { flex: 1 } }, ...inline(item)),
        ),
      );
    case 'table':
      return table(b, key, colors);
    case 'figures':
      return [
        h(
          View,
          { key: `${key}-f`, style: { flexDirection: 'row', flexWrap: 'wrap', marginVertical: 4, marginHorizontal: -3 } },
          ...b.items.map((f, i) =>
            h(
              View,
              { key: i, wrap: false, style: { width: '33.33%', padding: 3 } },
              h(
                View,
                { style: { borderWidth: 0.5, borderColor: LINE, borderTopWidth: 2, borderTopColor: colors.accent, borderRadius: 3, padding: 5, minHeight: 58 } },
                h(Text, { style: { ...fs(7.5), color: MUTED } }, f.label),
                h(Text, { style: { ...fs(12), fontWeight: 'bold', marginVertical: 1 } }, f.value),
                f.note ? h(Text, { style: { ...fs(6.5), color: MUTED } }, f.note) : null,
                h(Text, { style: { ...fs(6.5), color: MUTED } }, `Fonte: ${f.source}`),
              ),
            ),
          ),
        ),
      ];
    case 'insights':
      if (b.items.length === 0) return b.empty ? [h(Text, { key: `${key}-e`, style: { ...s.p, ...s.muted } }, b.empty)] : [];
      return b.items.map((item, i) => {
        const color = SEVERITY_COLORS[item.severity] ?? colors.secondary;
        return h(
          View,
          { key: `${key}-${i}`, wrap: false, style: { borderWidth: 0.5, borderColor: LINE, borderLeftWidth: 3, borderLeftColor: color, borderRadius: 3, padding: 5, marginVertical: 3 } },
          h(
            View,
            { style: { flexDirection: 'row', alignItems: 'center' } },
            h(Text, { style: { backgroundColor: color, color: '#ffffff', ...fs(7), fontWeight: 'bold', paddingHorizontal: 4, paddingVertical: 1, borderRadius: 6, marginRight: 5 } }, item.severityLabel),
            h(Text, { style: { fontWeight: 'bold', flex: 1 } }, item.title),
          ),
          h(Text, { style: { marginTop: 2 } }, item.detail),
          item.sources ? h(Text, { style: { marginTop: 2, fontStyle: 'italic', color: MUTED, ...fs(7.5) } }, `Fonte: ${item.sources}`) : null,
        );
      });
    case 'chart':
      return [chart(b, `${key}-c`, colors)];
  }
}

/** Longer than this, a paragraph is not glued to its heading (an unbreakable piece must fit a page). */
const GLUE_MAX_CHARS = 1200;

function section(sec: Section, colors: ReportModel['colors']): ReactNode {
  const pieces: ReactNode[] = [];
  let heads: ReactNode[] = [h(Text, { key: 'h2', style: { ...s.h2, borderLeftColor: colors.primary } }, sec.title)];
  sec.blocks.forEach((b, i) => {
    if (b.kind === 'subheading') {
      heads.push(h(Text, { key: `h3-${i}`, style: { ...s.h3, color: colors.secondary } }, b.text));
      return;
    }
    const [lead, ...rest] = blockPieces(b, i, colors);
    if (lead === undefined) return;
    const long = b.kind === 'paragraph' && b.spans.reduce((n, sp) => n + sp.text.length, 0) > GLUE_MAX_CHARS;
    if (heads.length && !long) pieces.push(h(View, { key: `glue-${i}`, wrap: false }, ...heads, lead));
    else pieces.push(...heads, lead);
    heads = [];
    pieces.push(...rest);
  });
  pieces.push(...heads);
  return h(View, { key: sec.id }, ...pieces);
}

function header(model: ReportModel): ReactNode {
  const { colors } = model;
  if (model.branding) {
    return h(
      View,
      { fixed: true, style: { ...s.header, backgroundColor: colors.primary, borderBottomWidth: 3, borderBottomColor: colors.accent } },
      h(Text, { style: { color: '#ffffff', ...fs(12), fontWeight: 'bold', maxWidth: '55%' } }, model.branding.companyName),
      h(Text, { style: { color: '#ffffff', ...fs(8), maxWidth: '45%', textAlign: 'right' } }, 'Relatório de Viabilidade Imobiliária'),
    );
  }
  return h(
    View,
    { fixed: true, style: { ...s.header, borderBottomWidth: 0.5, borderBottomColor: LINE } },
    h(Text, { style: { color: MUTED, ...fs(8) } }, 'Relatório de Viabilidade Imobiliária'),
    h(Text, { style: { color: MUTED, ...fs(8) } }, model.templateLabel),
  );
}

function cover(model: ReportModel): ReactNode {
  return h(
    View,
    { style: { flexDirection: 'row', justifyContent: 'space-between', marginBottom: 8 } },
    h(
      View,
      { style: { flex: 1, paddingRight: 14 } },
      h(Text, { style: { ...fs(8.5), color: model.colors.secondary, fontWeight: 'bold', textTransform: 'uppercase', letterSpacing: 0.5 } }, model.subtitle),
      h(Text, { style: { ...fs(20), fontWeight: 'bold', marginTop: 3, lineHeight: 1.2 } }, model.heading),
      model.addressLine ? h(Text, { style: { color: MUTED, marginTop: 4 } }, model.addressLine) : null,
    ),
    h(
      View,
      { style: { width: 150, borderWidth: 1.5, borderColor: model.score.color, borderRadius: 6, padding: 8, alignItems: 'center' } },
      h(
        View,
        { style: { flexDirection: 'row', alignItems: 'flex-end' } },
        h(Text, { style: { fontSize: 26, lineHeight: 1.1, fontWeight: 'bold', color: model.score.color } }, model.score.value),
        h(Text, { style: { ...fs(11), color: MUTED, marginBottom: 3, marginLeft: 1 } }, '/10'),
      ),
      h(Text, { style: { fontWeight: 'bold', marginTop: 2 } }, model.score.label),
      h(Text, { style: { ...fs(7), color: MUTED, textAlign: 'center', marginTop: 2 } }, `Pontuação de viabilidade · ${model.score.completeness}`),
    ),
  );
}

function metadata(model: ReportModel): ReactNode {
  const meta = model.metadata;
  if (!meta) return null;
  const cellStyleMeta = { width: '25%', paddingVertical: 3, paddingRight: 6 };
  return h(
    View,
    { style: { backgroundColor: SOFT, borderWidth: 0.5, borderColor: LINE, borderRadius: 4, padding: 8, marginBottom: 4 }, wrap: false },
    h(Text, { style: { ...fs(8), fontWeight: 'bold', color: model.colors.secondary, textTransform: 'uppercase', marginBottom: 3 } }, 'Informações da análise'),
    h(
      View,
      { style: { flexDirection: 'row', flexWrap: 'wrap' } },
      ...meta.rows.map((row, i) =>
        h(View, { key: i, style: cellStyleMeta }, h(Text, { style: { ...fs(6.5), color: MUTED, textTransform: 'uppercase' } }, row.label), h(Text, { style: { fontWeight: 'bold' } }, row.value)),
      ),
      meta.confidence
        ? h(
            View,
            { style: { ...cellStyleMeta, width: '50%' } },
            h(Text, { style: { ...fs(6.5), color: MUTED, textTransform: 'uppercase' } }, 'Confiança'),
            h(
              View,
              { style: { flexDirection: 'row', alignItems: 'center' } },
              h(Text, { style: { backgroundColor: meta.confidence.color, color: '#ffffff', fontWeight: 'bold', paddingHorizontal: 4, borderRadius: 6, marginRight: 4 } }, meta.confidence.score),
              h(Text, { style: { fontWeight: 'bold' } }, meta.confidence.label),
            ),
          )
        : null,
    ),
  );
}

export function reportPdfDocument(model: ReportModel): ReactElement<DocumentProps> {
  return h(
    Document,
    {
      title: model.documentTitle,
      author: model.branding?.companyName ?? 'Viabiliza',
      subject: `${model.subtitle} · Análise #${model.analysisId.slice(0, 8)}`,
      creator: 'Viabiliza',
      producer: 'Viabiliza',
      language: 'pt-BR',
    },
    h(
      Page,
      { size: 'A4', style: s.page },
      header(model),
      cover(model),
      metadata(model),
      ...model.sections.map((sec) => section(sec, model.colors)),
      h(
        View,
        { wrap: false, style: { marginTop: 16, backgroundColor: SOFT, borderWidth: 0.5, borderColor: LINE, borderRadius: 4, padding: 8 } },
        h(Text, { style: { color: MUTED, ...fs(8) } }, h(Text, { style: { fontWeight: 'bold', color: INK } }, 'Aviso: '), model.disclaimer),
      ),
      h(
        View,
        { fixed: true, style: s.footer },
        h(Text, null, `Análise #${model.analysisId.slice(0, 8)} · gerado em ${model.generatedAt} · gerado automaticamente; valide com profissionais qualificados`),
        h(Text, { render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) => `Página ${pageNumber} de ${totalPages}` }),
      ),
    ),
  );
}

export async function renderReportPdf(model: ReportModel): Promise<Buffer> {
  registerPdfFonts();
  return renderToBuffer(reportPdfDocument(model));
}
