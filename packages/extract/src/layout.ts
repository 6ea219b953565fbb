import type { TextCell } from './types.ts';

/** The part of pdf.js's TextItem read here (same as pdf.ts's PositionedText). */
interface PositionedItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/**
 * Groups the text runs of a page into cells: runs on one baseline with less than 1.2 font sizes
 * between them are one cell; a wider gap starts another (a form's next column). Coordinates are
 * in points from the top-left, so 'below' means a larger y. Rotated text is left out: forms print
 * their labels and values upright.
 */
export function textCells(items: readonly PositionedItem[], pageHeight: number): TextCell[] {
  const runs: TextCell[] = [];
  for (const item of items) {
    if (!item.str || !item.str.trim()) continue;
    const [a = 1, b = 0, , d = 1, e = 0, f = 0] = item.transform;
    if (Math.abs(b) > 0.01 * Math.abs(a)) continue;
    const size = Math.abs(d) || item.height || 10;
    const width = item.width > 0 ? item.width : item.str.length * size * 0.5;
    runs.push({ text: item.str, x: e, y: pageHeight - f - size, width, height: size });
  }
  runs.sort((p, q) => (Math.abs(p.y - q.y) < Math.min(p.height, q.height) * 0.4 ? p.x - q.x : p.y - q.y));
  const cells: TextCell[] = [];
  for (const run of runs) {
    const last = cells.at(-1);
    const sameLine = last && Math.abs(last.y - run.y) < Math.min(last.height, run.height) * 0.4;
    const gap = last ? run.x - (last.x + last.width) : Infinity;
    if (last && sameLine && gap < Math.max(last.height, run.height) * 1.2 && gap > -last.height) {
      const space = gap > run.height * 0.15 && !last.text.endsWith(' ') && !run.text.startsWith(' ') ? ' ' : '';
      last.text += space + run.text;
      last.width = Math.max(last.width, run.x + run.width - last.x);
      last.height = Math.max(last.height, run.height);
    } else {
      cells.push({ ...run });
    }
  }
  for (const cell of cells) cell.text = cell.text.replace(/\s+/g, ' ').trim();
  return cells.filter((c) => c.text);
}

/**
 * The value cell of a label cell in a form. In order: the nearest acceptable cell to its right on
 * the same line (two columns, or 'Alíquota: 3%'), a cell just below and aligned with it (a boxed
 * form prints the label at the top of the box and the value under it), any cell below that
 * overlaps its column. Labels to the right are refused by `accept`. `accept` tells a value from another label, so two
 * labels side by side are not paired.
 */
export function valueCellFor(label: TextCell, cells: readonly TextCell[], accept: (cell: TextCell) => boolean): TextCell | null {
  const candidates: { cell: TextCell; rank: number; distance: number }[] = [];
  for (const cell of cells) {
    if (cell === label || !accept(cell)) continue;
    const sameLine = Math.abs(cell.y - label.y) < Math.max(cell.height, label.height) * 0.6;
    const gap = cell.x - (label.x + label.width);
    if (sameLine && gap >= -1 && gap < 320) {
      candidates.push({ cell, rank: 0, distance: gap });
      continue;
    }
    const dy = cell.y - label.y;
    if (dy <= label.height * 0.5 || dy >= label.height * 3.5) continue;
    if (Math.abs(cell.x - label.x) < 12) candidates.push({ cell, rank: 1, distance: dy });
    else if (cell.x < label.x + label.width + 4 && cell.x + cell.width > label.x - 4) candidates.push({ cell, rank: 3, distance: dy });
  }
  candidates.sort((a, b) => a.rank - b.rank || a.distance - b.distance);
  return candidates[0]?.cell ?? null;
}
