import { describe, expect, it } from 'vitest';

import { csvCell, toCsv } from './csv';

describe('csvCell', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1+cmd')).toBe("'+1+cmd");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
  });

  it('leaves numbers and ordinary text as they are, quoting separators', () => {
    expect(csvCell('-3,5')).toBe('-3,5');
    expect(csvCell('12')).toBe('12');
    expect(csvCell('Motor Viabiliza')).toBe('Motor Viabiliza');
    expect(csvCell('a;b')).toBe('"a;b"');
  });

  it('joins cells with semicolons and lines with CRLF', () => {
    expect(toCsv([['a', 'b'], ['1', '=2']])).toBe("a;b\r\n1;'=2");
  });
});
