import type { Nodes, PhrasingContent, Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/**
 * The Markdown the engine and the narrative providers write, parsed by micromark (CommonMark + GFM:
 * tables, strikethrough, autolinks, footnotes) into an mdast tree, then reduced to the plain data
 * the HTML and PDF renderers turn into elements: headings, paragraphs, lists, quotes and tables of
 * text spans, bold or italic. Nothing here produces markup: raw HTML in the Markdown becomes text,
 * links keep their text only (no URL reaches the report), so whatever a document or a model wrote
 * is escaped by React like any other string.
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

/** Built once: building the extensions costs more than parsing a line. */
/**
 * A line break with the spaces around it, which inline text turns into one space. The lookbehind
 * enters a run of spaces only at its start: without it a long run holding no break was rescanned
 * from each of its characters (quadratic).
 */
const LINE_BREAK_RUN = /(?<!\s)\s*\n\s*/g;

const PARSE_OPTIONS = { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] };

function parse(markdown: string): Root {
  return fromMarkdown(markdown, PARSE_OPTIONS);
}

/**
 * Headings and rules only, for finding a section: CommonMark's blocks without GFM and with the
 * inline constructs off (a heading's text is then as written). GFM's tables triple the cost of a
 * parse, and a whole report (~14 kB, many tables) took ~45 ms of CPU to parse with them, ~10 without.
 */
const OUTLINE_OPTIONS = {
  extensions: [
    {
      disable: {
        null: ['attention', 'autolink', 'characterEscape', 'characterReference', 'codeText', 'htmlText', 'labelStartImage', 'labelStartLink', 'labelEnd', 'hardBreakEscape', 'hardBreakTrailing'],
      },
    },
  ],
};

/**
 * A report's Markdown is searched for its summary and then its conclusion, one after the other:
 * the last outline is kept (nothing here changes a tree).
 */
let lastOutline: { source: string; root: Root } | null = null;

function outline(markdown: string): Root {
  if (lastOutline?.source !== markdown) lastOutline = { source: markdown, root: fromMarkdown(markdown, OUTLINE_OPTIONS) };
  return lastOutline.root;
}

/** Adds text to `spans`, joining it to the last span when the style is the same. */
function push(spans: Span[], text: string, bold: boolean, italic: boolean) {
  if (!text) return;
  const last = spans[spans.length - 1];
  if (last && !!last.bold === bold && !!last.italic === italic) {
    last.text += text;
    return;
  }
  spans.push({ text, ...(bold ? { bold } : {}), ...(italic ? { italic } : {}) });
}

/** Phrasing content as spans. Line breaks inside a paragraph read as spaces, as in the rendered Markdown. */
function phrasing(nodes: readonly PhrasingContent[], spans: Span[] = [], bold = false, italic = false): Span[] {
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
      case 'inlineCode':
      case 'html':
        push(spans, node.value.replace(LINE_BREAK_RUN, ' '), bold, italic);
        break;
      case 'break':
        push(spans, ' ', bold, italic);
        break;
      case 'strong':
        phrasing(node.children, spans, true, italic);
        break;
      case 'emphasis':
        phrasing(node.children, spans, bold, true);
        break;
      case 'delete':
      case 'link':
      case 'linkReference':
        phrasing(node.children, spans, bold, italic);
        break;
      case 'image':
      case 'imageReference':
        push(spans, node.alt ?? '', bold, italic);
        break;
      case 'footnoteReference':
        push(spans, `[^${node.label ?? node.identifier}]`, bold, italic);
        break;
    }
  }
  return spans;
}

/** The text of any node, styles dropped (headings, table cells, fallbacks). */
function plainText(node: Nodes): string {
  if ('children' in node) return phrasingOf(node).map((s) => s.text).join('');
  return 'value' in node ? node.value : '';
}

/** The spans of a node's descendants: phrasing content as it is, blocks joined by a space. */
function phrasingOf(node: Nodes): Span[] {
  if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') return phrasing(node.children);
  if ('children' in node) {
    const spans: Span[] = [];
    for (const child of node.children as Nodes[]) {
      const inner = isPhrasing(child) ? phrasing([child]) : phrasingOf(child);
      if (spans.length && inner.length) push(spans, ' ', false, false);
      for (const s of inner) push(spans, s.text, !!s.bold, !!s.italic);
    }
    return spans;
  }
  return 'value' in node ? [{ text: node.value.replace(LINE_BREAK_RUN, ' ') }] : [];
}

const PHRASING = new Set(['text', 'inlineCode', 'html', 'break', 'strong', 'emphasis', 'delete', 'link', 'linkReference', 'image', 'imageReference', 'footnoteReference']);
function isPhrasing(node: Nodes): node is PhrasingContent {
  return PHRASING.has(node.type);
}

/**
 * Line starts that would make a one-line text a block (heading, list item, quote, rule, fence,
 * link definition): escaped, so a note such as '1. revisar' or '# 3' stays the text it is.
 */
function asInline(text: string): string {
  return text
    .replace(LINE_BREAK_RUN, ' ')
    .trimStart()
    .replace(/^(#{1,6}(?:\s|$)|[-+*](?:\s|$)|>|([-*_])(?:\s*\2){2,}\s*$|`{3,}|~{3,}|\[[^\]]*\]:)/, '\\$1')
    .replace(/^(\d{1,9})([.)](?:\s|$))/, '$1\\$2');
}

/** Characters without which a line of Markdown reads as its own text (emphasis, code, links, escapes, entities, HTML). */
const INLINE_SYNTAX = /[\\&*_`[\]!<~]/;

/** One line of Markdown as spans: `**bold**`, `_italic_`, `` `code` `` (as text), links (text only), escapes. */
export function parseInline(text: string): Span[] {
  const line = text.replace(LINE_BREAK_RUN, ' ').trim();
  // Most notes, warnings and cells are plain text: no parse needed (a parse costs ~50× the regex it replaced).
  if (!INLINE_SYNTAX.test(line)) return line ? [{ text: line }] : [];
  return phrasingOf(parse(asInline(line)));
}

/** Lists written with '•' (as models often do) are lists. */
function normaliseBullets(markdown: string): string {
  // The indent stops at the line's end: '\s*' ran on over every following blank line, from each of them.
  return markdown.replace(/\r\n?/g, '\n').replace(/^([^\S\n\r\u2028\u2029]*)•[ \t]+/gm, '$1- ');
}

export function parseMarkdown(markdown: string): MdBlock[] {
  const source = normaliseBullets(markdown);
  const blocks: MdBlock[] = [];
  const visit = (node: RootContent, quote: boolean) => {
    switch (node.type) {
      case 'heading':
        blocks.push({ kind: 'heading', level: node.depth, spans: phrasing(node.children) });
        return;
      case 'paragraph': {
        const spans = phrasing(node.children);
        if (spans.length) blocks.push({ kind: 'paragraph', spans, ...(quote ? { quote } : {}) });
        return;
      }
      case 'blockquote':
        for (const child of node.children) visit(child, true);
        return;
      case 'list': {
        // A nested list's items follow their parent item: the report's lists are one level deep.
        const items: Span[][] = [];
        const collect = (list: typeof node) => {
          for (const item of list.children) {
            const own = item.children.filter((c) => c.type !== 'list');
            const spans = phrasingOf({ type: 'listItem', children: own });
            if (spans.length) items.push(spans);
            for (const sub of item.children) if (sub.type === 'list') collect(sub);
          }
        };
        collect(node);
        if (items.length) blocks.push({ kind: 'list', ordered: !!node.ordered, items });
        return;
      }
      case 'table': {
        const [head, ...rows] = node.children;
        blocks.push({
          kind: 'table',
          header: (head?.children ?? []).map((cell) => phrasing(cell.children)),
          rows: rows.map((row) => row.children.map((cell) => phrasing(cell.children))),
        });
        return;
      }
      case 'thematicBreak':
        return;
      case 'definition':
      case 'footnoteDefinition':
      case 'code':
      case 'html': {
        // Shown as the text written: a definition's or a code block's content is still content.
        const text = node.type === 'definition' ? source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0) : plainText(node);
        const spans = text.trim() ? [{ text: text.replace(LINE_BREAK_RUN, ' ').trim() }] : [];
        if (spans.length) blocks.push({ kind: 'paragraph', spans, ...(quote ? { quote } : {}) });
        return;
      }
      default: {
        const spans = phrasingOf(node);
        if (spans.length) blocks.push({ kind: 'paragraph', spans, ...(quote ? { quote } : {}) });
      }
    }
  };
  for (const node of parse(source).children) visit(node, false);
  return blocks;
}

/** The Markdown under the `## {title}` heading, up to the next heading of any level or a rule. */
export function markdownSection(markdown: string, title: string): string | null {
  const source = markdown.replace(/\r\n?/g, '\n');
  const nodes = outline(source).children;
  const wanted = title.trim().toLowerCase();
  const at = nodes.findIndex((n) => n.type === 'heading' && n.depth === 2 && spansText(parseInline(plainText(n))).trim().toLowerCase() === wanted);
  if (at < 0) return null;
  const next = nodes.slice(at + 1).find((n) => n.type === 'heading' || n.type === 'thematicBreak');
  const text = source.slice(nodes[at]!.position?.end.offset ?? 0, next?.position?.start.offset ?? source.length).trim();
  return text || null;
}

/** Plain text of spans (for tests and for places that take no styling). */
export function spansText(spans: readonly Span[]): string {
  return spans.map((s) => s.text).join('');
}
