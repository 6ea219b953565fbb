import { describe, expect, it } from 'vitest';
import type { KeyField } from './types.ts';
import { classifyDocument, extractKeyFields, fold, parseBrazilianNumber } from './key-fields.ts';

// Texts shaped like real documents: a two-page matrícula certificate, a notarial deed, an ITBI guia.
const MATRICULA_P1 = `REPÚBLICA FEDERATIVA DO BRASIL
1º OFICIAL DE REGISTRO DE IMÓVEIS DE SÃO PAULO
CNM: 111021.2.0045678-90
LIVRO Nº 2 - REGISTRO GERAL
MATRÍCULA Nº 45.678                                        FICHA 01
São Paulo, 12 de março de 2015

IMÓVEL: APARTAMENTO Nº 52, localizado no 5º andar do EDIFÍCIO RESIDENCIAL JARDIM DAS ACÁCIAS, situado na Rua das Acácias, nº 250, no 34º Subdistrito - Cerqueira César, CEP 01415-000, com a área privativa de 72,50m², a área comum de 38,20m², perfazendo a área total de 110,70m², correspondendo-lhe a fração ideal de 2,5% no terreno. Contribuinte nº 010.045.0123-4.
PROPRIETÁRIA: CONSTRUTORA HORIZONTE LTDA., com sede nesta Capital, inscrita no CNPJ sob nº 11.222.333/0001-81.
REGISTRO ANTERIOR: Matrícula nº 12.001 deste Registro.
O Oficial: Paulo Roberto Mendes

R.1/45.678 - Em 20 de maio de 2016. Prenotação nº 301.222 de 18/05/2016. COMPRA E VENDA. Pela escritura pública lavrada em 15/04/2016 pelo 5º Tabelião de Notas de São Paulo (livro 1.234, fls. 101/104), a proprietária transmitiu o imóvel, pelo preço de R$ 480.000,00, a ADQUIRENTE: JOÃO CARLOS PEREIRA, brasileiro, engenheiro, RG 12.345.678-9 SSP/SP, CPF 123.456.789-09, casado sob o regime da comunhão parcial de bens com MARIA LÚCIA PEREIRA, brasileira, arquiteta, CPF 529.982.247-25, residentes nesta Capital. Valor venal: R$ 410.000,00. O Escrevente: Ana Souza.

R.2/45.678 - Em 20 de maio de 2016. Prenotação nº 301.223 de 18/05/2016. HIPOTECA. Pela cédula de crédito bancário nº 998877, emitida em 18/05/2016, o proprietário JOÃO CARLOS PEREIRA, já qualificado, deu o imóvel em primeira e especial hipoteca ao CREDOR: BANCO EXEMPLO S.A., inscrito no CNPJ sob nº 12.345.678/0001-95, em garantia da dívida de R$ 300.000,00, pagável em 240 prestações mensais. O Escrevente: Ana Souza.
`;
const MATRICULA_P2 = `MATRÍCULA Nº 45.678 - FICHA 01 - VERSO

AV.3/45.678 - Em 10 de agosto de 2020. Prenotação nº 355.010 de 05/08/2020. CANCELAMENTO DE HIPOTECA. Procede-se a esta averbação, nos termos do instrumento de quitação de 30/07/2020, firmado pelo credor, para constar que fica CANCELADA a hipoteca objeto do R.2 desta matrícula. O Escrevente: Carlos Lima.

R.4/45.678 - Em 05 de outubro de 2021. Prenotação nº 371.555 de 01/10/2021. ALIENAÇÃO FIDUCIÁRIA. Pelo instrumento particular de 28/09/2021, com força de escritura pública (Lei nº 9.514/97), os proprietários JOÃO CARLOS PEREIRA e MARIA LÚCIA PEREIRA, já qualificados, DEVEDORES FIDUCIANTES, alienaram fiduciariamente o imóvel à CREDORA FIDUCIÁRIA: CAIXA HABITACIONAL S.A., inscrita no CNPJ sob nº 44.556.677/0001-86, em garantia da dívida de R$ 350.000,00. Valor do imóvel para fins de leilão: R$ 520.000,00. O Escrevente: Carlos Lima.

CERTIFICO que a presente é reprodução autêntica da matrícula a que se refere, extraída nos termos do art. 19, § 1º, da Lei 6.015/73. O referido é verdade e dou fé.
São Paulo, 3 de fevereiro de 2024.
`;

const ESCRITURA = `5º TABELIÃO DE NOTAS DE SÃO PAULO
Tabelião: Ricardo Almeida Prado
LIVRO 1.234 - FOLHAS 101/104

ESCRITURA PÚBLICA DE COMPRA E VENDA

SAIBAM quantos esta pública escritura de compra e venda virem que, aos quinze dias do mês de abril do ano de dois mil e dezesseis (15/04/2016), nesta cidade de São Paulo, em cartório, perante mim, Escrevente, compareceram as partes entre si justas e contratadas, a saber: de um lado, como OUTORGANTE VENDEDORA: CONSTRUTORA HORIZONTE LTDA., com sede na Avenida Brigadeiro Faria Lima, nº 1.500, 10º andar, CEP 01451-000, nesta Capital, inscrita no CNPJ sob nº 11.222.333/0001-81, neste ato representada por seu diretor; e, de outro lado, como OUTORGADO COMPRADOR: JOÃO CARLOS PEREIRA, brasileiro, engenheiro, casado, portador da cédula de identidade RG nº 12.345.678-9 SSP/SP, inscrito no CPF/MF sob nº 123.456.789-09, residente e domiciliado nesta Capital. Os presentes reconhecidos como os próprios por mim, à vista dos documentos apresentados.

1. OBJETO: A outorgante vendedora é senhora e legítima possuidora do APARTAMENTO Nº 52, localizado no 5º andar do Edifício Residencial Jardim das Acácias, situado na Rua das Acácias, nº 250, no 34º Subdistrito - Cerqueira César, CEP 01415-000, com a área privativa de 72,50 m², a área construída de 95,30 m² e a área total de 110,70 m², objeto da matrícula nº 45.678 do 1º Oficial de Registro de Imóveis desta Capital, cadastrado na Prefeitura sob o nº 010.045.0123-4.
2. ÔNUS: Declara a outorgante vendedora que o imóvel se acha livre e desembaraçado de quaisquer ônus reais, inclusive hipotecas, penhoras e arrestos, bem como de dívidas de condomínio.
3. PREÇO: O preço certo e ajustado da presente venda é de R$ 480.000,00 (quatrocentos e oitenta mil reais), pago neste ato por meio de transferência bancária, do que dá plena e geral quitação.
4. ITBI: O imposto de transmissão foi recolhido em 14/04/2016, sobre a base de cálculo de R$ 480.000,00, no valor de R$ 14.400,00, conforme guia nº 2016.0456789.
E, por estarem assim justas e contratadas, pediram-me que lhes lavrasse esta escritura, que lida em voz alta, acharam conforme, aceitaram e assinam. Eu, Escrevente, a escrevi. São Paulo, 15 de abril de 2016.
`;

const ITBI = `PREFEITURA DO MUNICÍPIO DE SÃO PAULO
SECRETARIA MUNICIPAL DA FAZENDA
GUIA DE RECOLHIMENTO - ITBI-IV
Imposto sobre Transmissão "Inter Vivos" de Bens Imóveis

Data de emissão: 08/04/2016          Vencimento: 14/04/2016

DADOS DO IMÓVEL
Cadastro do imóvel (SQL): 010.045.0123-4
Endereço: Rua das Acácias, 250 - Apto 52
CEP: 01415-000
Matrícula do imóvel: 45.678 - 1º Oficial de Registro de Imóveis
Área construída: 95,30 m²
Área do terreno: 1.200,00 m²

TRANSMITENTE: CONSTRUTORA HORIZONTE LTDA.      CNPJ: 11.222.333/0001-81
ADQUIRENTE: JOÃO CARLOS PEREIRA       CPF: 123.456.789-09

Natureza da transação: Compra e venda
Valor da transação: R$ 480.000,00
Valor venal de referência: R$ 455.120,00
Base de cálculo: R$ 480.000,00
Alíquota: 3%
Valor do imposto: R$ 14.400,00
Total a pagar: R$ 14.400,00

Autenticação mecânica no verso. Pagável em qualquer agência bancária até o vencimento.
`;

const PLAIN = `Ata da reunião do clube de leitura
Estiveram presentes oito participantes. Discutimos o romance escolhido no mês passado e a
escolha do próximo livro. Ficou decidido que o encontro seguinte acontecerá em 10/05/2024,
na biblioteca do bairro, às 19h. Cada participante trará um lanche.
`;

const textPages = (...texts: string[]) => texts.map((text, i) => ({ number: i + 1, text, confidence: null }));
const pick = (fields: KeyField[], key: string) => fields.filter((f) => f.key === key);
const values = (fields: KeyField[], key: string) => pick(fields, key).map((f) => f.value);
const one = (fields: KeyField[], key: string) => {
  const found = pick(fields, key);
  expect(found, key).toHaveLength(1);
  return found[0]!;
};

describe('extractKeyFields: matrícula', () => {
  const result = extractKeyFields({ fileName: 'documento-01.pdf', pages: textPages(MATRICULA_P1, MATRICULA_P2) });
  const { fields } = result;

  it('classifies it as a matrícula', () => {
    expect(result.documentType).toBe('matricula');
    expect(result.documentTypeLabel).toBe('Matrícula (certidão do registro de imóveis)');
    expect(result.typeConfidence).toBeGreaterThanOrEqual(70);
  });

  it('finds the matrícula number, the registry office, address, CEP and registration', () => {
    expect(pick(fields, 'matricula_numero')[0]).toMatchObject({ value: '45.678', normalized: '45678', page: 1, label: 'Número da matrícula' });
    expect(values(fields, 'cartorio')).toContain('1º OFICIAL DE REGISTRO DE IMÓVEIS DE SÃO PAULO');
    expect(one(fields, 'endereco')).toMatchObject({ value: 'Rua das Acácias, nº 250', page: 1 });
    expect(one(fields, 'cep')).toMatchObject({ value: '01415-000', normalized: '01415000' });
    expect(one(fields, 'inscricao_imobiliaria')).toMatchObject({ value: '010.045.0123-4', normalized: '01004501234' });
  });

  it('reads the areas, leaving the common area out', () => {
    expect(one(fields, 'area_privativa_m2')).toMatchObject({ normalized: 72.5, value: '72,50m²', label: 'Área privativa' });
    expect(one(fields, 'area_total_m2')).toMatchObject({ normalized: 110.7, label: 'Área total' });
    expect(pick(fields, 'area_construida_m2')).toHaveLength(0);
  });

  it('keeps to the facts a matrícula carries: no sale price or tax of an act as a property value', () => {
    expect(pick(fields, 'valor_transacao')).toEqual([]);
    expect(pick(fields, 'valor')).toEqual([]);
  });

  it('reads dates in both forms as ISO, once each', () => {
    const dates = pick(fields, 'data').map((f) => f.normalized);
    expect(dates).toContain('2015-03-12');
    expect(dates).toContain('2016-05-20');
    expect(dates).toContain('2024-02-03');
    expect(new Set(dates).size).toBe(dates.length);
  });

  it('lists the parties with their role, each once, on the page first seen', () => {
    expect(values(fields, 'parte')).toEqual([
      'CONSTRUTORA HORIZONTE LTDA (proprietário)',
      'JOÃO CARLOS PEREIRA (adquirente)',
      'BANCO EXEMPLO S.A. (credor)',
      'MARIA LÚCIA PEREIRA (proprietário)',
      'CAIXA HABITACIONAL S.A. (credor fiduciário)',
    ]);
    expect(pick(fields, 'parte').find((f) => f.value.startsWith('MARIA'))?.page).toBe(2);
  });

  it('masks every CPF and CNPJ and never returns one in full', () => {
    expect(values(fields, 'cpf')).toEqual(['***.456.789-**', '***.982.247-**']);
    expect(values(fields, 'cnpj')).toEqual(['**.222.333/0001-**', '**.345.678/0001-**', '**.556.677/0001-**']);
    const everything = JSON.stringify(result);
    expect(everything).not.toContain('123.456.789-09');
    expect(everything).not.toContain('52998224725');
    expect(everything).not.toContain('529.982.247-25');
  });

  it('records the liens: the hipoteca of R.2 cancelled by AV.3, the alienação fiduciária of R.4 active', () => {
    expect(pick(fields, 'onus').map((f) => [f.value, f.page, f.lien])).toEqual([
      ['Hipoteca (R.2, cancelada pela AV.3)', 1, { type: 'hipoteca', act: 'R.2', active: false, cancelledBy: 'AV.3' }],
      ['Alienação fiduciária (R.4)', 2, { type: 'alienacao_fiduciaria', act: 'R.4', active: true, cancelledBy: null }],
    ]);
    expect(pick(fields, 'onus')[0]!.label).toBe('Ônus / restrição');
  });
});

describe('extractKeyFields: escritura', () => {
  const result = extractKeyFields({ fileName: 'scan_0042.pdf', pages: textPages(ESCRITURA) });
  const { fields } = result;

  it('classifies it as an escritura, though it cites a matrícula and the ITBI', () => {
    expect(result.documentType).toBe('escritura');
    expect(result.documentTypeLabel).toBe('Escritura pública');
  });

  it('finds outorgante and outorgado, price, ITBI base, areas and address', () => {
    expect(values(fields, 'parte')).toEqual([
      'CONSTRUTORA HORIZONTE LTDA (outorgante vendedor)',
      'JOÃO CARLOS PEREIRA (outorgado comprador)',
    ]);
    expect(one(fields, 'valor_transacao').normalized).toBe(480000);
    expect(one(fields, 'valor_imposto').normalized).toBe(14400);
    expect(one(fields, 'area_privativa_m2').normalized).toBe(72.5);
    expect(one(fields, 'area_total_m2').normalized).toBe(110.7);
    // The seller's seat (Av. Brigadeiro Faria Lima) is not the property's address.
    expect(values(fields, 'endereco')).toEqual(['Rua das Acácias, nº 250']);
    expect(one(fields, 'cep').normalized).toBe('01415000');
    expect(one(fields, 'cidade').value).toBe('São Paulo');
    expect(one(fields, 'matricula_numero').value).toBe('45.678');
    expect(pick(fields, 'cartorio')).toHaveLength(1);
    expect(one(fields, 'inscricao_imobiliaria').normalized).toBe('01004501234');
    expect(one(fields, 'cpf').value).toBe('***.456.789-**');
  });

  it('does not take "livre e desembaraçado de quaisquer ônus, inclusive hipotecas" for a lien', () => {
    expect(pick(fields, 'onus')).toEqual([]);
  });
});

describe('extractKeyFields: ITBI guia', () => {
  const result = extractKeyFields({ fileName: 'guia.pdf', pages: textPages(ITBI) });
  const { fields } = result;

  it('classifies it as an ITBI guide', () => {
    expect(result.documentType).toBe('itbi_guia');
    expect(result.documentTypeLabel).toBe('ITBI: guia de recolhimento');
  });

  it('reads the base, rate, tax, transaction and reference values and the SQL', () => {
    expect(one(fields, 'base_calculo_itbi').normalized).toBe(480000);
    expect(one(fields, 'aliquota')).toMatchObject({ value: '3%', normalized: 3 });
    // 'Valor do imposto' and 'Total a pagar' are the same amount: one field.
    expect(one(fields, 'valor_imposto')).toMatchObject({ value: 'R$ 14.400,00', normalized: 14400 });
    expect(one(fields, 'valor_transacao').normalized).toBe(480000);
    expect(one(fields, 'valor_venal_referencia').normalized).toBe(455120);
    expect(one(fields, 'inscricao_imobiliaria')).toMatchObject({ value: '010.045.0123-4' });
    expect(one(fields, 'endereco').value).toBe('Rua das Acácias, 250 - Apto 52');
  });

  it('keeps names apart from the next column of the form', () => {
    expect(values(fields, 'parte')).toEqual(['CONSTRUTORA HORIZONTE LTDA (transmitente)', 'JOÃO CARLOS PEREIRA (adquirente)']);
    expect(values(fields, 'cpf')).toEqual(['***.456.789-**']);
  });
});

describe('extractKeyFields: other texts', () => {
  it('calls an unrelated text "outro" with few fields', () => {
    const result = extractKeyFields({ fileName: 'notas.txt', pages: textPages(PLAIN) });
    expect(result).toMatchObject({ documentType: 'outro', documentTypeLabel: 'Outro' });
    expect(result.fields.map((f) => f.key)).toEqual(['data']);
  });

  it('weights confidence by the OCR confidence of the page', () => {
    const result = extractKeyFields({
      fileName: 'foto.jpg',
      pages: [{ number: 1, text: 'IPTU 2024 - Inscrição imobiliária: 123.456.0001-1\nCEP 01310-100', confidence: 80 }],
    });
    expect(result.documentType).toBe('iptu_carne');
    expect(pick(result.fields, 'inscricao_imobiliaria')[0]).toMatchObject({ normalized: '12345600011', confidence: 76 });
    // A CEP on its own line, with no address claiming it, is weaker evidence.
    expect(pick(result.fields, 'cep')[0]).toMatchObject({ normalized: '01310100', confidence: 56 });
  });

  it('reads OCR output: m? for m², decomposed accents, N.º', () => {
    // A matrícula's page (its book's heading): a bare 'MATRÍCULA Nº' quoted elsewhere does not make one.
    const text = 'LIVRO Nº 2 - REGISTRO GERAL\nMATRI\u0301CULA N.º 7.890\nTerreno com a área de 300,00 m? e área construída de 1.234,56 metros quadrados';
    const { fields } = extractKeyFields({ fileName: 'x.png', pages: [{ number: 1, text, confidence: 100 }] });
    expect(one(fields, 'matricula_numero').normalized).toBe('7890');
    expect(one(fields, 'area_terreno_m2')).toMatchObject({ value: '300,00 m²', normalized: 300 });
    expect(one(fields, 'area_construida_m2').normalized).toBe(1234.56);
  });

  it('accepts Title Case names after a colon and splits couples', () => {
    const { fields } = extractKeyFields({
      fileName: 'contrato.docx',
      pages: textPages('PROMITENTES COMPRADORES: Pedro Henrique Alves e Carla Mendes Alves, brasileiros.'),
    });
    expect(values(fields, 'parte')).toEqual(['Pedro Henrique Alves (promitente comprador)', 'Carla Mendes Alves (promitente comprador)']);
  });

  it('ignores CPF-shaped numbers with wrong check digits', () => {
    const { fields } = extractKeyFields({ fileName: 'a.txt', pages: textPages('CPF 123.456.789-00 e CPF 98765432100') });
    expect(values(fields, 'cpf')).toEqual(['***.654.321-**']);
  });

  it('uses the file name as a weak hint only', () => {
    expect(classifyDocument(fold('texto qualquer sem palavras-chave'), 'laudo.pdf').type).toBe('outro');
    expect(classifyDocument(fold('vistoria do imóvel realizada'), 'laudo.pdf').type).toBe('laudo');
  });

  it('classifies IPTU, certidão, planta, laudo and compromisso texts', () => {
    const type = (text: string) => classifyDocument(fold(text), 'arquivo.pdf').type;
    expect(type('PREFEITURA - IPTU 2024 - Imposto Predial e Territorial Urbano - valor venal do imóvel')).toBe('iptu_carne');
    expect(type('CERTIDÃO NEGATIVA DE DÉBITOS DE TRIBUTOS IMOBILIÁRIOS. Nada consta para o imóvel.')).toBe('cnd_imobiliaria');
    expect(type('PLANTA BAIXA - PAVIMENTO TÉRREO - ESCALA 1:100 - QUADRO DE ÁREAS')).toBe('planta');
    expect(type('LAUDO DE AVALIAÇÃO conforme NBR 14653-2. Vistoria realizada em 10/01/2024.')).toBe('laudo');
    expect(type('INSTRUMENTO PARTICULAR DE COMPROMISSO DE COMPRA E VENDA. PROMITENTE VENDEDOR: ...')).toBe('compromisso');
  });

  it('handles no pages', () => {
    expect(extractKeyFields({ fileName: 'vazio.pdf', pages: [] })).toMatchObject({ documentType: 'outro', fields: [] });
  });
});

describe('helpers', () => {
  it('folds to lower case without accents, keeping offsets', () => {
    const text = 'MATRÍCULA Nº São Ônus Ç';
    expect(fold(text)).toBe('matricula nº sao onus c');
    expect(fold(text)).toHaveLength(text.length);
  });

  it('parses Brazilian numbers', () => {
    expect(parseBrazilianNumber('1.234.567,89')).toBe(1234567.89);
    expect(parseBrazilianNumber('72,5')).toBe(72.5);
    expect(parseBrazilianNumber('300')).toBe(300);
  });
});
