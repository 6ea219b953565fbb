/**
 * The Markdown subset the engine and the narrative providers write (headings, paragraphs, bullet
 * and numbered lists, GFM tables, quotes, bold and italic), parsed into plain data that the HTML
 * and PDF renderers turn into elements. Nothing here produces markup: text stays text, so whatever
 * a document or a model wrote is escaped by React like any other string. Links keep their text only.
 */

export interface Span {
  text: string;
  bold?: boolean;
  italic?: boolean;
}

export type MdBlock =
  | { kind: 'heading'; level: number; spans: Span[] }
  | { kind: 'paragraph'; spans: Span[]; quote?: boolean }
  | { kind: 'list'; ordered: boolean; items: Span[][] }
  | { kind: 'table'; header: Span[][]; rows: Span[][][] };

/** `**bold**`, `__bold__`, `*italic*`, `_italic_`, `` `code` `` (as text), `[text](url)` (text only), `\|` escapes. */
export function parseInline(text: string): Span[] {
  const spans: Span[] = [];
  const push = (t: string, bold = false, italic = false) => {
    if (!t) return;
    const last = spans[spans.length - 1];
    if (last && !!last.bold === bold && !!last.italic === italic) {
      last.text += t;
      return;
    }
    spans.push({ text: t, ...(bold ? { bold } : {}), ...(italic ? { italic } : {}) });
  };
  const pattern = /\*\*(.+?)\*\*|__(.+?)__|(?<![\p{L}\p{N}])_(?!\s)(.+?)(?<!\s)_(?![\p{L}\p{N}])|\*(?!\s)(.+?)(?<!\s)\*|`([^`]+)`|\[([^\]]+)\]\([^)]*\)/gu;
  let at = 0;
  for (const m of text.matchAll(pattern)) {
    push(unescape(text.slice(at, m.index)));
    if (m[1] !== undefined || m[2] !== undefined) {
      for (const inner of parseInline(m[1] ?? m[2]!)) push(inner.text, true, !!inner.italic);
    } else if (m[3] !== undefined || m[4] !== undefined) {
      for (const inner of parseInline(m[3] ?? m[4]!)) push(inner.text, !!inner.bold, true);
    } else {
      push(unescape(m[5] ?? m[6] ?? ''));
    }
    at = m.index + m[0].length;
  }
  push(unescape(text.slice(at)));
  return spans;
}

function unescape(text: string): string {
  return text.replace(/\\([\\|*_`[\]#>-])/g, '$1');
}

/** Cells of one GFM table line; `\|` is a pipe inside a cell. */
function tableCells(line: string): string[] {
  const body = line.trim().replace(/^\|/, '').replace(/(?<!\\)\|$/, '');
  return body.split(/(?<!\\)\|/).map((c) => c.trim());
}

const TABLE_SEPARATOR = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const LIST_ITEM = /^\s*(?:([-*+•])|(\d+)[.)])\s+(.*)$/;

export function parseMarkdown(markdown: string): MdBlock[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MdBlock[] = [];
  let paragraph: string[] = [];
  let quote = false;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', spans: parseInline(paragraph.join(' ')), ...(quote ? { quote } : {}) });
    paragraph = [];
    quote = false;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const trimmed = line.trim();
    if (!trimmed || /^(-{3,}|\*{3,}|_{3,})$/.test(trimmed)) {
      flush();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(trimmed);
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: heading[1]!.length, spans: parseInline(heading[2]!.replace(/\s+#+$/, '')) });
      continue;
    }
    if (trimmed.startsWith('|') && TABLE_SEPARATOR.test(lines[i + 1] ?? '')) {
      flush();
      const header = tableCells(trimmed).map(parseInline);
      const rows: Span[][][] = [];
      i += 2;
      while (i < lines.length && lines[i]!.trim().startsWith('|')) {
        rows.push(tableCells(lines[i]!).map(parseInline));
        i++;
      }
      i--;
      blocks.push({ kind: 'table', header, rows });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flush();
      const ordered = item[2] !== undefined;
      const items: Span[][] = [parseInline(item[3]!)];
      while (i + 1 < lines.length) {
        const next = LIST_ITEM.exec(lines[i + 1]!);
        if (next && (next[2] !== undefined) === ordered) {
          items.push(parseInline(next[3]!));
          i++;
        } else if (!next && /^\s{2,}\S/.test(lines[i + 1]!) ) {
          // A continuation line of the item above.
          const last = items[items.length - 1]!;
          last.push({ text: ' ' }, ...parseInline(lines[i + 1]!.trim()));
          i++;
        } else break;
      }
      blocks.push({ kind: 'list', ordered, items });
      continue;
    }
    if (trimmed.startsWith('>')) {
      if (!quote) flush();
      quote = true;
      paragraph.push(trimmed.replace(/^>\s?/, ''));
      continue;
    }
    if (quote) flush();
    paragraph.push(trimmed);
  }
  flush();
  return blocks;
}

/** The text under a `## {title}` heading, up to the next heading of any level or a `---` rule. */
export function markdownSection(markdown: string, title: string): string | null {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const start = lines.findIndex((l) => /^##\s+/.test(l) && l.replace(/^##\s+/, '').trim().toLowerCase() === title.toLowerCase());
  if (start < 0) return null;
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,6}\s/.test(line) || /^\s*-{3,}\s*$/.test(line)) break;
    out.push(line);
  }
  const text = out.join('\n').trim();
  return text || null;
}

/** Plain text of spans (for tests and for places that take no styling). */
export function spansText(spans: readonly Span[]): string {
  return spans.map((s) => s.text).join('');
}
