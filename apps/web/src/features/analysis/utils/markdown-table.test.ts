import { describe, expect, it } from 'vitest';

import { NUMERIC_TEXT, numericColumns, rehypeNumericColumns } from './markdown-table';

const text = (value: string) => ({ type: 'text', value });
const cell = (tag: string, value: string) => ({ type: 'element', tagName: tag, properties: {}, children: [text(value)] });
const row = (tag: string, values: string[]) => ({ type: 'element', tagName: 'tr', children: values.map((v) => cell(tag, v)) });
const table = (head: string[], body: string[][]) => ({
  type: 'element',
  tagName: 'table',
  children: [
    { type: 'element', tagName: 'thead', children: [row('th', head)] },
    { type: 'element', tagName: 'tbody', children: body.map((r) => row('td', r)) },
  ],
});

describe('numeric report columns', () => {
  it('recognises Brazilian figures', () => {
    for (const t of ['R$ 1.234,56', '-R$ 35.000,00', '6,30%', '80 m²', 'R$ 9.500,00/m²', '37 meses', '7,4/10', '12']) {
      expect(NUMERIC_TEXT.test(t), t).toBe(true);
    }
    for (const t of ['Cálculo', 'Lei 123', 'Premissa', '']) expect(NUMERIC_TEXT.test(t), t).toBe(false);
  });

  it('finds columns of numbers, dashes allowed', () => {
    const t = table(['Indicador', 'Valor', 'Fonte'], [
      ['TIR', '7,10%', 'Cálculo'],
      ['Payback', '—', 'Não se paga no horizonte'],
      ['VPL', '-R$ 35.000,00', 'Cálculo'],
    ]);
    expect([...numericColumns(t)]).toEqual([1]);
  });

  it('marks header and body cells of those columns', () => {
    const t = table(['Premissa', 'Valor'], [['ITBI', '3,00%']]);
    rehypeNumericColumns()({ type: 'root', children: [t] });
    const [thead, tbody] = t.children;
    expect(thead!.children[0]!.children[1]!.properties).toEqual({ dataNumeric: 'true' });
    expect(thead!.children[0]!.children[0]!.properties).toEqual({});
    expect(tbody!.children[0]!.children[1]!.properties).toEqual({ dataNumeric: 'true' });
  });
});
