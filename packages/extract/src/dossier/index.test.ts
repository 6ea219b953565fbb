import { describe, expect, it } from 'vitest';
import { dossier as dossierSchema, type DossierDocument } from '@viabiliza/contracts/dossier';
import { extractKeyFields } from '../key-fields.ts';
import { buildDossier } from './index.ts';

/** A stored document as the reader leaves it: its pages and the key fields read from them. */
function doc(id: string, fileName: string, pages: string | string[]): DossierDocument {
  const list = (Array.isArray(pages) ? pages : [pages]).map((text, i) => ({ number: i + 1, text }));
  const read = extractKeyFields({ fileName, pages: list.map((p) => ({ ...p, confidence: null })) });
  return { id, fileName, documentType: read.documentType, keyFields: read.fields, pages: list };
}

const MATRICULA_HEAD = `1º OFICIAL DE REGISTRO DE IMÓVEIS DE SÃO PAULO
LIVRO Nº 2 - REGISTRO GERAL MATRÍCULA Nº 46.511 FICHA 01
São Paulo, 10 de janeiro de 1990.
IMÓVEL: O APARTAMENTO 52, localizado no 5º andar do EDIFÍCIO SOLAR DAS PALMEIRAS, situado na Rua das Flores, nº 100, Jardim Paulista, em São Paulo/SP, CEP 01415-000, com a área privativa de 85,50 m², a área comum de 40,10 m², perfazendo a área total de 125,60 m².
PROPRIETÁRIA: CONSTRUTORA HORIZONTE EMPREENDIMENTOS LTDA, com sede na Avenida Paulista, nº 1000, Bela Vista, São Paulo/SP, CEP 01310-100, inscrita no CNPJ sob nº 11.222.333/0001-81.
REGISTRO ANTERIOR: R.3 da matrícula nº 40.120 deste Ofício.`;

const CERTIFICATE = (issued: string) => `FIM DOS ATOS PRATICADOS
CERTIDÃO
CERTIFICO E DOU FÉ que a presente certidão é reprodução autêntica da matrícula nº 46.511, e que nela se acham relatados todos os ônus e alienações relativos ao imóvel até a presente data.
Certifico ainda que, realizada consulta à Central Nacional de Indisponibilidade de Bens - CNIB, o resultado foi negativo para os titulares de direitos sobre o imóvel.
São Paulo, ${issued}.`;

const SALE_ACTS = `R-1/46.511 - Em 12 de março de 1992. COMPRA E VENDA. TRANSMITENTE: CONSTRUTORA HORIZONTE EMPREENDIMENTOS LTDA. ADQUIRENTE(S): ANTÔNIO RIBEIRO LIMA, brasileiro, casado, inscrito no CPF sob nº 529.982.247-25, residente na Rua Bahia, nº 5, Higienópolis, São Paulo/SP, CEP 01244-000. VALOR: R$ 150.000,00.
R-2/46.511 - Em 12 de março de 1992. HIPOTECA. Por instrumento particular, ANTÔNIO RIBEIRO LIMA deu o imóvel em primeira e especial hipoteca ao BANCO VÉRTICE S.A., em garantia da dívida de R$ 60.000,00.
AV-3/46.511 - Em 20 de agosto de 2001. CANCELAMENTO DE HIPOTECA. Fica cancelada a hipoteca objeto do registro nº 2 desta matrícula, em virtude de autorização dada pelo credor BANCO VÉRTICE S.A.
R-4/46.511 - Em 15 de maio de 2010. COMPRA E VENDA. TRANSMITENTE: ANTÔNIO RIBEIRO LIMA. ADQUIRENTE(S): CARLOS EDUARDO MENDES, brasileiro, casado, inscrito no CPF sob nº 111.444.777-35, residente na Rua Augusta, nº 900, Consolação, São Paulo/SP; e PATRÍCIA GOMES MENDES, brasileira, casada, inscrita no CPF sob nº 390.533.447-05. VALOR: R$ 480.000,00.
AV-5/46.511 - Em 2 de junho de 2010. INSCRIÇÃO MUNICIPAL. Procede-se a esta averbação para constar que o imóvel está cadastrado na Prefeitura sob o contribuinte nº 039.080.0244-3.`;

const ESCRITURA = `2º TABELIÃO DE NOTAS DE SÃO PAULO
Rua Boa Vista, 100 - Centro - São Paulo/SP - CEP 01014-000
ESCRITURA PÚBLICA DE VENDA E COMPRA
SAIBAM quantos esta pública escritura virem que, aos 20 de maio de 2025, nesta cidade de São Paulo, compareceram as partes, a saber:
como OUTORGANTES VENDEDORES: CARLOS EDUARDO MENDES, brasileiro, engenheiro, casado sob o regime da comunhão parcial de bens com PATRÍCIA GOMES MENDES, inscrito no CPF sob nº 111.444.777-35, residente na Rua Augusta, nº 900, Consolação, São Paulo/SP; e PATRÍCIA GOMES MENDES, brasileira, médica, inscrita no CPF sob nº 390.533.447-05;
e como OUTORGADO(S) COMPRADOR(ES): RICARDO SOUZA ALVES, brasileiro, solteiro, inscrito no CPF sob nº 153.509.460-56, residente na Rua Vergueiro, nº 10, São Paulo/SP.
1. DO IMÓVEL: Os outorgantes são senhores do apartamento 52 do Edifício Solar das Palmeiras, situado na Rua das Flores, nº 100, em São Paulo/SP, objeto da matrícula nº 46.511 do 1º Oficial de Registro de Imóveis de São Paulo, contribuinte nº 039.080.0244-3.
2. DO PREÇO: Pela presente escritura vendem o imóvel pelo preço certo de R$ 600.000,00 (seiscentos mil reais), do qual dão plena quitação.
5. DAS DECLARAÇÕES: Os vendedores declaram que o imóvel encontra-se livre e desembaraçado de quaisquer ônus, e que consultada a CNIB o resultado foi negativo.`;

const ITBI_GUIA = `PREFEITURA DO MUNICÍPIO DE SÃO PAULO
ITBI - IMPOSTO SOBRE TRANSMISSÃO DE BENS IMÓVEIS - GUIA DE RECOLHIMENTO
Número do contribuinte: 039.080.0244-3
Valor da transação: R$ 600.000,00
Valor venal de referência: R$ 580.000,00
Base de cálculo: R$ 600.000,00
Alíquota: 3%
Valor do imposto: R$ 18.000,00
Vencimento: 30/05/2025`;

const COMPROVANTE = `COMPROVANTE DE PAGAMENTO
BANCO VÉRTICE S.A.
Pagamento de tributos municipais - ITBI - DAMSP
Contribuinte: 039.080.0244-3
Valor pago: R$ 18.000,00
Data do pagamento: 22/05/2025
Autenticação: 8A7B6C5D4E3F`;

const IPTU = `PREFEITURA DO MUNICÍPIO DE SÃO PAULO
CERTIDÃO DE DADOS CADASTRAIS DO IMÓVEL - IPTU 2025
Número do contribuinte: 039.080.0244-3
Endereço do imóvel: Rua das Flores, nº 100, apto 52
CEP: 01415-000
Área do terreno: 1.200,00 m²
Área construída: 125,60 m²
Valor venal: R$ 410.000,00
Data de emissão: 02/05/2025`;

const CNDT = (name: string, cpf: string, issued: string, valid: string) => `PODER JUDICIÁRIO
JUSTIÇA DO TRABALHO
CERTIDÃO NEGATIVA DE DÉBITOS TRABALHISTAS
Nome: ${name}
CPF: ${cpf}
Expedição: ${issued}, às 10:12:13
Validade: ${valid} - 180 (cento e oitenta) dias, contados da data de sua expedição.
Certifica-se que ${name}, inscrito(a) no CPF sob o nº ${cpf}, NÃO CONSTA do Banco Nacional de Devedores Trabalhistas.`;

const folder = (matriculaActs: string, extra: DossierDocument[] = [], escritura = ESCRITURA) => [
  doc('m', 'MATRICULA ATUALIZADA.pdf', [`${MATRICULA_HEAD}\n${matriculaActs}`, CERTIFICATE('28 de maio de 2025')]),
  doc('e', 'Escritura.pdf', escritura),
  doc('g', 'guia ITBI.pdf', ITBI_GUIA),
  doc('c', 'comprovante ITBI.pdf', COMPROVANTE),
  doc('i', 'IPTU dados cadastrais.pdf', IPTU),
  ...extra,
];

const SP = { asOf: '2025-06-01', itbiRate: (city: string) => (city === 'São Paulo' ? { rate: 3, source: 'Lei municipal 11.154/1991: 3 %' } : null) };

function citationsHold(d: ReturnType<typeof buildDossier>, docs: DossierDocument[]) {
  const all = [
    ...d.matriculas.flatMap((m) => [...m.acts.map((a) => a.citation), ...m.owners.map((o) => o.citation), ...m.liens.flatMap((l) => [l.citation, ...(l.cancelCitation ? [l.cancelCitation] : [])])]),
    ...d.facts.flatMap((f) => f.sources.map((s) => s.citation)),
    ...d.sellers.map((s) => s.citation),
    ...d.certidoes.flatMap((c) => (c.citation ? [c.citation] : [])),
    ...d.checks.flatMap((c) => c.citations),
  ];
  for (const c of all) {
    const page = docs.find((x) => x.id === c.documentId)?.pages.find((p) => p.number === c.page);
    expect(page?.text, `${c.fileName} p.${c.page}`).toContain(c.quote);
    expect(c.quote.length).toBeGreaterThan(0);
    expect(c.quote.length).toBeLessThanOrEqual(240);
  }
}

describe('buildDossier', () => {
  it('reads owners, a released mortgage, the facts and the ITBI of a clean sale, every fact cited', () => {
    const docs = folder(SALE_ACTS, [
      doc('t1', 'CNDT Carlos.pdf', CNDT('CARLOS EDUARDO MENDES', '111.444.777-35', '10/05/2025', '06/11/2025')),
      doc('t2', 'CNDT Patricia.pdf', CNDT('PATRÍCIA GOMES MENDES', '390.533.447-05', '10/05/2025', '06/11/2025')),
    ]);
    const d = buildDossier(docs, SP);
    expect(dossierSchema.safeParse(d).success).toBe(true);
    const m = d.matriculas[0]!;
    expect(m.matricula).toBe('46511');
    expect(m.owners.map((o) => o.name)).toEqual(['CARLOS EDUARDO MENDES', 'PATRÍCIA GOMES MENDES']);
    expect(m.chain.map((s) => [s.act, s.from, s.to])).toEqual([
      ['R.1', ['CONSTRUTORA HORIZONTE EMPREENDIMENTOS LTDA'], ['ANTÔNIO RIBEIRO LIMA']],
      ['R.4', ['ANTÔNIO RIBEIRO LIMA'], ['CARLOS EDUARDO MENDES', 'PATRÍCIA GOMES MENDES']],
    ]);
    expect(m.liens).toHaveLength(1);
    expect(m.liens[0]).toMatchObject({ type: 'hipoteca', act: 'R.2', status: 'cancelado', cancelledBy: 'AV.3', beneficiary: 'BANCO VÉRTICE S.A.', severity: 'condiciona' });
    expect(m.liens[0]!.cancelCitation?.quote).toMatch(/^AV-3\/46\.511/);

    expect(d.sellers.map((s) => [s.name, s.taxId])).toEqual([
      ['CARLOS EDUARDO MENDES', '***.444.777-**'],
      ['PATRÍCIA GOMES MENDES', '***.533.447-**'],
    ]);
    expect(d.sellers[0]).toMatchObject({ spouse: 'PATRÍCIA GOMES MENDES', marriageRegime: 'comunhão parcial de bens' });
    expect(d.buyers.map((s) => s.name)).toEqual(['RICARDO SOUZA ALVES']);

    const fact = (key: string) => d.facts.find((f) => f.key === key);
    expect(fact('valor_transacao')).toMatchObject({ normalized: 600000, conflict: false });
    expect(fact('valor_transacao')!.sources[0]!.citation.fileName).toBe('Escritura.pdf');
    expect(fact('valor_itbi')?.normalized).toBe(18000);
    expect(fact('valor_itbi_pago')?.normalized).toBe(18000);
    expect(fact('aliquota_itbi')?.normalized).toBe(3);
    expect(fact('inscricao_imobiliaria')).toMatchObject({ normalized: '03908002443', conflict: false });
    expect(fact('area_privativa_m2')?.normalized).toBe(85.5);

    const check = (id: string) => d.checks.find((c) => c.id === id)!;
    expect(check('matricula_escritura').status).toBe('ok');
    expect(check('vendedores_proprietarios').status).toBe('ok');
    expect(check('inscricao').status).toBe('ok');
    expect(check('itbi_base').status).toBe('ok');
    expect(check('itbi_aliquota')).toMatchObject({ status: 'ok' });
    expect(check('itbi_aliquota').detail).toContain('R$ 18.000,00');
    expect(check('itbi_pago').status).toBe('ok');
    expect(check('onus').status).toBe('ok');
    expect(check('areas')).toMatchObject({ status: 'ok' });
    expect(check('areas').detail).toContain('área total');
    citationsHold(d, docs);
  });

  it('adds up the two ITBI guides and receipts of a flat and its parking space, instead of comparing one with the other', () => {
    const guide = (sql: string, value: string) => ITBI_GUIA.replace('039.080.0244-3', sql).replace('R$ 18.000,00', value);
    const receipt = (sql: string, value: string) => COMPROVANTE.replace('039.080.0244-3', sql).replace('R$ 18.000,00', value);
    const docs = [
      doc('m', 'MATRICULA ATUALIZADA.pdf', [`${MATRICULA_HEAD}\n${SALE_ACTS}`, CERTIFICATE('28 de maio de 2025')]),
      doc('e', 'Escritura.pdf', ESCRITURA),
      doc('g1', 'guia ITBI apto.pdf', guide('039.080.0244-3', 'R$ 13.817,21')),
      doc('g2', 'guia ITBI vaga.pdf', guide('039.080.0301-6', 'R$ 4.632,80')),
      doc('c1', 'comprovante ITBI apto.pdf', receipt('039.080.0244-3', 'R$ 13.817,21')),
      doc('c2', 'comprovante ITBI vaga.pdf', receipt('039.080.0301-6', 'R$ 4.632,80')),
    ];
    const d = buildDossier(docs, SP);
    const fact = (key: string) => d.facts.find((f) => f.key === key);
    expect(fact('valor_itbi')).toMatchObject({ normalized: 18450.01, conflict: false });
    expect(fact('valor_itbi_pago')).toMatchObject({ normalized: 18450.01, conflict: false });
    expect(fact('valor_itbi')!.sources).toHaveLength(2);
    expect(d.checks.find((c) => c.id === 'itbi_pago')?.status).toBe('ok');
    citationsHold(d, docs);
  });

  it('takes the property’s address only from papers about the property, not a costs sheet’s or a letter’s', () => {
    const costs = doc('x', 'custos.docx', 'PLANILHA DE CUSTOS DA MUDANÇA\nImóvel de origem situado na Rua Vergueiro, nº 10, CEP 01504-000\nCorretagem R$ 36.000,00\nMudança R$ 6.200,00');
    expect(costs.documentType).toBe('outro');
    expect(costs.keyFields.some((f) => f.key === 'endereco')).toBe(true);
    const d = buildDossier(folder(SALE_ACTS, [costs]), SP);
    const address = d.facts.find((f) => f.key === 'endereco')!;
    expect(address.conflict).toBe(false);
    expect(address.sources.every((s) => s.citation.documentId !== 'x')).toBe(true);
    expect(d.facts.find((f) => f.key === 'cep')?.sources.every((s) => s.citation.documentId !== 'x')).toBe(true);
  });

  it('says a certificate that continues on a page not sent is incomplete, never free of liens', () => {
    const docs = [doc('m', 'MATRICULA.pdf', [`${MATRICULA_HEAD}\n${SALE_ACTS}\nCONTINUA NO VERSO`])];
    const d = buildDossier(docs, SP);
    expect(d.matriculas[0]!.continues).toBe(true);
    expect(d.checks.find((c) => c.id === 'onus')).toMatchObject({ status: 'atencao' });
    expect(d.warnings.join('\n')).toMatch(/continua.*folha seguinte não está/);
    const whole = buildDossier([doc('m', 'MATRICULA.pdf', [`${MATRICULA_HEAD}\n${SALE_ACTS}`, CERTIFICATE('28 de maio de 2025')])], SP);
    expect(whole.matriculas[0]!.continues).toBe(false);
  });

  it('ties a CNDT to its seller: an expired one fails, another person’s does not count', () => {
    const docs = folder(SALE_ACTS, [
      doc('t1', 'CNDT Carlos.pdf', CNDT('CARLOS EDUARDO MENDES', '111.444.777-35', '02/10/2024', '31/03/2025')),
      doc('t3', 'CNDT comprador.pdf', CNDT('RICARDO SOUZA ALVES', '153.509.460-56', '10/05/2025', '06/11/2025')),
    ]);
    const d = buildDossier(docs, SP);
    const cndt = d.certidoes.filter((c) => c.item === 'cndt');
    expect(cndt.map((c) => [c.person, c.status, c.validUntil])).toEqual([
      ['CARLOS EDUARDO MENDES', 'vencida', '2025-03-31'],
      ['PATRÍCIA GOMES MENDES', 'ausente', null],
    ]);
    expect(cndt[0]!.rule).toContain('180 dias');
    expect(d.certidoes.find((c) => c.item === 'matricula')).toMatchObject({ status: 'valida', issuedOn: '2025-05-28', validUntil: '2025-06-27' });
    expect(d.checks.find((c) => c.id === 'certidoes')!.status).toBe('atencao');
  });

  it('finds a seller who is not the owner, and active usufruct and clauses that weigh on the sale', () => {
    const acts = `${SALE_ACTS.split('\nR-4/')[0]}
R-4/46.511 - Em 15 de maio de 2010. DOAÇÃO COM RESERVA DE USUFRUTO. Por escritura de 15 de maio de 2010, ANTÔNIO RIBEIRO LIMA doou o imóvel a CARLOS EDUARDO MENDES, reservando para si o usufruto vitalício.
AV-5/46.511 - Em 15 de maio de 2010. CLÁUSULAS RESTRITIVAS. Da escritura de doação objeto do R.4 consta que o imóvel doado fica gravado com as cláusulas de impenhorabilidade e incomunicabilidade, vitalícias.`;
    // Patrícia sells beside Carlos, but the deed does not say she is his wife: a seller without title.
    const d = buildDossier(folder(acts, [], ESCRITURA.replace('casado sob o regime da comunhão parcial de bens com PATRÍCIA GOMES MENDES, ', 'divorciado, ')), SP);
    const m = d.matriculas[0]!;
    expect(m.owners.map((o) => o.name)).toEqual(['CARLOS EDUARDO MENDES']);
    expect(m.liens.map((l) => [l.type, l.act, l.status, l.beneficiary])).toEqual([
      ['hipoteca', 'R.2', 'cancelado', 'BANCO VÉRTICE S.A.'],
      ['usufruto', 'R.4', 'ativo', 'ANTÔNIO RIBEIRO LIMA'],
      ['impenhorabilidade', 'AV.5', 'ativo', null],
      ['incomunicabilidade', 'AV.5', 'ativo', null],
    ]);
    const sellers = d.checks.find((c) => c.id === 'vendedores_proprietarios')!;
    expect(sellers.status).toBe('falha');
    expect(sellers.detail).toContain('PATRÍCIA GOMES MENDES');
    expect(d.checks.find((c) => c.id === 'onus')!.status).toBe('atencao');
    // As the owner's wife, she signs to consent: the check passes and says so.
    const withSpouse = buildDossier(folder(acts), SP).checks.find((c) => c.id === 'vendedores_proprietarios')!;
    expect(withSpouse.status).toBe('ok');
    expect(withSpouse.detail).toContain('cônjuge');
  });

  it('makes the bank the owner after a consolidation, and three heirs owners with their shares', () => {
    const consolidated = `R-1/46.511 - Em 12 de março de 1992. COMPRA E VENDA. TRANSMITENTE: CONSTRUTORA HORIZONTE EMPREENDIMENTOS LTDA. ADQUIRENTE: FERNANDO ALVES ROCHA. VALOR: R$ 150.000,00.
R-2/46.511 - Em 4 de fevereiro de 2019. ALIENAÇÃO FIDUCIÁRIA. Nos termos da Lei 9.514/1997, FERNANDO ALVES ROCHA alienou fiduciariamente o imóvel ao BANCO ATLÂNTICO SUL S.A., em garantia da dívida de R$ 350.000,00.
AV-3/46.511 - Em 9 de setembro de 2023. CONSOLIDAÇÃO DA PROPRIEDADE. Consolida-se a propriedade do imóvel em nome do credor fiduciário BANCO ATLÂNTICO SUL S.A., objeto do R.2. VALOR: R$ 410.000,00.`;
    const a = buildDossier(folder(consolidated), SP).matriculas[0]!;
    expect(a.owners.map((o) => [o.name, o.sinceAct])).toEqual([['BANCO ATLÂNTICO SUL S.A.', 'AV.3']]);
    expect(a.liens.map((l) => [l.type, l.status, l.cancelledBy])).toEqual([['alienacao_fiduciaria', 'cancelado', 'AV.3']]);

    const heirs = `R-1/46.511 - Em 12 de março de 1992. COMPRA E VENDA. TRANSMITENTE: CONSTRUTORA HORIZONTE EMPREENDIMENTOS LTDA. ADQUIRENTE: FERNANDO ALVES ROCHA. VALOR: R$ 150.000,00.
R-2/46.511 - Em 3 de julho de 2015. PARTILHA. Formal de partilha dos bens deixados por FERNANDO ALVES ROCHA. HERDEIROS: HELENA ALVES ROCHA, viúva meeira, na proporção de 50%; GUSTAVO ALVES ROCHA, parte ideal correspondente a 25%; e MARIANA ALVES ROCHA, parte ideal correspondente a 25%.`;
    const b = buildDossier(folder(heirs), SP).matriculas[0]!;
    expect(b.owners.map((o) => [o.name, o.fraction])).toEqual([
      ['HELENA ALVES ROCHA', 0.5],
      ['GUSTAVO ALVES ROCHA', 0.25],
      ['MARIANA ALVES ROCHA', 0.25],
    ]);
    expect(b.owners.map((o) => o.name)).not.toContain('CONSTRUTORA HORIZONTE EMPREENDIMENTOS LTDA');
  });

  it('keeps the parking space apart: its matrícula second, its ITBI receipt not the unit’s', () => {
    const vaga = `1º OFICIAL DE REGISTRO DE IMÓVEIS DE SÃO PAULO
LIVRO Nº 2 - REGISTRO GERAL MATRÍCULA Nº 46.530 FICHA 01
IMÓVEL: A VAGA DE GARAGEM Nº 12, localizada no subsolo do EDIFÍCIO SOLAR DAS PALMEIRAS, situado na Rua das Flores, nº 100, em São Paulo/SP, com a área privativa de 10,80 m².
PROPRIETÁRIA: CONSTRUTORA HORIZONTE EMPREENDIMENTOS LTDA, com sede na Avenida Paulista, nº 1000, São Paulo/SP.
R-1/46.530 - Em 12 de março de 1992. COMPRA E VENDA. TRANSMITENTE: CONSTRUTORA HORIZONTE EMPREENDIMENTOS LTDA. ADQUIRENTE: CARLOS EDUARDO MENDES. VALOR: R$ 20.000,00.
AV-2/46.530 - Em 2 de junho de 2010. INSCRIÇÃO MUNICIPAL. Procede-se a esta averbação para constar que o imóvel está cadastrado na Prefeitura sob o contribuinte nº 039.080.0301-6.`;
    const receiptVaga = COMPROVANTE.replace('039.080.0244-3', '039.080.0301-6').replace(/18\.000,00/g, '1.200,00');
    const docs = [doc('v', 'MATRICULA VAGA.pdf', [vaga, CERTIFICATE('28 de maio de 2025').replace('46.511', '46.530')]), ...folder(SALE_ACTS, [doc('cv', 'comprovante ITBI VG.pdf', receiptVaga)])];
    const d = buildDossier(docs, SP);
    expect(d.matriculas.map((m) => m.matricula)).toEqual(['46511', '46530']);
    expect(d.matriculas[1]!.owners.map((o) => o.name)).toEqual(['CARLOS EDUARDO MENDES']);
    const paid = d.facts.find((f) => f.key === 'valor_itbi_pago')!;
    expect(paid).toMatchObject({ normalized: 18000, conflict: false });
    expect(paid.sources).toHaveLength(1);
    expect(d.facts.find((f) => f.key === 'matricula_numero')).toMatchObject({ normalized: '46511', conflict: false });
    expect(d.certidoes.filter((c) => c.item === 'matricula').map((c) => c.documentId)).toEqual(['m', 'v']);
  });

  it('does not take a carnê’s addressee’s home or a certificate’s number for the property’s', () => {
    const carne = `PREFEITURA DO MUNICÍPIO DE SÃO PAULO
NOTIFICAÇÃO DE LANÇAMENTO - IPTU 2025
DESTINATÁRIO: CARLOS EDUARDO MENDES

R DESEMBARGADOR ELISEU GUILHERME, 1090 - VILA MADALENA - SÃO PAULO/SP - CEP 02454-572
Número do contribuinte 039.080.0244-3
Valor do imposto (IPTU) R$ 4.100,00`;
    const cnd = `PREFEITURA DO MUNICÍPIO DE SÃO PAULO
CERTIDÃO NEGATIVA DE DÉBITOS DE TRIBUTOS IMOBILIÁRIOS
Certidão nº 366848/2025-75
Contribuinte: 366848/2025-75
Data de emissão: 20/05/2025
Válida até: 18/08/2025`;
    const withCarne = folder(SALE_ACTS, [doc('k', 'carne IPTU.jpg', carne), doc('n', 'CND tributos.pdf', cnd)]);
    for (const d of withCarne.filter((x) => x.id === 'k' || x.id === 'n')) {
      // What the reader may have kept from these pages: the addressee's street, the certificate's number.
      if (d.id === 'k') d.keyFields.push({ key: 'endereco', label: 'Endereço do imóvel', value: 'R DESEMBARGADOR ELISEU GUILHERME, 1090', normalized: null, page: 1, confidence: 79 });
      if (d.id === 'n') d.keyFields.push({ key: 'inscricao_imobiliaria', label: 'Inscrição imobiliária', value: '366848/2025-75', normalized: '366848202575', page: 1, confidence: 80 });
    }
    const d = buildDossier(withCarne, SP);
    expect(d.facts.find((f) => f.key === 'endereco')!.sources.map((s) => s.value)).not.toContain('R DESEMBARGADOR ELISEU GUILHERME, 1090');
    expect(d.facts.find((f) => f.key === 'inscricao_imobiliaria')!.conflict).toBe(false);
    expect(d.checks.find((c) => c.id === 'inscricao')!.status).toBe('ok');
    expect(d.checks.find((c) => c.id === 'endereco')!.status).toBe('ok');
  });

  it('recovers acquirers a stamp hid from the deed’s parties and from the fiduciary sale they signed', () => {
    const stamped = `R-1/46.511 - Em 12 de março de 1992. COMPRA E VENDA. TRANSMITENTE: CONSTRUTORA HORIZONTE EMPREENDIMENTOS LTDA. ADQUIRENTE: ANTÔNIO RIBEIRO LIMA. VALOR: R$ 150.000,00.
R-2/46.511 - Em 15 de maio de 2010. COMPRA E VENDA, TR LIMA. ADQUIRENTE(S)
brasileiro, casado, engenheiro, 655-6 e inscrito no CPF; e
PATRÍCIA GOMES MENDES, brasileira, casada. VALOR: R$ 480.000,00.
R-3/46.511 - Em 15 de maio de 2010. ALIENAÇÃO FIDUCIÁRIA. CARLOS EDUARDO MENDES e PATRÍCIA GOMES MENDES alienaram
fiduciariamente o imóvel ao BANCO ATLÂNTICO SUL S.A., em garantia da dívida de R$ 300.000,00.`;
    const m = buildDossier(folder(stamped), SP).matriculas[0]!;
    expect(m.owners.map((o) => `${o.name} ${o.sinceAct}`).sort()).toEqual(['CARLOS EDUARDO MENDES R.2', 'PATRÍCIA GOMES MENDES R.2']);
    expect(m.chain.map((c) => c.act)).toEqual(['R.1', 'R.2']);
    expect(m.liens[0]).toMatchObject({ type: 'alienacao_fiduciaria', status: 'ativo', beneficiary: 'BANCO ATLÂNTICO SUL S.A.' });
  });

  it('asks a house for no condomínio declaration, and a folder with only the parking space’s matrícula for no verdict on liens', () => {
    const house = MATRICULA_HEAD.replace(/IMÓVEL: .*\n/, 'IMÓVEL: Um terreno com a área de 566,00 m², situado na Rua das Flores, nº 100, em São Paulo/SP, e o prédio residencial nele edificado.\n');
    const d = buildDossier([doc('m', 'MATRICULA.pdf', [`${house}\n${SALE_ACTS}`, CERTIFICATE('28 de maio de 2025')])], SP);
    expect(d.certidoes.map((c) => c.item)).not.toContain('condominio');
    expect(buildDossier(folder(SALE_ACTS), SP).certidoes.find((c) => c.item === 'condominio')?.status).toBe('ausente');

    const vagaOnly = MATRICULA_HEAD.replace(/IMÓVEL: O APARTAMENTO 52/, 'IMÓVEL: A VAGA DE GARAGEM Nº 12');
    const p = buildDossier([doc('v', 'MATRICULA VAGA.pdf', [`${vagaOnly}\n${SALE_ACTS}`, CERTIFICATE('28 de maio de 2025')])], SP);
    expect(p.matriculas.map((m) => m.matricula)).toEqual(['46511']);
    expect(p.checks.find((c) => c.id === 'onus')!.status).toBe('sem_dados');
    expect(p.checks.find((c) => c.id === 'vendedores_proprietarios')!.status).toBe('sem_dados');
  });

  it('takes the matrícula’s number from the certificate when the header’s typewritten digits misread', () => {
    const head = MATRICULA_HEAD.replace('MATRÍCULA Nº 46.511', 'MATRÍCULA Nº 46.5ll');
    const docs = [doc('m', 'MATRICULA.pdf', [`${head}\n${SALE_ACTS}`, CERTIFICATE('28 de maio de 2025')]), doc('e', 'Escritura.pdf', ESCRITURA)];
    // What a reader may keep from a garbled header: a number cut short.
    const field = docs[0]!.keyFields.find((f) => f.key === 'matricula_numero');
    if (field) Object.assign(field, { value: '46', normalized: '46' });
    else docs[0]!.keyFields.push({ key: 'matricula_numero', label: 'Número da matrícula', value: '46', normalized: '46', page: 1, confidence: 80 });
    const d = buildDossier(docs, SP);
    expect(d.matriculas[0]!.matricula).toBe('46511');
    expect(d.facts.find((f) => f.key === 'matricula_numero')).toMatchObject({ normalized: '46511', conflict: false });
    expect(d.checks.find((c) => c.id === 'matricula_escritura')!.status).toBe('ok');
    citationsHold(d, docs);
  });

  it('judges the ITBI: a base under the price fails, a tax off the city’s rate fails, no receipt asks attention', () => {
    const low = ITBI_GUIA.replace('Base de cálculo: R$ 600.000,00', 'Base de cálculo: R$ 500.000,00').replace('Valor do imposto: R$ 18.000,00', 'Valor do imposto: R$ 12.000,00');
    const docs = folder(SALE_ACTS).filter((d) => d.id !== 'g' && d.id !== 'c');
    const d = buildDossier([...docs, doc('g', 'guia ITBI.pdf', low)], SP);
    const check = (id: string) => d.checks.find((c) => c.id === id)!;
    expect(check('itbi_base').status).toBe('falha');
    expect(check('itbi_base').detail).toContain('R$ 500.000,00');
    expect(check('itbi_aliquota').status).toBe('falha');
    expect(check('itbi_aliquota').detail).toContain('R$ 15.000,00');
    expect(check('itbi_pago').status).toBe('atencao');
  });

  it('says what it could not read when the folder has no matrícula', () => {
    const d = buildDossier([doc('g', 'guia ITBI.pdf', ITBI_GUIA)], SP);
    expect(d.matriculas).toEqual([]);
    expect(d.certidoes.find((c) => c.item === 'matricula')!.status).toBe('ausente');
    expect(d.checks.find((c) => c.id === 'onus')!.status).toBe('sem_dados');
    expect(d.warnings.some((w) => w.includes('matrícula'))).toBe(true);
    expect(dossierSchema.safeParse(d).success).toBe(true);
  });
});
