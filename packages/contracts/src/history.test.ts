import { describe, expect, it } from 'vitest';
import { ACCENTED, UNACCENTED, confidenceBand, foldText, historyQuery, markdownToPlainText, previewText } from './history.ts';

describe('foldText', () => {
  it('lower-cases and removes Portuguese accents, capitals included', () => {
    expect(foldText('São Paulo')).toBe('sao paulo');
    expect(foldText('SÃO LUÍS')).toBe('sao luis');
    expect(foldText('Jurídica, Técnica, Ação, Pôr')).toBe('juridica, tecnica, acao, por');
    // Decomposed input (some keyboards) is composed first.
    expect(foldText('Sa\u0303o')).toBe('sao');
  });

  it('keeps the SQL map and this one the same length', () => {
    expect([...ACCENTED]).toHaveLength([...UNACCENTED].length);
  });
});

describe('markdownToPlainText / previewText', () => {
  const md = [
    '# Completa - Apartamento em Pinheiros',
    '',
    'Pontuação de viabilidade: **6,3/10** (_Viabilidade moderada_)',
    '',
    '| Indicador | Valor |',
    '| --- | ---: |',
    '| TIR | 1,8% |',
    '',
    '- Ver [matrícula](https://exemplo.test) e `IPTU`',
    '> Nota',
  ].join('\n');

  it('unwraps headings, emphasis, tables, lists, links and code', () => {
    expect(markdownToPlainText(md)).toBe(
      'Completa - Apartamento em Pinheiros Pontuação de viabilidade: 6,3/10 (Viabilidade moderada) Indicador · Valor TIR · 1,8% Ver matrícula e IPTU Nota',
    );
  });

  it('joins cells, empty ones included, and unwraps images, links and tags', () => {
    expect(markdownToPlainText('| a |  | b |\nc|d')).toBe('a · · b c · d');
    expect(markdownToPlainText('![planta](p.png) [laudo](https://x.test/a?b=1) <b>negrito</b>')).toBe('planta laudo negrito');
  });

  // Each of these made the former expressions rescan the rest of the text from every character (quadratic).
  it('reads 200 000 spaces, brackets or tag openings in linear time', () => {
    const n = 200_000;
    expect(markdownToPlainText(`a${' '.repeat(n)}b|c`)).toBe('a b · c');
    expect(markdownToPlainText('['.repeat(n)) === '['.repeat(n)).toBe(true);
    expect(markdownToPlainText('!['.repeat(n / 2)) === '!['.repeat(n / 2)).toBe(true);
    expect(markdownToPlainText('[a]('.repeat(n / 4)) === '[a]('.repeat(n / 4)).toBe(true);
    expect(markdownToPlainText('<'.repeat(n)) === '<'.repeat(n)).toBe(true);
  });

  it('keeps snake_case words and arithmetic intact', () => {
    expect(markdownToPlainText('valor_total 2 * 3 * 4')).toBe('valor_total 2 * 3 * 4');
  });

  it('cuts at 200 characters with an ellipsis, and leaves short text alone', () => {
    const long = previewText(`# Título\n\n${'palavra '.repeat(100)}`);
    // 199 characters and the ellipsis, less the space the cut fell on.
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.length).toBeGreaterThanOrEqual(198);
    expect(long.endsWith('…')).toBe(true);
    expect(previewText('## Curto')).toBe('Curto');
    expect(previewText(null)).toBe('');
    // The report's own title is left out of the preview.
    expect(previewText('# Completa - Casa\n\nPontuação de viabilidade: 6,3/10')).toBe('Pontuação de viabilidade: 6,3/10');
  });
});

describe('historyQuery', () => {
  it("reads 'all' and blanks as no filter, and pages from 1 by 20", () => {
    expect(historyQuery.parse({ q: '  ', type: 'all', provider: '' })).toEqual({ page: 1, pageSize: 20 });
    expect(historyQuery.parse({ q: ' sao ', type: 'legal', provider: 'local', page: '2', pageSize: '5' })).toEqual({
      q: 'sao',
      type: 'legal',
      provider: 'local',
      page: 2,
      pageSize: 5,
    });
    expect(historyQuery.safeParse({ pageSize: '101' }).success).toBe(false);
  });
});

describe('confidenceBand', () => {
  it('follows spec 01 §5: ≥ 80 green, 60–79 yellow, below 60 red', () => {
    expect(confidenceBand(80)).toEqual({ label: 'Alta Confiança', tone: 'success' });
    expect(confidenceBand(79.9)).toEqual({ label: 'Confiança Moderada', tone: 'warning' });
    expect(confidenceBand(60)).toEqual({ label: 'Confiança Moderada', tone: 'warning' });
    expect(confidenceBand(59)).toEqual({ label: 'Baixa Confiança', tone: 'destructive' });
  });
});
