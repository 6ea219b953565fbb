import type { Questionnaire } from '@viabiliza/contracts/questionnaire';
import type { EngineDocument } from './types.ts';

/**
 * Two fictitious example properties shipped with the engine: the demo ('Ver Exemplo') and the demo
 * account's seed run the engine on them. Names, numbers and registry entries are invented; the
 * key fields are what the extraction reads from these texts, with their pages.
 */
export interface ExampleProperty {
  id: string;
  title: string;
  questionnaire: Questionnaire;
  documents: EngineDocument[];
}

type KeyField = EngineDocument['keyFields'][number];

const kf = (key: string, label: string, value: string, normalized: number | string | null, page: number, confidence = 90): KeyField => ({
  key,
  label,
  value,
  normalized,
  page,
  confidence,
});

// ------------------------------------------------------------------------------------------------
// (a) Apartment in Pinheiros, São Paulo

const PINHEIROS_MATRICULA_P1 = `10º OFICIAL DE REGISTRO DE IMÓVEIS DE SÃO PAULO
LIVRO Nº 2 - REGISTRO GERAL
MATRÍCULA Nº 98.765 - FICHA 01

IMÓVEL: APARTAMENTO nº 82, localizado no 8º andar do EDIFÍCIO JARDIM DAS ÁRVORES, situado na Rua Cardeal Arcoverde, nº 1.500, no bairro de Pinheiros, CEP 05407-002, com a área privativa de 85,00 m², área comum de 41,20 m², perfazendo a área total de 126,20 m², correspondendo-lhe a fração ideal de 1,2500% no terreno e uma vaga indeterminada na garagem coletiva.
PROPRIETÁRIA: CONSTRUTORA EXEMPLO LTDA., com sede nesta Capital.
REGISTRO ANTERIOR: R.5 da matrícula 45.678 deste Oficial.
São Paulo, 12 de março de 2012.

R.1/98.765 - Em 20 de agosto de 2015. COMPRA E VENDA. Por escritura pública de 10 de agosto de 2015, lavrada no 5º Tabelião de Notas de São Paulo, livro 1.234, fls. 101, a proprietária transmitiu o imóvel a JOÃO EXEMPLO DA SILVA, brasileiro, casado, engenheiro, pelo valor de R$ 620.000,00.`;

const PINHEIROS_MATRICULA_P2 = `MATRÍCULA Nº 98.765 - FICHA 01 - VERSO

AV.2/98.765 - Em 20 de agosto de 2015. HIPOTECA. Pela mesma escritura referida no R.1, o proprietário deu o imóvel em primeira e especial hipoteca ao BANCO EXEMPLO S.A., em garantia de dívida de R$ 400.000,00, pagável em 240 prestações mensais.

AV.3/98.765 - Em 15 de fevereiro de 2023. CANCELAMENTO DE HIPOTECA. À vista de instrumento particular de 2 de fevereiro de 2023, o credor BANCO EXEMPLO S.A. autorizou o cancelamento, ficando cancelada a hipoteca objeto da AV.2 desta matrícula.

São Paulo, 15 de fevereiro de 2023. O Oficial.`;

const PINHEIROS_IPTU_P1 = `PREFEITURA DO MUNICÍPIO DE SÃO PAULO
SECRETARIA MUNICIPAL DA FAZENDA
NOTIFICAÇÃO DE LANÇAMENTO - IPTU 2025

Número do contribuinte (SQL): 081.234.0567-8
Local do imóvel: Rua Cardeal Arcoverde, nº 1.500, apto 82 - Pinheiros - CEP 05407-002
Área construída: 126 m²
Área do terreno: 38 m²
Uso: residencial vertical
Valor venal do imóvel: R$ 612.345,00
Valor do IPTU 2025: R$ 3.456,78
Pagamento em 10 parcelas mensais ou à vista com desconto de 3%.`;

const PINHEIROS: ExampleProperty = {
  id: 'apartamento-pinheiros',
  title: 'Apartamento em Pinheiros',
  questionnaire: {
    address: 'Rua Cardeal Arcoverde, 1.500, apto 82',
    zipCode: '05407002',
    city: 'São Paulo',
    state: 'SP',
    neighborhood: 'Pinheiros',
    propertyType: 'apartamento',
    purpose: ['residencial', 'investimento'],
    totalArea: '126,20',
    usableArea: '85',
    bedrooms: '2',
    bathrooms: '2',
    parkingSpaces: '1',
    features: ['elevador', 'sacada'],
    condition: 'bom',
    targetValue: '980.000',
    condominiumFee: '1.150',
    monthlyRent: '5.200',
    acceptsFinancing: true,
    minimumDownPayment: '196.000',
    availableDocuments: ['matricula', 'iptu', 'escritura'],
    legalStatus: 'regular',
    mainObjective: 'investimento',
    timeframe: '6meses',
    additionalNotes: 'Exemplo fictício para demonstração.',
  },
  documents: [
    {
      id: 'exemplo-pinheiros-matricula',
      fileName: 'matricula-98765.pdf',
      documentType: 'matricula',
      keyFields: [
        // Only the property's own matrícula and registry: 45.678 on page 1 is the registro anterior
        // and the 5º Tabelião drew the deed; neither is another matrícula or registry of this flat,
        // so the dossier shows no divergence.
        kf('matricula_numero', 'Número da matrícula', '98.765', '98765', 1, 95),
        kf('cartorio', 'Cartório', '10º OFICIAL DE REGISTRO DE IMÓVEIS DE SÃO PAULO', null, 1, 90),
        kf('endereco', 'Endereço', 'Rua Cardeal Arcoverde, nº 1.500', null, 1, 85),
        kf('cep', 'CEP', '05407-002', '05407002', 1, 95),
        kf('area_total_m2', 'Área total', '126,20 m²', 126.2, 1, 90),
        kf('area_privativa_m2', 'Área privativa', '85,00 m²', 85, 1, 90),
        kf('valor', 'Valor', 'R$ 620.000,00', 620000, 1, 80),
        kf('valor', 'Valor', 'R$ 400.000,00', 400000, 2, 80),
        kf('data', 'Data', '12 de março de 2012', '2012-03-12', 1, 90),
        kf('data', 'Data', '20 de agosto de 2015', '2015-08-20', 1, 90),
        kf('data', 'Data', '10 de agosto de 2015', '2015-08-10', 1, 90),
        kf('data', 'Data', '15 de fevereiro de 2023', '2023-02-15', 2, 90),
        kf('data', 'Data', '2 de fevereiro de 2023', '2023-02-02', 2, 90),
        kf('parte', 'Parte', 'CONSTRUTORA EXEMPLO LTDA (proprietário)', null, 1, 85),
        kf('parte', 'Parte', 'BANCO EXEMPLO S.A. (credor)', null, 2, 85),
        kf('onus', 'Ônus / restrição', 'hipoteca (cancelada)', null, 2, 90),
      ],
      pages: [
        { number: 1, text: PINHEIROS_MATRICULA_P1 },
        { number: 2, text: PINHEIROS_MATRICULA_P2 },
      ],
    },
    {
      id: 'exemplo-pinheiros-iptu',
      fileName: 'iptu-2025.pdf',
      documentType: 'iptu',
      keyFields: [
        kf('endereco', 'Endereço', 'Rua Cardeal Arcoverde, nº 1.500', null, 1, 85),
        kf('cep', 'CEP', '05407-002', '05407002', 1, 95),
        kf('inscricao_imobiliaria', 'Inscrição imobiliária', '081.234.0567-8', '08123405678', 1, 90),
        kf('area_construida_m2', 'Área construída', '126 m²', 126, 1, 90),
        kf('area_terreno_m2', 'Área do terreno', '38 m²', 38, 1, 90),
        kf('valor_venal', 'Valor venal', 'R$ 612.345,00', 612345, 1, 90),
        kf('valor_imposto', 'Valor do imposto', 'R$ 3.456,78', 3456.78, 1, 90),
      ],
      pages: [{ number: 1, text: PINHEIROS_IPTU_P1 }],
    },
  ],
};

// ------------------------------------------------------------------------------------------------
// (b) Plot for a residential development in Florianópolis

const FLORIPA_MATRICULA_P1 = `REGISTRO DE IMÓVEIS DA 1ª CIRCUNSCRIÇÃO DE FLORIANÓPOLIS - SC
MATRÍCULA Nº 54.321 - FICHA 01

IMÓVEL: Um terreno urbano, sem benfeitorias, situado na Rua das Gaivotas, nº 300, no bairro Itacorubi, CEP 88034-100, Florianópolis/SC, com a área total de 1.200,00 m², medindo 30,00 metros de frente para a Rua das Gaivotas, 30,00 metros nos fundos e 40,00 metros em cada lateral.
PROPRIETÁRIO: PEDRO EXEMPLO DE SOUZA, brasileiro, empresário.
REGISTRO ANTERIOR: matrícula 12.345 deste Registro.

R.1/54.321 - Em 5 de junho de 2018. COMPRA E VENDA. Por escritura pública lavrada no 2º Tabelionato de Notas de Florianópolis, o imóvel foi adquirido por PEDRO EXEMPLO DE SOUZA pelo valor de R$ 1.350.000,00.`;

const FLORIPA_MATRICULA_P2 = `MATRÍCULA Nº 54.321 - FICHA 01 - VERSO

AV.2/54.321 - Em 3 de março de 2021. AVERBAÇÃO DE RESTRIÇÃO AMBIENTAL. Conforme levantamento topográfico apresentado e certidão da Fundação Municipal do Meio Ambiente, a porção dos fundos do imóvel, com cerca de 180,00 metros quadrados, está inserida em faixa de APP (área de preservação permanente) do curso d'água que margeia a divisa dos fundos, nos termos da Lei 12.651/2012, sendo vedada a edificação nessa faixa.

Florianópolis, 3 de março de 2021. O Oficial.`;

const FLORIPA: ExampleProperty = {
  id: 'terreno-florianopolis',
  title: 'Terreno para incorporação em Florianópolis',
  questionnaire: {
    address: 'Rua das Gaivotas, 300',
    zipCode: '88034100',
    city: 'Florianópolis',
    state: 'SC',
    neighborhood: 'Itacorubi',
    propertyType: 'terreno',
    purpose: ['desenvolvimento', 'residencial'],
    totalArea: '1.200',
    builtArea: '3.000',
    targetValue: '2.400.000',
    acceptsFinancing: false,
    availableDocuments: ['matricula'],
    legalStatus: 'regular',
    mainObjective: 'desenvolvimento',
    timeframe: '1ano',
    additionalNotes: 'Estudo de edifício residencial multifamiliar com 3.000 m² de área construída. Exemplo fictício para demonstração.',
  },
  documents: [
    {
      id: 'exemplo-floripa-matricula',
      fileName: 'matricula-54321.pdf',
      documentType: 'matricula',
      keyFields: [
        // 12.345 is the registro anterior, not this plot's matrícula; the cartório is the registry's
        // (the notary who drew the deed is not the registry of the matrícula).
        kf('matricula_numero', 'Número da matrícula', '54.321', '54321', 1, 95),
        kf('cartorio', 'Cartório', 'REGISTRO DE IMÓVEIS DA 1ª CIRCUNSCRIÇÃO DE FLORIANÓPOLIS', null, 1, 90),
        kf('endereco', 'Endereço', 'Rua das Gaivotas, nº 300', null, 1, 85),
        kf('cep', 'CEP', '88034-100', '88034100', 1, 95),
        kf('area_total_m2', 'Área total', '1.200,00 m²', 1200, 1, 90),
        kf('valor', 'Valor', 'R$ 1.350.000,00', 1350000, 1, 80),
        kf('data', 'Data', '5 de junho de 2018', '2018-06-05', 1, 90),
        kf('data', 'Data', '3 de março de 2021', '2021-03-03', 2, 90),
        kf('parte', 'Parte', 'PEDRO EXEMPLO DE SOUZA (proprietário)', null, 1, 85),
      ],
      pages: [
        { number: 1, text: FLORIPA_MATRICULA_P1 },
        { number: 2, text: FLORIPA_MATRICULA_P2 },
      ],
    },
  ],
};

export const EXAMPLE_PROPERTIES: readonly ExampleProperty[] = [PINHEIROS, FLORIPA];

export function findExample(id: string): ExampleProperty | null {
  return EXAMPLE_PROPERTIES.find((e) => e.id === id) ?? null;
}
