import { describe, expect, it } from 'vitest';
import { extractKeywords, tokens } from './keywords.ts';

describe('keywords', () => {
  it('keeps only words a person reads: no form-field names, brands, web addresses, place names or filler', () => {
    const text =
      'SignInitial SignInitial QuintoAndar www.quintoandar.com.br contato@quintoandar.com.br São Paulo, caso haja hipoteca ' +
      'averbada, a hipoteca e a penhora constam na matrícula. Edifício Jacarandá, garagem coberta.';
    const words = tokens(text);
    for (const noise of ['signinitial', 'quintoandar', 'paulo', 'caso', 'contato']) expect(words, noise).not.toContain(noise);
    expect(words).toEqual(expect.arrayContaining(['hipoteca', 'penhora', 'averbada', 'edificio', 'jacaranda', 'garagem']));
    const top = extractKeywords([{ id: 'd', fileName: 'm.pdf', pages: [{ number: 1, text }] }], 4).map((k) => k.term);
    expect(top).toContain('hipoteca');
    expect(top).not.toContain('signinitial');
  });
});
