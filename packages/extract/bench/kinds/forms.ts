/**
 * Helpers for the city's forms (ITBI guide and declaration, VVR, cadastral certificate, CND):
 * a header, the property's address written the way city systems write it ('R DAS ACACIAS, 250 -
 * AP 54'), and a grid of boxes placed row by row.
 */
import { drawForm, type DocBuilder, type FormBox } from '../layout.ts';
import type { Address, City } from '../people.ts';
import type { FieldKey } from '@viabiliza/contracts/document-types';

const KIND_ABBR: Record<string, string> = { Rua: 'R', Avenida: 'AV', Alameda: 'AL' };

export function cityAddress(a: Address): string {
  const [kind, ...rest] = a.street.split(' ');
  const street = `${KIND_ABBR[kind!] ?? kind} ${rest.join(' ')}`.toUpperCase();
  const unit = a.complement ? ` - ${a.complement.replace('apartamento', 'AP').toUpperCase()}` : '';
  return `${street}, ${a.number}${unit}`;
}

export function cityHeader(doc: DocBuilder, city: City, lines: string[]): void {
  doc.line(city.name === 'São Paulo' ? 'PREFEITURA DO MUNICÍPIO DE SÃO PAULO' : `PREFEITURA MUNICIPAL DE ${city.name.toUpperCase()}`, { font: 'bold', size: 12, center: true });
  doc.line('SECRETARIA MUNICIPAL DA FAZENDA', { size: 9, center: true });
  for (const l of lines) doc.line(l, { font: 'bold', size: 10.5, center: true });
  doc.space(10);
}

export interface Cell {
  label: string;
  value: string;
  /** Share of the row's width. */
  span: number;
  mark?: { key: FieldKey; value: string | number };
}

/** Rows of boxes from `top`, 515 pt wide; returns the y below the grid. */
export function grid(doc: DocBuilder, rows: Cell[][], top: number, order: 'labels-first' | 'rows' | 'values-first', rowHeight = 32): number {
  const boxes: FormBox[] = [];
  rows.forEach((row, r) => {
    const total = row.reduce((s, c) => s + c.span, 0);
    let x = 40;
    for (const cell of row) {
      const w = (515 * cell.span) / total;
      boxes.push({ label: cell.label, value: cell.value, x, y: top + r * rowHeight, w, h: rowHeight, ...(cell.mark ? { mark: cell.mark } : {}) });
      x += w;
    }
  });
  drawForm(doc, boxes, order);
  return top + rows.length * rowHeight;
}
