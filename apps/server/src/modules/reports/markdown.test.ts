import { describe, expect, it } from 'vitest';
import { markdownSection, parseInline, parseMarkdown, spansText } from './markdown-lite.ts';

describe('parseInline', () => {
  it('reads bold, italic, code and links as styled text', () => {
    expect(parseInline('A **TIR** é _baixa_ e `VPL` [aqui](https://x.test).')).toEqual([
      { text: 'A ' },
      { text: 'TIR', bold: true },
      { text: ' é ' },
      { text: 'baixa', italic: true },
      { text: ' e VPL aqui.' },
    ]);
    expect(parseInline('**[Alta]** risco *grave*')).toEqual([{ text: '[Alta]', bold: true }, { text: ' risco ' }, { text: 'grave', italic: true }]);
  });

  it('leaves underscores inside words and escaped pipes alone', () => {
    expect(spansText(parseInline('valor_venal e a\\|b'))).toBe('valor_venal e a|b');
  });

  it('keeps markup as plain text (it is escaped when rendered)', () => {
    expect(parseInline('<script>alert(1)</script>')).toEqual([{ text: '<script>alert(1)</script>' }]);
  });
});

describe('parseMarkdown', () => {
  it('parses headings, paragraphs, lists, quotes and GFM tables', () => {
    const md = [
      '## Título',
      '',
      'Linha um',
      'continua.',
      '',
      '- item **um**',
      '- item dois',
      '1. primeiro',
      '2. segundo',
      '> nota',
      '',
      '| A | B \\| C |',
      '| --- | ---: |',
      '| 1 | 2 |',
      '---',
      'Fim',
    ].join('\n');
    const blocks = parseMarkdown(md);
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'list', 'list', 'paragraph', 'table', 'paragraph']);
    expect(blocks[1]).toEqual({ kind: 'paragraph', spans: [{ text: 'Linha um continua.' }] });
    expect(blocks[2]).toMatchObject({ ordered: false, items: [[{ text: 'item ' }, { text: 'um', bold: true }], [{ text: 'item dois' }]] });
    expect(blocks[3]).toMatchObject({ ordered: true });
    expect(blocks[4]).toMatchObject({ quote: true });
    const table = blocks[5] as Extract<(typeof blocks)[number], { kind: 'table' }>;
    expect(table.header.map(spansText)).toEqual(['A', 'B | C']);
    expect(table.rows.map((r) => r.map(spansText))).toEqual([['1', '2']]);
  });
});

describe('markdownSection', () => {
  const md = '# T\n\n## Resumo executivo\n\nTexto do **resumo**.\n\n### Composição\n\nx\n\n## Conclusão\n\nFinal.\n\n---\n\n_aviso_';
  it('returns the text under a heading up to the next heading or rule', () => {
    expect(markdownSection(md, 'Resumo executivo')).toBe('Texto do **resumo**.');
    expect(markdownSection(md, 'Conclusão')).toBe('Final.');
    expect(markdownSection(md, 'Riscos')).toBeNull();
  });
});
