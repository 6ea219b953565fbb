import { PRODUCT_LIMITS as L } from './product-limits';

export interface FaqItem {
  question: string;
  answer: string;
}
export interface FaqCategory {
  id: string;
  title: string;
  items: FaqItem[];
}

const types = L.analysisTypes.map((t) => t.label).join(', ');

/** Spec 02 §2 'FAQ': 4 categories × 4 questions, stating this product's real limits. */
export const FAQ_CATEGORIES: FaqCategory[] = [
  {
    id: 'funcionalidades',
    title: 'Funcionalidades',
    items: [
      {
        question: 'O que o Viabiliza analisa?',
        answer: `A viabilidade de um imóvel ou terreno a partir do questionário e dos documentos enviados. Há ${L.analysisTypes.length} tipos de análise: ${types}. Cada número do relatório indica de onde veio: do questionário, de um documento, dos dados de referência (com data e fonte) ou de uma premissa que você pode alterar.`,
      },
      {
        question: 'Quais formatos de arquivo posso enviar?',
        answer: `${L.formats}. O tipo é conferido pelo conteúdo do arquivo, não só pela extensão. Imagens e PDFs digitalizados passam por OCR em ${L.ocrLanguages}, feito no próprio servidor, sem enviar o documento a terceiros.`,
      },
      {
        question: 'Quais são os limites de envio?',
        answer: `Até ${L.perFile} por arquivo, ${L.filesPerBatch} arquivos e ${L.perBatch} por envio. De cada PDF são lidas até ${L.pdfPages} páginas; se o documento for maior, o aviso aparece junto do arquivo.`,
      },
      {
        question: 'Posso exportar e comparar os relatórios?',
        answer: 'Sim. Cada análise salva pode ser aberta em HTML, baixada em PDF (com tabelas e gráficos) ou exportada em texto, e o histórico de um imóvel permite comparar análises ao longo do tempo.',
      },
    ],
  },
  {
    id: 'processo',
    title: 'Processo',
    items: [
      {
        question: 'Como faço uma análise?',
        answer: 'Crie sua conta, preencha o questionário do imóvel com o que você tiver, envie os documentos (opcional), escolha o tipo de análise e clique em Iniciar Análise. O andamento aparece na tela e você recebe uma notificação quando o relatório fica pronto.',
      },
      {
        question: 'Quanto tempo leva?',
        answer: 'O cálculo da análise leva menos de um segundo. A leitura dos documentos depende do tamanho: PDFs com texto são lidos em segundos; páginas digitalizadas passam por OCR, cerca de alguns segundos por página.',
      },
      {
        question: 'Preciso de uma chave de IA?',
        answer: 'Não. O Motor Viabiliza, embutido na plataforma, calcula todos os números e escreve o relatório em português. Quando o administrador configura um provedor de IA, um modelo de linguagem redige apenas o texto em volta dos números; os números continuam vindo do motor.',
      },
      {
        question: 'Existe limite de uso?',
        answer: `Sim, aplicado pelo servidor: até ${L.analysesPerMinute} análises e ${L.uploadsPerMinute} envios de arquivos por minuto. Ao atingir o limite, aguarde um minuto e tente novamente.`,
      },
    ],
  },
  {
    id: 'seguranca',
    title: 'Segurança',
    items: [
      {
        question: 'Quem pode ver meus documentos e análises?',
        answer: 'Apenas você. Cada consulta é restrita ao usuário autenticado no próprio servidor, e a sessão fica em um cookie protegido (httpOnly) que o JavaScript da página não consegue ler.',
      },
      {
        question: 'Os arquivos passam por verificação?',
        answer: 'Sim. O servidor identifica o tipo real de cada arquivo, limita a descompactação de DOCX e XLSX e procura conteúdo ativo em PDFs (JavaScript, ações de abertura, arquivos embutidos). Um arquivo suspeito vai para quarentena e o motivo fica visível; os demais arquivos do envio seguem normalmente.',
      },
      {
        question: 'Meus dados são enviados a terceiros?',
        answer: 'Não por padrão: a extração de texto, o OCR e o cálculo rodam no servidor do Viabiliza. Somente se um provedor de IA estiver configurado, o texto necessário para redigir o resumo é enviado a esse provedor.',
      },
      {
        question: 'Como exerço meus direitos da LGPD?',
        answer: 'Você pode acessar e corrigir seus dados no seu perfil e pedir a exclusão da conta e dos dados pelo e-mail contato@viabiliza.com.br. Veja a Política de Privacidade.',
      },
    ],
  },
  {
    id: 'tecnico',
    title: 'Técnico',
    items: [
      {
        question: 'De onde vêm os dados de referência?',
        answer: 'De um conjunto de dados datado que acompanha o motor: Selic (Copom/Banco Central), IPCA (IBGE), CUB (Sinduscons), SINAPI, preços anunciados FipeZAP e alíquotas de ITBI das prefeituras. Cada valor usado aparece no relatório com a data e a fonte.',
      },
      {
        question: 'Como é calculada a pontuação de viabilidade?',
        answer: 'O motor combina os resultados financeiro, de mercado, jurídico, técnico e ambiental em uma nota de 0 a 10: alta de 8,0 a 10,0, moderada de 5,0 a 7,9 e baixa de 0,0 a 4,9. VPL negativo ou TIR abaixo da TMA limitam a nota à faixa baixa; com dados insuficientes a resposta é “Dados insuficientes”, não “inviável”. A completude dos dados aparece ao lado da nota. Os detalhes estão na Documentação.',
      },
      {
        question: 'Existe uma API?',
        answer: 'Sim. A mesma API REST usada pelo site está documentada em /api/docs (OpenAPI), com autenticação pelo cookie de sessão. A aba API da Documentação resume as rotas.',
      },
      {
        question: 'Funciona no celular e sem conexão?',
        answer: 'O site funciona em telas a partir de 320 px e pode ser instalado como aplicativo. Sem conexão, as páginas já visitadas continuam abrindo; envios e análises precisam de internet.',
      },
    ],
  },
];

/** FAQPage structured data (schema.org) from the same questions. */
export function faqStructuredData(): Record<string, unknown> {
  return {
    '@type': 'FAQPage',
    mainEntity: FAQ_CATEGORIES.flatMap((c) =>
      c.items.map((i) => ({ '@type': 'Question', name: i.question, acceptedAnswer: { '@type': 'Answer', text: i.answer } })),
    ),
  };
}
