/**
 * A rehype step for the report's tables: a column whose body cells are all numbers (money,
 * percentages, areas; a dash for 'not computed') is marked, so its header and cells align right and
 * the digits line up, whatever alignment the Markdown declared (or did not).
 */

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

export const NUMERIC_TEXT = /^[-−+]?\s*(R\$\s*)?[-−]?\d[\d.,]*\s*(%|m²|\/m²|\/mês|meses|mês|anos|ano|x|\/10|a\.a\.|a\.m\.)?$/i;
const EMPTY_TEXT = /^(—|-|–|n\/d)?$/i;

export function textContent(node: HastNode): string {
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textContent).join('');
}

function elements(node: HastNode, tag: string): HastNode[] {
  return (node.children ?? []).filter((c) => c.type === 'element' && c.tagName === tag);
}

function rowsOf(table: HastNode): { head: HastNode[]; body: HastNode[] } {
  const head = elements(table, 'thead').flatMap((s) => elements(s, 'tr'));
  const body = [...elements(table, 'tbody').flatMap((s) => elements(s, 'tr')), ...elements(table, 'tr')];
  return { head, body };
}

function cellsOf(row: HastNode): HastNode[] {
  return (row.children ?? []).filter((c) => c.type === 'element' && (c.tagName === 'td' || c.tagName === 'th'));
}

/** Indexes of the columns whose body cells are all numeric (at least one, dashes allowed). */
export function numericColumns(table: HastNode): Set<number> {
  const { body } = rowsOf(table);
  const verdict = new Map<number, boolean>();
  for (const row of body) {
    cellsOf(row).forEach((cell, i) => {
      const text = textContent(cell).trim();
      if (EMPTY_TEXT.test(text)) return;
      verdict.set(i, (verdict.get(i) ?? true) && NUMERIC_TEXT.test(text));
    });
  }
  return new Set([...verdict].filter(([, numeric]) => numeric).map(([i]) => i));
}

function visit(node: HastNode, fn: (n: HastNode) => void) {
  fn(node);
  for (const child of node.children ?? []) visit(child, fn);
}

/** The plugin: marks numeric cells with `data-numeric`. */
export function rehypeNumericColumns() {
  return (tree: HastNode) => {
    visit(tree, (node) => {
      if (node.type !== 'element' || node.tagName !== 'table') return;
      const numeric = numericColumns(node);
      if (numeric.size === 0) return;
      const { head, body } = rowsOf(node);
      for (const row of [...head, ...body]) {
        cellsOf(row).forEach((cell, i) => {
          if (numeric.has(i)) cell.properties = { ...cell.properties, dataNumeric: 'true' };
        });
      }
    });
  };
}
