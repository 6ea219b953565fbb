import { describe, expect, it } from 'vitest';
import { fractionIn, parseMatriculaActs, sameName } from './acts.ts';

const parse = (text: string | string[]) =>
  parseMatriculaActs({ documentId: 'm1', fileName: 'MATRICULA.pdf', pages: (Array.isArray(text) ? text : [text]).map((t, i) => ({ number: i + 1, text: t })) });

const HEAD = `1º OFICIAL DE REGISTRO DE IMÓVEIS DE SÃO PAULO
LIVRO Nº 2 - REGISTRO GERAL MATRÍCULA Nº 46.511 FICHA 01
IMÓVEL: O APARTAMENTO 52, localizado no 5º andar do EDIFÍCIO SOLAR DAS PALMEIRAS, situado na Rua das Flores, nº 100, em São Paulo/SP, com a área privativa de 85,50 m².
PROPRIETÁRIA: CONSTRUTORA HORIZONTE EMPREENDIMENTOS LTDA, com sede na Avenida Paulista, nº 1000, São Paulo/SP, inscrita no CNPJ sob nº 11.222.333/0001-81.
REGISTRO ANTERIOR: R.3 da matrícula nº 40.120 deste Ofício.`;

describe('matrícula acts', () => {
  it('reads label, date, type, parties with roles and tax ids, and value of a sale', () => {
    const { acts, opening } = parse(
      `${HEAD}\nR-1/46.511 - Em 12 de março de 1998. COMPRA E VENDA. TRANSMITENTE: CONSTRUTORA HORIZONTE EMPREENDIMENTOS LTDA. ADQUIRENTE(S): JOSÉ CARLOS PEREIRA, brasileiro, casado, engenheiro, inscrito no CPF sob nº 529.982.247-25, residente e domiciliado na Rua Y, nº 2, São Paulo/SP; e MARIA HELENA SOUZA, brasileira, casada, médica, inscrita no CPF sob nº 111.444.777-35. TÍTULO: escritura pública de 1 de março de 1998. VALOR: R$ 1.234.567,89. O imóvel foi adquirido livre e desembaraçado de quaisquer ônus.`,
    );
    expect(opening?.parties.map((p) => p.name)).toEqual(['CONSTRUTORA HORIZONTE EMPREENDIMENTOS LTDA']);
    expect(acts).toHaveLength(1);
    const act = acts[0]!;
    expect(act).toMatchObject({ label: 'R.1', kind: 'R', number: 1, date: '1998-03-12', type: 'compra_venda', title: 'COMPRA E VENDA', value: 1234567.89, cancels: [], liens: [] });
    expect(act.parties.map((p) => [p.name, p.role, p.taxId])).toEqual([
      ['CONSTRUTORA HORIZONTE EMPREENDIMENTOS LTDA', 'transmitente', null],
      ['JOSÉ CARLOS PEREIRA', 'adquirente', '***.982.247-**'],
      ['MARIA HELENA SOUZA', 'adquirente', '***.444.777-**'],
    ]);
    expect(act.citation.page).toBe(1);
    expect(act.citation.quote.startsWith('R-1/46.511 - Em 12 de março de 1998. COMPRA E VENDA.')).toBe(true);
  });

  it('reads a typewritten ficha: l for 1 and O for 0 in dates and values', () => {
    const { acts } = parse('R.l - Em l2/O3/l987. VENDA E COMPRA. TRANSMITENTE: ANTÔNIO RIBEIRO LIMA. ADQUIRENTE: SÉRGIO MOTTA DIAS. VALOR: R$ l2O.5OO,OO.');
    expect(acts[0]).toMatchObject({ label: 'R.1', date: '1987-03-12', type: 'compra_venda', value: 120500 });
  });

  it('reads a mortgage and its cancellation: debtor, bank as creditor, the act it cancels', () => {
    const { acts, liens } = parse([
      `R-2/46.511 - Em 5 de abril de 1999. HIPOTECA. Por instrumento particular, JOSÉ CARLOS PEREIRA e MARIA HELENA SOUZA deram o imóvel em primeira e especial hipoteca ao BANCO VÉRTICE S.A., em garantia da dívida de R$ 400.000,00.`,
      `AV-3/46.511 - Em 10 de maio de 2010. CANCELAMENTO DE HIPOTECA. Fica cancelada a hipoteca objeto do registro nº 2 desta matrícula, em virtude de autorização dada pelo credor BANCO VÉRTICE S.A.`,
    ]);
    expect(acts[0]!.parties.map((p) => [p.name, p.role])).toEqual([
      ['JOSÉ CARLOS PEREIRA', 'devedor'],
      ['MARIA HELENA SOUZA', 'devedor'],
      ['BANCO VÉRTICE S.A.', 'credor'],
    ]);
    expect(acts[0]!.liens).toEqual(['hipoteca']);
    expect(acts[1]).toMatchObject({ type: 'cancelamento', cancels: ['R.2'], liens: [] });
    // The cancellation is on page 2: it cites that page.
    expect(acts[1]!.citation.page).toBe(2);
    expect(liens.map((l) => [l.act, l.active, l.cancelledBy])).toEqual([['R.2', false, 'AV.3']]);
  });

  it('reads a donation reserving the usufruct: the donors keep it', () => {
    const { acts } = parse('R.4 - Em 1 de junho de 2010. DOAÇÃO COM RESERVA DE USUFRUTO. Por escritura de 1 de junho de 2010, JOSÉ CARLOS PEREIRA doou o imóvel a ANA PAULA PEREIRA, reservando para si o usufruto vitalício.');
    expect(acts[0]!.type).toBe('doacao');
    expect(acts[0]!.liens).toEqual(['usufruto']);
    expect(acts[0]!.parties.map((p) => [p.name, p.role])).toEqual([
      ['JOSÉ CARLOS PEREIRA', 'transmitente'],
      ['ANA PAULA PEREIRA', 'adquirente'],
      ['JOSÉ CARLOS PEREIRA', 'usufrutuario'],
    ]);
  });

  it('reads shares of an inheritance: 50 %, 25 %, metade, 1/3', () => {
    const { acts } = parse(
      'R.5 - Em 3 de julho de 2015. PARTILHA. Formal de partilha extraído dos autos do inventário. HERDEIROS: ANA PAULA PEREIRA, brasileira, na proporção de 50%; RENATO LIMA PEREIRA, parte ideal correspondente a 25%; e SÔNIA LIMA PEREIRA, parte ideal correspondente a 25%.',
    );
    expect(acts[0]!.type).toBe('partilha');
    expect(acts[0]!.parties.map((p) => [p.name, p.role, p.fraction])).toEqual([
      ['ANA PAULA PEREIRA', 'adquirente', 0.5],
      ['RENATO LIMA PEREIRA', 'adquirente', 0.25],
      ['SÔNIA LIMA PEREIRA', 'adquirente', 0.25],
    ]);
    expect(fractionIn('a metade ideal do imovel')).toBe(0.5);
    expect(fractionIn('1/3 (um terco) do imovel')).toBeCloseTo(1 / 3, 5);
    expect(fractionIn('residente na rua x, nº 1/2')).toBeNull();
  });

  it('gives equal parts only when the act says so', () => {
    const { acts } = parse('R.2 - Em 2 de maio de 2001. COMPRA E VENDA. TRANSMITENTE: JOSÉ CARLOS PEREIRA. ADQUIRENTES: RAFAEL COSTA LIMA e BEATRIZ COSTA LIMA, em partes iguais. VALOR: R$ 300.000,00.');
    expect(acts[0]!.parties.filter((p) => p.role === 'adquirente').map((p) => p.fraction)).toEqual([0.5, 0.5]);
    const silent = parse('R.2 - Em 2 de maio de 2001. COMPRA E VENDA. TRANSMITENTE: JOSÉ CARLOS PEREIRA. ADQUIRENTES: RAFAEL COSTA LIMA e BEATRIZ COSTA LIMA. VALOR: R$ 300.000,00.');
    expect(silent.acts[0]!.parties.filter((p) => p.role === 'adquirente').map((p) => p.fraction)).toEqual([null, null]);
  });

  it('reads a fiduciary sale and its consolidation in the bank’s name', () => {
    const { acts, liens } = parse([
      'R.3 - Em 4 de fevereiro de 2019. ALIENAÇÃO FIDUCIÁRIA. Nos termos da Lei 9.514/1997, FERNANDO ALVES ROCHA alienou fiduciariamente o imóvel ao BANCO ATLÂNTICO SUL S.A., em garantia da dívida de R$ 350.000,00. Em caso de inadimplemento, a consolidação da propriedade em nome do credor fiduciário observará o artigo 26 da referida lei.',
      'AV.4 - Em 9 de setembro de 2023. CONSOLIDAÇÃO DA PROPRIEDADE. À vista da prova do não pagamento, consolida-se a propriedade do imóvel em nome do credor fiduciário BANCO ATLÂNTICO SUL S.A., objeto do R.3. VALOR: R$ 410.000,00.',
    ]);
    expect(acts[0]!.parties.map((p) => [p.name, p.role])).toEqual([
      ['FERNANDO ALVES ROCHA', 'devedor'],
      ['BANCO ATLÂNTICO SUL S.A.', 'credor'],
    ]);
    expect(acts[1]).toMatchObject({ type: 'consolidacao_fiduciaria', cancels: ['R.3'] });
    expect(acts[1]!.parties.find((p) => p.role === 'adquirente')?.name).toBe('BANCO ATLÂNTICO SUL S.A.');
    expect(liens.map((l) => [l.act, l.active, l.cancelledBy])).toEqual([['R.3', false, 'AV.4']]);
  });

  it('makes no lien of a negative CNIB search or a free-of-liens sentence', () => {
    const { acts, liens } = parse([
      'R.1 - Em 2 de maio de 2001. COMPRA E VENDA. TRANSMITENTE: JOSÉ CARLOS PEREIRA. ADQUIRENTE: RAFAEL COSTA LIMA. O imóvel encontra-se livre e desembaraçado de quaisquer ônus reais, hipotecas, penhoras ou arrestos.\nFIM DOS ATOS PRATICADOS',
      'CERTIDÃO\nCertifico ainda que, realizada consulta à Central Nacional de Indisponibilidade de Bens - CNIB, o resultado foi negativo para os titulares de direitos sobre o imóvel.',
    ]);
    expect(acts).toHaveLength(1);
    expect(liens).toEqual([]);
  });

  it('keeps acts whose head a scan garbled, and does not take the registry’s “RI” for R.1', () => {
    const { acts, liens } = parse(
      [
        'R-2/76.266 - Em 26/02/1982. HIPOTECA. Por instrumento particular, JOSÉ CARLOS PEREIRA deu o imóvel em primeira e especial hipoteca ao BANCO VÉRTICE S.A.',
        'Av.3 - Em 28/07/2012. CASAMENTO. Pela certidão apresentada, JOSÉ CARLOS PEREIRA casou-se.',
        'R.d - Em 10/04/2016, PENHORA. Por certidão expedida nos autos da execução, da 4a Vara Cível, procede-se ao registro da penhora do imóvel.',
        'aAv.5 - Em 11/07/2017. CANCELAMENTO DE PENHORA. Por mandado, fica cancelada a penhora objeto do R.4 desta matrícula.',
        'AV-6I76. 266 - Em 13 de agosto de 2019. CANCELAMENTO DE HIPOTECA. Fica cancelada a hipoteca objeto do registro nº 2 desta matrícula.',
        'Selo digital 430609008132976 - 4º RI - Consulte a autenticidade',
      ].join('\n'),
    );
    expect(acts.map((a) => `${a.label}:${a.type}`)).toEqual(['R.2:hipoteca', 'AV.3:casamento', 'R.4:penhora', 'AV.5:cancelamento', 'AV.6:cancelamento']);
    expect(acts[4]!.cancels).toEqual(['R.2']);
    expect(liens.map((l) => [l.type, l.act, l.cancelledBy])).toEqual([
      ['hipoteca', 'R.2', 'AV.6'],
      ['penhora', 'R.4', 'AV.5'],
    ]);
  });

  it('reads R.1 in “R.1l - Em”, and the usufruct of a donation with reservation whose last words a stamp hid', () => {
    const { acts, liens } = parse(
      [
        'R.1l .- Em 12/02/1987. COMPRA E VENDA. TRANSMITENTE: INCORPORADORA MORUMBI PARK LTDA. ADQUIRENTE(S): RAFAEL PEREIRA GONÇALVES, brasileiro.',
        'R.2 - Em 27/12/2000. DOAÇÃO COM RESERVA FeSRRITO Por escritura de 3 de março de 2000, RAFAEL PEREIRA GONÇALVÊ da: aRb; 1SÃO RALO',
        'vitalício.',
      ].join('\n'),
    );
    expect(acts.map((a) => a.label)).toEqual(['R.1', 'R.2']);
    expect(liens.map((l) => [l.type, l.act, l.active])).toEqual([['usufruto', 'R.2', true]]);
  });

  it('reads two acquirers a scan joined by a colon, and an act whose label follows a stray quote', () => {
    const { acts } = parse(
      [
        'R-1/44.604 - Em 27 de outubro de 1990, COMPRA E VENDA. TRANSMITENTE: INCORPORADORA JEQUITIBÁ LTDA. ADQUIRENTE(S): FÁBIO ANDRADE MACHADO, brasileiro, CEP 09136-119: e LUCIANA ARAÚJO SILVA, brasileira. VALOR: R$ 146.960,00.',
        '“AV-2/44.604 - Em 20 de junho de 1993. INSCRIÇÃO MUNICIPAL. Procede-se a esta averbação para constar o contribuinte nº 218.323.2007-1.',
      ].join('\n'),
    );
    expect(acts.map((a) => a.label)).toEqual(['R.1', 'AV.2']);
    expect(acts[0]!.parties.filter((p) => p.role === 'adquirente').map((p) => p.name)).toEqual(['FÁBIO ANDRADE MACHADO', 'LUCIANA ARAÚJO SILVA']);
  });

  it('tells the same person apart from OCR noise and from another person', () => {
    expect(sameName('JOSÉ CARLOS PEREIRA', 'Jose Carlos Pereira')).toBe(true);
    expect(sameName('JOSÉ CARLOS PEREIRA', 'JOSÉ CARL0S PEREIRA')).toBe(true);
    expect(sameName('JOSÉ CARLOS PEREIRA', 'JOSÉ PEREIRA')).toBe(true);
    expect(sameName('JOSÉ CARLOS PEREIRA', 'JOSÉ AUGUSTO PEREIRA')).toBe(false);
    expect(sameName('JOSÉ CARLOS PEREIRA', 'MARIA CARLOS PEREIRA')).toBe(false);
  });
});
