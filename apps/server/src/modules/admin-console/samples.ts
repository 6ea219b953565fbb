import type { Questionnaire } from '@viabiliza/contracts/questionnaire';

/**
 * Sample documents shipped with the server for the synthetic checks and the /testing real-data
 * scenarios. Fictitious people, registries and numbers, written the way the real documents are
 * (matrícula with its R./Av. entries, an IPTU notice, a lease, a technical report). Plain text, so
 * the samples are the same bytes on every machine; they go through the same extraction pool and
 * key-field reader as an upload.
 *
 * Each scenario states what a person reading these documents knows — the document types, the
 * areas and amounts printed on them, the liens registered — and the checks compare the pipeline's
 * output with those facts, never with a stored copy of the engine's own output.
 */

export interface SampleDocument {
  fileName: string;
  text: string;
}

export interface ScenarioExpectations {
  documentTypes: string[];
  /** Key fields that must be read, with their value as printed (normalized number or string). */
  fields: { key: string; normalized: number | string; label: string }[];
  /** Liens named in the documents that the legal part must report. */
  liens: string[];
  /** Score bands a property like this can reasonably get (liens never give 'alta'). */
  scoreBands: ('alta' | 'moderada' | 'baixa' | 'insuficiente')[];
}

export interface Scenario {
  id: 'residential' | 'commercial' | 'warehouse';
  name: string;
  difficulty: 'Fácil' | 'Médio' | 'Difícil';
  questionnaire: Questionnaire;
  documents: SampleDocument[];
  expected: ScenarioExpectations;
}

export const SAMPLE_MATRICULA: SampleDocument = {
  fileName: 'matricula-casa-campinas.txt',
  text: `2º OFICIAL DE REGISTRO DE IMÓVEIS DE CAMPINAS - SP
LIVRO Nº 2 - REGISTRO GERAL
MATRÍCULA Nº 54.321 - FICHA 01

IMÓVEL: Uma CASA residencial e seu respectivo terreno, situados na Rua das Paineiras, nº 245, Jardim Botânico, Campinas/SP, CEP 13092-310, com área do terreno de 300,00 m² e área construída de 180,00 m².
PROPRIETÁRIOS: MARIA EXEMPLO SOUZA e PAULO EXEMPLO SOUZA.
REGISTRO ANTERIOR: R.3 da matrícula 12.345 deste Oficial.

R.1/54.321 - Em 14 de maio de 2018. COMPRA E VENDA. Por escritura pública lavrada no 1º Tabelião de Notas de Campinas, os proprietários adquiriram o imóvel pelo valor de R$ 720.000,00.

Av.2/54.321 - Em 03 de fevereiro de 2021. CONSTRUÇÃO. Averba-se a conclusão da construção com 180,00 m², conforme habite-se expedido pela Prefeitura Municipal de Campinas.

Nada mais consta. O referido é verdade e dá fé.`,
};

const IPTU_CASA: SampleDocument = {
  fileName: 'iptu-2026-casa-campinas.txt',
  text: `PREFEITURA MUNICIPAL DE CAMPINAS
SECRETARIA MUNICIPAL DE FINANÇAS
NOTIFICAÇÃO DE LANÇAMENTO - IPTU 2026
Imposto Predial e Territorial Urbano

Inscrição imobiliária: 3421.55.12.0245.01001
Contribuinte: MARIA EXEMPLO SOUZA
Endereço do imóvel: Rua das Paineiras, 245 - Jardim Botânico - CEP 13092-310
Área do terreno: 300,00 m²
Área construída: 180,00 m²
Valor venal do imóvel: R$ 655.400,00
Alíquota: 0,8%
Valor do IPTU 2026: R$ 5.243,20
Cota única com vencimento em 10/02/2026.`,
};

const MATRICULA_COMERCIAL: SampleDocument = {
  fileName: 'matricula-edificio-comercial.txt',
  text: `5º OFICIAL DE REGISTRO DE IMÓVEIS DE SÃO PAULO
LIVRO Nº 2 - REGISTRO GERAL
MATRÍCULA Nº 87.654 - FICHA 01

IMÓVEL: PRÉDIO COMERCIAL com seis pavimentos e respectivo terreno, situado na Avenida Paulista, nº 2.100, Bela Vista, São Paulo/SP, CEP 01310-300, com área do terreno de 1.200,00 m² e área construída de 4.800,00 m².
PROPRIETÁRIA: EXEMPLO EMPREENDIMENTOS IMOBILIÁRIOS S.A., CNPJ 12.345.678/0001-95.

R.1/87.654 - Em 22 de julho de 2016. COMPRA E VENDA. Por escritura pública lavrada no 9º Tabelião de Notas de São Paulo, a proprietária adquiriu o imóvel pelo valor de R$ 38.500.000,00.

R.2/87.654 - Em 05 de outubro de 2022. HIPOTECA. O imóvel foi dado em hipoteca de primeiro grau ao BANCO EXEMPLO S.A., em garantia de cédula de crédito bancário no valor de R$ 12.000.000,00.

Nada mais consta.`,
};

const LOCACAO_COMERCIAL: SampleDocument = {
  fileName: 'contrato-locacao-andar-3.txt',
  text: `CONTRATO DE LOCAÇÃO NÃO RESIDENCIAL

LOCADORA: EXEMPLO EMPREENDIMENTOS IMOBILIÁRIOS S.A., CNPJ 12.345.678/0001-95.
LOCATÁRIA: CONSULTORIA MODELO LTDA.

CLÁUSULA 1ª - OBJETO. O 3º andar do prédio comercial situado na Avenida Paulista, nº 2.100, São Paulo/SP, com área privativa de 800,00 m².
CLÁUSULA 2ª - PRAZO. 60 (sessenta) meses, a partir de 01/03/2025.
CLÁUSULA 3ª - ALUGUEL. O valor mensal do aluguel é de R$ 96.000,00, reajustado anualmente pelo IPCA.
CLÁUSULA 4ª - GARANTIA. Seguro fiança locatícia.

São Paulo, 15 de fevereiro de 2025.`,
};

const MATRICULA_GALPAO: SampleDocument = {
  fileName: 'matricula-galpao-jundiai.txt',
  text: `1º OFICIAL DE REGISTRO DE IMÓVEIS DE JUNDIAÍ - SP
LIVRO Nº 2 - REGISTRO GERAL
MATRÍCULA Nº 33.210 - FICHA 01

IMÓVEL: GALPÃO INDUSTRIAL e respectivo terreno, situados na Rodovia Dom Gabriel Paulino Bueno Couto, km 66, Distrito Industrial, Jundiaí/SP, CEP 13213-105, com área do terreno de 10.000,00 m² e área construída de 6.000,00 m².
PROPRIETÁRIA: LOGÍSTICA EXEMPLO LTDA., CNPJ 98.765.432/0001-10.

R.1/33.210 - Em 10 de janeiro de 2014. COMPRA E VENDA. A proprietária adquiriu o imóvel pelo valor de R$ 9.800.000,00.

R.2/33.210 - Em 18 de agosto de 2024. PENHORA. Procede-se ao registro da penhora do imóvel, determinada nos autos da execução fiscal nº 1002345-67.2023.8.26.0309, em favor da Fazenda Nacional.

Nada mais consta.`,
};

const IPTU_GALPAO: SampleDocument = {
  fileName: 'iptu-2026-galpao-jundiai.txt',
  text: `PREFEITURA DO MUNICÍPIO DE JUNDIAÍ
IMPOSTO PREDIAL E TERRITORIAL URBANO - IPTU 2026
CARNÊ DE PAGAMENTO

Inscrição imobiliária: 77.012.0345.0000
Contribuinte: LOGÍSTICA EXEMPLO LTDA.
Localização: Rodovia Dom Gabriel Paulino Bueno Couto, km 66 - Distrito Industrial
Área do terreno: 10.000,00 m²
Área construída: 6.000,00 m²
Valor venal: R$ 8.950.000,00
Valor do IPTU 2026: R$ 107.400,00`,
};

export const SCENARIOS: readonly Scenario[] = [
  {
    id: 'residential',
    name: 'Projeto residencial básico',
    difficulty: 'Fácil',
    questionnaire: {
      address: 'Rua das Paineiras, 245',
      city: 'Campinas',
      state: 'SP',
      propertyType: 'casa',
      builtArea: '180',
      totalArea: '300',
      targetValue: '850.000,00',
      monthlyRent: '4.200',
      condition: 'bom',
      mainObjective: 'investimento',
      availableDocuments: ['matricula', 'iptu'],
    },
    documents: [SAMPLE_MATRICULA, IPTU_CASA],
    expected: {
      documentTypes: ['matricula', 'iptu_carne'],
      fields: [
        { key: 'matricula_numero', normalized: '54321', label: 'matrícula nº 54.321' },
        { key: 'area_construida_m2', normalized: 180, label: 'área construída 180 m²' },
        { key: 'valor_venal', normalized: 655400, label: 'valor venal R$ 655.400,00' },
      ],
      liens: [],
      // R$ 850 mil for R$ 4.200 of rent: NPV < 0 at the TMA (Selic + premium), so the verdict is capped at 'baixa' (issue 17).
      scoreBands: ['baixa'],
    },
  },
  {
    id: 'commercial',
    name: 'Edifício comercial complexo',
    difficulty: 'Difícil',
    questionnaire: {
      address: 'Avenida Paulista, 2.100',
      city: 'São Paulo',
      state: 'SP',
      propertyType: 'comercial',
      builtArea: '4800',
      totalArea: '1200',
      targetValue: '42.000.000,00',
      monthlyRent: '310.000',
      condition: 'bom',
      mainObjective: 'investimento',
      availableDocuments: ['matricula'],
    },
    documents: [MATRICULA_COMERCIAL, LOCACAO_COMERCIAL],
    expected: {
      documentTypes: ['matricula'],
      fields: [
        { key: 'matricula_numero', normalized: '87654', label: 'matrícula nº 87.654' },
        { key: 'area_construida_m2', normalized: 4800, label: 'área construída 4.800 m²' },
        { key: 'area_privativa_m2', normalized: 800, label: 'área privativa locada 800 m²' },
      ],
      liens: ['hipoteca'],
      scoreBands: ['moderada', 'baixa'],
    },
  },
  {
    id: 'warehouse',
    name: 'Galpão industrial',
    difficulty: 'Médio',
    questionnaire: {
      address: 'Rodovia Dom Gabriel Paulino Bueno Couto, km 66',
      city: 'Jundiaí',
      state: 'SP',
      propertyType: 'galpao',
      builtArea: '6000',
      totalArea: '10000',
      targetValue: '11.500.000,00',
      monthlyRent: '95.000',
      condition: 'regular',
      mainObjective: 'investimento',
      availableDocuments: ['matricula', 'iptu'],
    },
    documents: [MATRICULA_GALPAO, IPTU_GALPAO],
    expected: {
      documentTypes: ['matricula', 'iptu_carne'],
      fields: [
        { key: 'matricula_numero', normalized: '33210', label: 'matrícula nº 33.210' },
        { key: 'area_terreno_m2', normalized: 10000, label: 'área do terreno 10.000 m²' },
        { key: 'valor_venal', normalized: 8950000, label: 'valor venal R$ 8.950.000,00' },
      ],
      liens: ['penhora'],
      scoreBands: ['moderada', 'baixa'],
    },
  },
];
