import { describe, expect, it } from 'vitest';
import { fold } from './key-fields.ts';
import { findActs, findLiens } from './liens.ts';

const liensOf = (text: string) => findLiens(fold(text)).map((l) => [l.type, l.act, l.active, l.cancelledBy]);

describe('matrícula acts', () => {
  it('reads every spelling of an act label, OCR noise included', () => {
    const text = ['R-1/46.511 - Em 1. COMPRA E VENDA.', 'Av.2 - Em 2. CASAMENTO.', 'R.03/46511 - HIPOTECA.', 'AV-O4/46.511 - CANCELAMENTO.', 'R-l5 - PENHORA.', 'AV 6 - CONSTRUÇÃO.', 'R,7 - Em 2019. ALIENAÇÃO FIDUCIÁRIA.', 'Av,.8 - CANCELAMENTO.'].join('\n');
    expect(findActs(fold(text)).map((a) => a.label)).toEqual(['R.1', 'AV.2', 'R.3', 'AV.4', 'R.15', 'AV.6', 'R.7', 'AV.8']);
  });

  it('cancels the lien an act names (R-2 by AV-5), and leaves the later one active', () => {
    const text = [
      'R-2/46.511 - Em 10/03/1995. HIPOTECA. O proprietário deu o imóvel em primeira e especial hipoteca ao BANCO A.',
      'AV-3/46.511 - Em 2000. CONSTRUÇÃO. Averba-se a construção.',
      'AV-5/46.511 - CANCELAMENTO DE HIPOTECA. Fica cancelada a hipoteca objeto do registro nº 2 desta matrícula.',
      'R-6/46.511 - ALIENAÇÃO FIDUCIÁRIA. Os proprietários alienaram fiduciariamente o imóvel ao BANCO B. Em caso de inadimplemento, a consolidação da propriedade observará o art. 26.',
    ].join('\n');
    expect(liensOf(text)).toEqual([
      ['hipoteca', 'R.2', false, 'AV.5'],
      ['alienacao_fiduciaria', 'R.6', true, null],
    ]);
  });

  it('reads clauses of a donation act that cites the act it comes from', () => {
    const text = 'AV.3 - CLÁUSULAS RESTRITIVAS. Da escritura de doação objeto do R.2 consta que o imóvel doado fica gravado com as cláusulas de impenhorabilidade e incomunicabilidade, vitalícias.';
    expect(liensOf(text)).toEqual([
      ['impenhorabilidade', 'AV.3', true, null],
      ['incomunicabilidade', 'AV.3', true, null],
    ]);
  });

  it('reads a clause whose word a stamp broke', () => {
    const text = 'Av.3 - CLÁUSULAS RESTRITIVAS. O imóvel doado fica gravado com as cláusulas de\n\nimper Mhorabilidade e incomunicabilidade, vitalícias.';
    expect(liensOf(text).map((l) => l[0])).toEqual(['impenhorabilidade', 'incomunicabilidade']);
  });

  it('ends a fiduciary lien by a consolidation act, not by a sentence that only foresees one', () => {
    const text = ['R.4 - ALIENAÇÃO FIDUCIÁRIA. Alienou fiduciariamente ao BANCO C. Em caso de inadimplemento, a consolidação da propriedade seguirá a lei.', 'AV.7 - CONSOLIDAÇÃO DA PROPRIEDADE em nome do credor fiduciário BANCO C.'].join('\n');
    expect(liensOf(text)).toEqual([['alienacao_fiduciaria', 'R.4', false, 'AV.7']]);
  });

  it('does not take a citation of another act\'s lien for a new lien', () => {
    const text = ['R.5 - ALIENAÇÃO FIDUCIÁRIA. Alienou fiduciariamente ao BANCO D.', 'AV.6 - RETIFICAÇÃO. Retifica-se a alienação fiduciária objeto do R.5 quanto ao valor da dívida.'].join('\n');
    expect(liensOf(text)).toEqual([['alienacao_fiduciaria', 'R.5', true, null]]);
  });
});

describe('acts told by the matrícula they carry', () => {
  it('takes the marker with the matrícula, not a georeferenced vertex or "Rio" at a line start', () => {
    const text = fold(
      [
        'AV-6-Mat.479 – Procede-se a esta averbação do georreferenciamento, do marco R-5 ao',
        'R-7 ao 6, com os seguintes azimutes e distâncias: 146º35 – 184,50 metros; margem do',
        'Rio Anil, confrontando.',
        'R-7-Mat.479 – Nos termos da escritura, o imóvel foi dado em garantia em primeira e especial hipoteca ao BANCO X.',
        'AV-01=26.396 - AVERBAÇÃO DE CONSTRUÇÃO.',
      ].join('\n'),
    );
    const acts = findActs(text);
    expect(acts.map((a) => a.label)).toEqual(['AV.6', 'R.7', 'AV.1']);
    expect(text.slice(acts[1]!.start, acts[1]!.start + 12)).toBe('r-7-mat.479 ');
    expect(findLiens(text, acts)).toMatchObject([{ type: 'hipoteca', act: 'R.7', active: true }]);
  });
});

describe('sentences that are not liens', () => {
  const act = (sentence: string) => `R.1 - Em 2020. COMPRA E VENDA. ${sentence}`;

  it.each([
    ['livre e desembaraçado', 'O imóvel encontra-se livre e desembaraçado de quaisquer ônus reais, hipotecas, penhoras, arrestos ou sequestros.'],
    ['negative CNIB search', 'Realizada consulta à Central Nacional de Indisponibilidade de Bens - CNIB, o resultado foi negativo.'],
    ['conditional clause', 'Caso exista penhora, arresto ou qualquer constrição judicial não informada, o vendedor responderá.'],
    ['system outage boilerplate', 'A eventual indisponibilidade de sistemas eletrônicos não constituirá inadimplemento.'],
    ['seller guarantees', 'O vendedor declara que sobre o imóvel não pesam hipoteca, penhora, usufruto ou indisponibilidade.'],
    ['nada consta', 'NADA CONSTA quanto a ônus reais, penhoras ou indisponibilidades.'],
    ['não há registro', 'Não há registro de hipoteca, penhora ou alienação fiduciária sobre o imóvel.'],
  ])('%s', (_name, sentence) => {
    expect(liensOf(act(sentence))).toEqual([]);
  });

  it('leaves the certificate after the last act out of that act', () => {
    const text = ['R.1 - COMPRA E VENDA. Transmitiu o imóvel.', 'FIM DOS ATOS PRATICADOS', 'CERTIDÃO', 'Certifico que a indisponibilidade de bens dos titulares foi pesquisada.'].join('\n');
    expect(liensOf(text)).toEqual([]);
  });
});
