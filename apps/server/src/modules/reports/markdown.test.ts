import { describe, expect, it } from 'vitest';
import { markdownSection, parseInline, parseMarkdown, spansText } from './markdown.ts';

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
    expect(parseInline('antes <b onclick="x()">meio</b> depois')).toEqual([{ text: 'antes <b onclick="x()">meio</b> depois' }]);
  });

  it('reads one line as text even when it starts like a block', () => {
    for (const line of ['1. revisar a matrícula', '# 3 vagas', '- sem ônus', '> nota', '---', '```js', '[Alta]: risco', '    recuado']) {
      expect(spansText(parseInline(line)), line).toBe(line.trim());
    }
  });

  it('never lets a URL through, only the text of links, autolinks and images', () => {
    expect(spansText(parseInline('veja [o laudo](javascript:alert(1)), <https://x.test/a> e ![planta](p.png)'))).toBe('veja o laudo, https://x.test/a e planta');
  });
});

describe('linear time on long runs of spaces and blank lines', () => {
  // The former expressions rescanned such a run from each of its characters (quadratic).
  const spaces = ' '.repeat(200_000);

  it('joins lines of inline text', () => {
    expect(spansText(parseInline('a \n  b\n\n c   d'))).toBe('a b c   d');
    expect(spansText(parseInline(`a \n  b${spaces}c\n\n d`)) === `a b${spaces}c d`).toBe(true);
    expect(spansText(parseInline(`a${spaces}*b*`)) === `a${spaces}b`).toBe(true);
  });

  it('reads bullets after many blank lines', () => {
    expect(parseMarkdown('\n \n\n  • um\n• dois')).toEqual(parseMarkdown('- um\n- dois'));
    // U+2028 ends a line for the expression (not for the Markdown parser, which is slow on 200 000 '\n').
    const separators = '\u2028'.repeat(200_000);
    const blocks = parseMarkdown(`x${separators}y${spaces}z`);
    // (Compared as a boolean: a failed comparison of 400 000-character strings takes long to print.)
    expect(spansText(blocks.flatMap((b) => ('spans' in b ? b.spans : []))) === `x${separators}y${spaces}z`).toBe(true);
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

  it("reads '•' bullets and nested items as list items, and raw HTML and code as text", () => {
    const blocks = parseMarkdown(['• primeiro', '• segundo', '  - dentro', '', '<div onclick="x()">oi</div>', '', '```', '## não é título', '```'].join('\n'));
    expect(blocks).toEqual([
      { kind: 'list', ordered: false, items: [[{ text: 'primeiro' }], [{ text: 'segundo' }], [{ text: 'dentro' }]] },
      { kind: 'paragraph', spans: [{ text: '<div onclick="x()">oi</div>' }] },
      { kind: 'paragraph', spans: [{ text: '## não é título' }] },
    ]);
  });
});

describe('markdownSection', () => {
  const md = '# T\n\n## Resumo executivo\n\nTexto do **resumo**.\n\n### Composição\n\nx\n\n## Conclusão\n\nFinal.\n\n---\n\n_aviso_';
  it('returns the text under a heading up to the next heading or rule', () => {
    expect(markdownSection(md, 'Resumo executivo')).toBe('Texto do **resumo**.');
    expect(markdownSection(md, 'Conclusão')).toBe('Final.');
    expect(markdownSection(md, 'Riscos')).toBeNull();
  });

  it('finds headings as Markdown does: styled titles count, a title inside a code block does not', () => {
    expect(markdownSection('## **Conclusão**\n\nViável.\n', 'Conclusão')).toBe('Viável.');
    expect(markdownSection('```\n## Conclusão\n```\n\nx', 'Conclusão')).toBeNull();
  });
});
