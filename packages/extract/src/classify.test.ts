import { DOCUMENT_TYPE_IDS, type DocumentTypeId } from '@viabiliza/contracts/document-types';
import { describe, expect, it } from 'vitest';
import { classifyDocument } from './classify.ts';
import { fold } from './key-fields.ts';

/** The opening of a real paper of each type. A record over the registry: a new type needs its sample. */
const SAMPLES: Record<Exclude<DocumentTypeId, 'outro'>, string> = {
  matricula: '10º OFICIAL DE REGISTRO DE IMÓVEIS DE SÃO PAULO\nLIVRO Nº 2 - REGISTRO GERAL MATRÍCULA Nº 46.511 FICHA 01\nCNM: 111062.2.0046511-21\nIMÓVEL: apartamento nº 72\nR-1/46.511 - COMPRA E VENDA.',
  escritura: '5º TABELIÃO DE NOTAS DE SÃO PAULO\nLIVRO 2943 - FOLHAS 268\nESCRITURA PÚBLICA DE VENDA E COMPRA\nSAIBAM quantos esta pública escritura virem… OUTORGANTES VENDEDORES: …',
  minuta: 'MINUTA - para conferência das partes\nESCRITURA PÚBLICA DE VENDA E COMPRA\nSAIBAM quantos esta pública escritura virem… OUTORGANTES VENDEDORES: …',
  compromisso: 'INSTRUMENTO PARTICULAR DE COMPROMISSO DE COMPRA E VENDA\nPROMITENTES VENDEDORES: … PROMITENTES COMPRADORES: …\nCLÁUSULA PRIMEIRA - DO OBJETO',
  itbi_guia: 'PREFEITURA DO MUNICÍPIO DE SÃO PAULO\nDAMSP - DOCUMENTO DE ARRECADAÇÃO DO MUNICÍPIO DE SÃO PAULO\nITBI-IV\nDATA DE VENCIMENTO 27/04/2025\nBASE DE CÁLCULO (R$)',
  itbi_comprovante: 'BANCO ATLÂNTICO SUL S.A.\nCOMPROVANTE DE PAGAMENTO DE TRIBUTOS\nPREFEITURA DE SÃO PAULO - DAMSP\nTRIBUTO: ITBI\nDATA DO PAGAMENTO: 17/04/2025\nAUTENTICAÇÃO: 451D.D64B',
  itbi_declaracao: 'PREFEITURA DO MUNICÍPIO DE SÃO PAULO\nDECLARAÇÃO DE TRANSAÇÃO IMOBILIÁRIA - ITBI\nDADOS DO IMÓVEL\nDADOS DA TRANSAÇÃO\nNatureza: Compra e venda',
  vvr: 'PREFEITURA DO MUNICÍPIO DE SÃO PAULO\nCERTIDÃO DE VALOR VENAL DE REFERÊNCIA\nCADASTRO DO IMÓVEL 053.096.0976-8',
  iptu_cadastral: 'PREFEITURA DO MUNICÍPIO DE SÃO PAULO\nCERTIDÃO DE DADOS CADASTRAIS DO IMÓVEL - IPTU 2025\nPadrão da construção: 2-C\nTestada: 12,00 m',
  iptu_carne: 'PREFEITURA DE SÃO PAULO - IPTU 2025\nNOTIFICAÇÃO DE LANÇAMENTO\nCota única ou 10 parcelas\nExercício 2025',
  cnd_imobiliaria: 'PREFEITURA MUNICIPAL DE SANTO ANDRÉ\nCERTIDÃO NEGATIVA DE DÉBITOS DE TRIBUTOS IMOBILIÁRIOS\nCadastro do imóvel 12.695.221.650.075',
  cndt: 'PODER JUDICIÁRIO\nJUSTIÇA DO TRABALHO\nCERTIDÃO NEGATIVA DE DÉBITOS TRABALHISTAS\nNome: FÁBIO ARAÚJO RODRIGUES',
  cnd_federal: 'MINISTÉRIO DA FAZENDA\nSecretaria da Receita Federal do Brasil\nCERTIDÃO NEGATIVA DE DÉBITOS RELATIVOS AOS TRIBUTOS FEDERAIS E À DÍVIDA ATIVA DA UNIÃO',
  certidao_distribuidor: 'PODER JUDICIÁRIO - TRIBUNAL DE JUSTIÇA DE SÃO PAULO\nCERTIDÃO DE DISTRIBUIÇÃO DE AÇÕES CÍVEIS\nDistribuidor cível da comarca da capital',
  declaracao_condominio: 'CONDOMÍNIO EDIFÍCIO IPÊ AMARELO\nDECLARAÇÃO DE QUITAÇÃO\nDeclaramos que a unidade 72 encontra-se em dia com as taxas condominiais. O síndico.',
  certidao_civil: 'REPÚBLICA FEDERATIVA DO BRASIL\nREGISTRO CIVIL DAS PESSOAS NATURAIS\nCERTIDÃO DE CASAMENTO\nRegime de bens: comunhão parcial',
  identidade: 'REPÚBLICA FEDERATIVA DO BRASIL\nSECRETARIA DA SEGURANÇA PÚBLICA\nCARTEIRA DE IDENTIDADE\nREGISTRO GERAL 14.807.252-2\nFILIAÇÃO\nDATA DE NASCIMENTO',
  procuracao: '15º TABELIÃO DE NOTAS DE SÃO PAULO\nPROCURAÇÃO BASTANTE QUE FAZEM\nnomeiam e constituem seu bastante procurador, a quem conferem poderes especiais',
  recibo: 'RECIBO DE SINAL E PRINCÍPIO DE PAGAMENTO\nVALOR: R$ 82.700,00\nRecebemos de CARLOS GOMES VIEIRA a importância de R$ 82.700,00',
  pedido_certidao: 'Meus pedidos | Penhora Online | Indisponibilidade de Bens | Fale conosco\nPedido nº 123456 - Solicitação de certidão de matrícula\nhttps://www.registradores.exemplo.br/pedidos',
  assinatura_eletronica: 'DocuSign\nCertificado de conclusão\nID do envelope: 8F2C-11AA\nEventos do signatário\nAssinatura eletrônica',
  planta: 'PLANTA BAIXA - PAVIMENTO TÉRREO\nESCALA 1:100\nQUADRO DE ÁREAS\nResponsável técnico: arq. Ana Lima',
  laudo: 'LAUDO DE AVALIAÇÃO\nconforme NBR 14653-2, método comparativo direto de dados de mercado\nVistoria realizada em 10/01/2025',
  habite_se: 'PREFEITURA DO MUNICÍPIO DE SÃO PAULO\nAUTO DE CONCLUSÃO (HABITE-SE) Nº 1234/2001\nÁrea construída: 180,00 m²',
};

describe('classification into the registry', () => {
  it('has a sample for every type of the registry', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual(DOCUMENT_TYPE_IDS.filter((t) => t !== 'outro').sort());
  });

  it.each(Object.entries(SAMPLES))('recognises %s by its content, whatever the file is called', (type, text) => {
    expect(classifyDocument(fold(text), 'scan_0042.pdf', fold).type).toBe(type);
  });

  it('does not take a condominium ledger for its declaration of no debts', () => {
    const ledger = 'RELATÓRIO DE LANÇAMENTOS - CONDOMÍNIO EDIFÍCIO IPÊ AMARELO\n000001 10/01/2024 Taxa condominial ordinária 0001 187,69';
    expect(classifyDocument(fold(ledger), 'relatorio.pdf', fold).type).toBe('outro');
  });

  it('needs a paper’s own heading: a costs sheet quoting the matrícula, a deed citing IDs and its draft, a ledger page', () => {
    const costs = 'PLANILHA DE CUSTOS DA COMPRA\nImóvel: matrícula nº 46.511 do 10º Registro de Imóveis\nITBI 3% R$ 18.450,01\nEscritura R$ 6.200,00\nRegistro R$ 3.100,00\nCertidões R$ 420,00';
    expect(classifyDocument(fold(costs), 'Custos.docx', fold).type).not.toBe('matricula');
    const deed = 'ESCRITURA PÚBLICA DE HIPOTECA, como adiante se declara. Saibam todos quantos esta pública escritura virem que, aos dezenove dias do mês de maio de 2025, neste 9º Tabelionato, … portador da cédula de identidade nº 1061015895, … portadora da carteira nacional de habilitação nº 00660601508 … Lavrada conforme minuta elaborada pelas partes.';
    expect(classifyDocument(fold(deed), 'doc.pdf', fold).type).toBe('escritura');
    const ledger = 'REGISTRO DE\n\nIMOVEIS\n\nd. VERGNE & CIA LTDA - SALVADOR\nLIVRO Nº 2\nREGISTRO GERAL ANO 1978\nDATA IDENTIFICAÇÃO DO IMÓVEL\nHabio Syue as Symrala';
    expect(classifyDocument(fold(ledger), 'IMG-20251210-WA0012.jpg', fold).type).toBe('matricula');
  });

  it('calls an unrelated text "outro"', () => {
    expect(classifyDocument(fold('Ata da reunião do clube de leitura. Discutimos o romance do mês.'), 'ata.pdf', fold).type).toBe('outro');
  });
});
