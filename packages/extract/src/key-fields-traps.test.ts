import { describe, expect, it } from 'vitest';
import { extractKeyFields } from './key-fields.ts';
import type { KeyField, TextCell } from './types.ts';

const cell = (text: string, x: number, y: number, width = text.length * 5): TextCell => ({ text, x, y, width, height: 10 });
const get = (fields: KeyField[], key: string) => fields.filter((f) => f.key === key);

describe('forms: labels and values paired by position', () => {
  // An ITBI guide drawn labels first, then values: reading order never puts a value after its label.
  const labels = [cell('Cadastro do imóvel (SQL)', 40, 100), cell('Valor da transação (R$)', 40, 130), cell('Base de cálculo (R$)', 40, 160), cell('Alíquota', 40, 190), cell('Valor do imposto (R$)', 300, 190)];
  const values = [cell('039.080.0244-3', 200, 100), cell('612.000,00', 200, 130), cell('612.000,00', 200, 160), cell('3,00 %', 40, 204), cell('18.360,00', 300, 204)];
  const text = ['GUIA DE ARRECADAÇÃO - ITBI', 'DAMSP', ...labels.map((c) => c.text), ...values.map((c) => c.text)].join('\n');
  const { documentType, fields } = extractKeyFields({ fileName: 'guia.pdf', pages: [{ number: 1, text, confidence: null, cells: [...labels, ...values] }] });

  it('classifies the guide and reads each value beside or below its label', () => {
    expect(documentType).toBe('itbi_guia');
    expect(get(fields, 'inscricao_imobiliaria').map((f) => f.normalized)).toEqual(['03908002443']);
    expect(get(fields, 'valor_transacao').map((f) => f.normalized)).toEqual([612000]);
    expect(get(fields, 'base_calculo_itbi').map((f) => f.normalized)).toEqual([612000]);
    expect(get(fields, 'aliquota').map((f) => f.normalized)).toEqual([3]);
    expect(get(fields, 'valor_imposto').map((f) => f.normalized)).toEqual([18360]);
  });
});

describe("the property's address, never a party's, a notary's or a company's", () => {
  const deed = `5º TABELIÃO DE NOTAS DE SÃO PAULO - Rua Augusta, 1.500 - CEP 01304-001
ESCRITURA PÚBLICA DE COMPRA E VENDA
SAIBAM quantos esta escritura virem que compareceram como OUTORGANTE VENDEDOR: JOSÉ DA SILVA, brasileiro, residente e domiciliado na Rua das Flores, nº 10, Vila Mariana, São Paulo/SP, CEP 04101-000; e como OUTORGADA COMPRADORA: ALFA EMPREENDIMENTOS LTDA., com sede na Avenida Paulista, nº 900, São Paulo/SP, CEP 01310-100.
O imóvel objeto desta escritura, situado na Rua Harmonia, nº 321, Sumarezinho, em São Paulo/SP, CEP 05435-000, matrícula nº 46.511 do 10º Oficial de Registro de Imóveis de São Paulo, pelo preço de R$ 750.000,00.`;
  const { fields } = extractKeyFields({ fileName: 'escritura.pdf', pages: [{ number: 1, text: deed, confidence: null }] });

  it('takes the address after "situado na" and its CEP and city', () => {
    expect(get(fields, 'endereco').map((f) => f.value)).toEqual(['Rua Harmonia, nº 321']);
    expect(get(fields, 'cep').map((f) => f.normalized)).toEqual(['05435000']);
    expect(get(fields, 'cidade').map((f) => f.value)).toEqual(['São Paulo']);
    expect(get(fields, 'uf').map((f) => f.value)).toEqual(['SP']);
    expect(get(fields, 'matricula_numero').map((f) => f.normalized)).toEqual(['46511']);
    expect(get(fields, 'valor_transacao').map((f) => f.normalized)).toEqual([750000]);
  });

  it('records no lien from a deed', () => {
    expect(get(fields, 'onus')).toEqual([]);
  });
});

describe('no lien outside a registry', () => {
  it.each([
    ['a web order page with menus', 'pedido.pdf', 'Meus pedidos | Penhora Online | Indisponibilidade de Bens | Fale conosco\nPedido nº 123456 - Solicitação de certidão de matrícula\nhttps://www.exemplo.com.br'],
    ['a contract with guarantees', 'ccv.pdf', 'INSTRUMENTO PARTICULAR DE COMPROMISSO DE COMPRA E VENDA\nR.1 - O PROMITENTE VENDEDOR garante que o imóvel está livre de hipoteca. Fica o imóvel alienado fiduciariamente caso o comprador financie.'],
  ])('%s', (_name, fileName, text) => {
    const { fields } = extractKeyFields({ fileName, pages: [{ number: 1, text, confidence: null }] });
    expect(get(fields, 'onus')).toEqual([]);
  });
});

describe('OCR-hostile numbers', () => {
  it('reads a typewritten matrícula number with a comma and an inscription with O for 0', () => {
    const text = 'REGISTRO DE IMÓVEIS\nMATRÍCULA Nº 46,511 FICHA 01\nR-1/46.511 - COMPRA E VENDA.\nAV-2/46.511 - contribuinte nº O39.O8O.O244-3.';
    const { fields } = extractKeyFields({ fileName: 'x.pdf', pages: [{ number: 1, text, confidence: 80 }] });
    expect(get(fields, 'matricula_numero').map((f) => f.normalized)).toEqual(['46511']);
    expect(get(fields, 'inscricao_imobiliaria').map((f) => f.normalized)).toEqual(['03908002443']);
  });
});

describe('certificates: issue date, validity and result', () => {
  it('reads a CNDT: negative, issued, valid until', () => {
    const text = 'PODER JUDICIÁRIO - JUSTIÇA DO TRABALHO\nCERTIDÃO NEGATIVA DE DÉBITOS TRABALHISTAS\nNome: JOSÉ DA SILVA\nCertidão nº: 12345/2026\nExpedição: 10/11/2026\nValidade: 09/05/2027 - 180 dias, contados da data de sua expedição.\nCertifica-se que JOSÉ DA SILVA NÃO CONSTA do Banco Nacional de Devedores Trabalhistas.';
    const { documentType, fields } = extractKeyFields({ fileName: 'cndt.pdf', pages: [{ number: 1, text, confidence: null }] });
    expect(documentType).toBe('cndt');
    expect(get(fields, 'validade').map((f) => f.normalized)).toEqual(['2027-05-09']);
    expect(get(fields, 'resultado_certidao').map((f) => f.normalized)).toEqual(['negativa']);
  });
});

describe("a deed's own date, town and people's IDs", () => {
  // As the 9º Tabelionato of Porto Alegre writes them (realdocs-dev): the date in words with the
  // figures in brackets, the town named once in the opening, IDs issued 'pelo DETRAN/RS', a prose
  // line that a justified layout splits into cells ('com endereço | eletrônico').
  const opening = `ESCRITURA PÚBLICA DE COMPRA E VENDA. Saibam todos quantos esta pública escritura virem que, aos dezesseis (16) dias do mês de maio do ano dois mil e vinte
e cinco (2025), neste 9º Tabelionato, do Município e Comarca de Porto Alegre, Estado do Rio Grande do Sul. OUTORGANTE: MARIA SOUZA, portadora da carteira nacional de habilitação nº 03506156765, expedida pelo
DETRAN/RS, conforme procuração lavrada no 5º Tabelionato de Notas desta Capital, em 25 de junho de 2024, com validade de um ano a contar da data de emissão.
CLÁUSULA PRIMEIRA - DO IMÓVEL - é senhora do imóvel situado nesta Capital, no Bairro Vila Jardim, pelo preço de R$ 472.136,00.`;
  const lines = opening.split('\n');
  const cells = [cell('com', 85, 494), cell('endereço', 385, 494), cell('eletrônico', 440, 494), cell('HERNANDES, administradora, inscrita no CPF sob número 583.661.219-68,', 85, 523, 410)];
  const { fields } = extractKeyFields({ fileName: 'escritura.pdf', pages: [{ number: 1, text: [...lines, 'com endereço eletrônico', 'HERNANDES, administradora, inscrita no CPF sob número 583.661.219-68,'].join('\n'), confidence: null, cells }] });

  it("dates the deed by its opening formula, not by the power of attorney it cites", () => {
    expect(get(fields, 'data_emissao').map((f) => f.normalized)).toEqual(['2025-05-16']);
  });

  it("places the property in the deed's town ('nesta Capital'), never in the office that issued an ID", () => {
    expect(get(fields, 'cidade').map((f) => f.normalized)).toEqual(['Porto Alegre']);
  });

  it('takes no word of running prose for a form label', () => {
    expect(get(fields, 'endereco')).toEqual([]);
  });

  it("reads 'trinta e um dias do mês de janeiro do ano de dois mil e vinte e cinco (31/01/2025)'", () => {
    const text = 'ESCRITURA PÚBLICA DE SOBREPARTILHA. Saibam quantos virem que aos trinta e um dias do mês de janeiro do ano de dois mil e vinte e cinco (31/01/2025), neste Tabelionato, compareceram as partes.';
    const read = extractKeyFields({ fileName: 'e.pdf', pages: [{ number: 1, text, confidence: null }] }).fields;
    expect(get(read, 'data_emissao').map((f) => f.normalized)).toEqual(['2025-01-31']);
  });
});

describe("a registry's letterhead, printed on every page, is not the property's address", () => {
  const letterhead = 'Registro de Imóveis de São Domingos\nRua Padre Guerino, Quadra 43, Lote 11A, Setor Leste - São Domingos/GO\nCEP 73.860-000 – Telefone: (62) 3425-1948';
  const pages = [
    { number: 1, text: `${letterhead}\nCERTIDÃO DE INTEIRO TEOR DA MATRÍCULA\nMATRÍCULA Nº 479\nIMÓVEL: Fazenda Boa Vista, gleba de terras com a área de 24,2 ha.\nR-1-Mat.479 - COMPRA E VENDA.`, confidence: null },
    { number: 2, text: `${letterhead}\nAV-2-Mat.479 - Procede-se a esta averbação para constar a reserva legal.`, confidence: null },
  ];
  const { fields } = extractKeyFields({ fileName: 'certidao.pdf', pages });

  it('reads no CEP nor address from it', () => {
    expect(get(fields, 'cep')).toEqual([]);
    expect(get(fields, 'endereco')).toEqual([]);
  });
});

describe("an act's closing date is not the certificate's", () => {
  const text = `CERTIDÃO DE INTEIRO TEOR DA MATRÍCULA
MATRÍCULA Nº 479
AV-08-Mat.479 – Procede-se a esta averbação para constar o registro no CAR. O referido é verdade e dou fé. São Domingos, 28 de julho de 2016.
AV.09-Mat.479. AVERBAÇÃO PREMONITÓRIA - AJUIZAMENTO DE EXECUÇÃO. 13/AGOSTO/2019.`;
  const { fields } = extractKeyFields({ fileName: 'certidao.pdf', pages: [{ number: 1, text, confidence: null }] });

  it('does not date the certificate by AV-08, which another act follows', () => {
    expect(get(fields, 'data_emissao')).toEqual([]);
  });
});

describe("a marriage certificate's matrícula is a person's record, not the property's", () => {
  const text = `ESCRITURA PÚBLICA DE DIVÓRCIO CONSENSUAL E PARTILHA
Casaram no dia 14 de setembro de 2001, pelo regime da comunhão parcial de bens, conforme matrícula nº 156737 01 55 2001 2 00029
110 0004510 90 do Ofício de Registro Civil das Pessoas Naturais de São Miguel Arcanjo/SP.`;
  const { fields } = extractKeyFields({ fileName: 'divorcio.pdf', pages: [{ number: 1, text, confidence: null }] });

  it('reads no matrícula number from it', () => {
    expect(get(fields, 'matricula_numero')).toEqual([]);
  });
});

describe("'do 1º Ofício de Registro de Imóveis desta Capital' names the deed's town", () => {
  const text = `ESCRITURA PÚBLICA DE COMPRA E VENDA. Saibam quantos virem que aos quatorze (14) dias do mês de fevereiro do ano de dois mil e vinte e cinco (2025), nesta cidade de Porto Alegre, Capital do Estado do Rio Grande do Sul, compareceram as partes.
Ditos imóveis encontram-se matriculados sob números 52.210 e 52.224, no Livro número 02 - Registro Geral, do 1º Ofício de Registro de Imóveis desta
Capital.`;
  const { fields } = extractKeyFields({ fileName: 'escritura.pdf', pages: [{ number: 1, text, confidence: null }] });

  it('reads the registry with the town', () => {
    expect(get(fields, 'cartorio').map((f) => f.value)).toEqual(['1º Ofício de Registro de Imóveis de Porto Alegre']);
  });
});

describe("'1.706,8969 m² de área total, sendo 1.435,00 m² de área privativa': each measure takes the label after it", () => {
  const text = `ESCRITURA PÚBLICA DE COMPRA E VENDA
O imóvel objeto, situado no lugar denominado Barro Vermelho, com 1.706,8969m²
de área total, sendo 1.435,00m² de área privativa e 271,8969m² de área de uso
comum, correspondendo-lhe a fração ideal de 0,0011986.`;
  const { fields } = extractKeyFields({ fileName: 'escritura.pdf', pages: [{ number: 1, text, confidence: null }] });

  it('reads the total and the private area, and nothing from the common area', () => {
    expect(get(fields, 'area_total_m2').map((f) => f.normalized)).toEqual([1706.8969]);
    expect(get(fields, 'area_privativa_m2').map((f) => f.normalized)).toEqual([1435]);
  });
});

describe("a matrícula's own number, not a neighbour's nor the one it came from", () => {
  // A scanned ficha of Amparo/SP as OCR reads it (realdocs-dev): the heading row over its values row.
  const text = `MATRÍCULA FOLHA
= 32.236 = E | =01 =
IMÓVEL: Gleba de terras, que segue confrontando com o Sítio Bom Jesus da Areia Branca, matrícula nº.27.279, de propriedade
de Edison Hideyo Baba, com os seguintes azimutes e distâncias.
REGISTRO ANTERIOR E DATA: Matrícula nº.18.405 Livro 2-RG, de 12/04/1988,

Matrícula nº.25.120 Livro 2-RG, de 21/01/1998.`;
  const { fields } = extractKeyFields({ fileName: 'matricula.pdf', pages: [{ number: 1, text, confidence: 80 }] });

  it("reads 32.236 from the ficha's heading", () => {
    expect(get(fields, 'matricula_numero').map((f) => f.normalized)).toEqual(['32236']);
  });
});
