export interface LegalSection {
  title: string;
  paragraphs: string[];
}

/** dd/MM/yyyy, as every date the user reads. */
export const LEGAL_UPDATED_AT = '23/11/2026';

export const TERMS_SECTIONS: LegalSection[] = [
  {
    title: '1. Aceitação dos termos',
    paragraphs: ['Ao criar uma conta ou usar o Viabiliza, você concorda com estes Termos de Uso e com a Política de Privacidade. Se não concordar, não use a plataforma.'],
  },
  {
    title: '2. Descrição do serviço',
    paragraphs: [
      'O Viabiliza é uma plataforma web gratuita de análise de viabilidade imobiliária. A partir do questionário e dos documentos enviados, o Motor Viabiliza calcula os números da análise com base em dados de referência datados; quando configurado, um modelo de linguagem redige o texto em volta desses números.',
      'O serviço tem limites técnicos de uso (tamanho e quantidade de arquivos, número de análises por minuto), descritos nas Perguntas Frequentes, e pode ser alterado ou interrompido para manutenção.',
    ],
  },
  {
    title: '3. Responsabilidades do usuário',
    paragraphs: [
      'Você se compromete a fornecer informações verdadeiras, a manter sua senha em sigilo, a enviar apenas documentos que tenha o direito de tratar e a não tentar burlar os limites ou a segurança da plataforma.',
    ],
  },
  {
    title: '4. Caráter consultivo',
    paragraphs: [
      'As análises e relatórios têm caráter exclusivamente informativo e consultivo. Eles não substituem laudos, pareceres jurídicos, avaliações de engenheiros ou corretores habilitados, nem certidões oficiais, e devem ser validados por profissionais qualificados antes de qualquer decisão.',
    ],
  },
  {
    title: '5. Propriedade intelectual',
    paragraphs: [
      'A marca, o código, o motor de análise e os textos do Viabiliza pertencem aos seus titulares. Os documentos que você envia continuam seus; você nos autoriza a processá-los apenas para prestar o serviço.',
    ],
  },
  {
    title: '6. Alterações dos termos',
    paragraphs: ['Podemos atualizar estes termos. A data da última atualização aparece no topo desta página, e mudanças relevantes serão comunicadas na plataforma.'],
  },
  {
    title: '7. Lei aplicável e foro',
    paragraphs: ['Estes termos são regidos pelas leis da República Federativa do Brasil. Fica eleito o foro da Comarca de São Paulo, SP, ressalvado o direito do consumidor de propor ação no foro do seu domicílio.'],
  },
  {
    title: '8. Contato',
    paragraphs: ['Dúvidas sobre estes termos: contato@viabiliza.com.br.'],
  },
];

export const PRIVACY_SECTIONS: LegalSection[] = [
  {
    title: '1. Dados que coletamos',
    paragraphs: [
      'Dados de cadastro (nome, e-mail, empresa e telefone, quando informados); os questionários, documentos e análises que você cria; registros de segurança (ações, data, endereço IP e navegador) e métricas de desempenho das páginas (tempos de carregamento, sem conteúdo pessoal).',
    ],
  },
  {
    title: '2. Como usamos os dados',
    paragraphs: [
      'Para prestar o serviço (extrair o texto dos documentos, calcular e guardar as análises), manter a conta e a segurança, enviar notificações da plataforma e melhorar o desempenho do site. Não vendemos dados pessoais.',
      'O texto dos documentos só é enviado a um provedor de IA quando um provedor está configurado, e apenas para redigir o resumo da análise.',
    ],
  },
  {
    title: '3. Como protegemos os dados',
    paragraphs: [
      'Senhas guardadas com hash, sessões em cookies httpOnly, acesso aos dados restrito ao próprio usuário no servidor, verificação de conteúdo dos arquivos enviados e cópias de segurança. Os dados ficam em servidores sob nosso controle.',
    ],
  },
  {
    title: '4. Seus direitos (LGPD)',
    paragraphs: [
      'Nos termos da Lei Geral de Proteção de Dados (Lei nº 13.709/2018), você pode pedir confirmação da existência de tratamento, acesso, correção, anonimização, portabilidade e eliminação dos seus dados, informação sobre compartilhamentos e revogação do consentimento. Parte disso você faz no seu perfil; o restante, pelo contato abaixo.',
    ],
  },
  {
    title: '5. Contato',
    paragraphs: ['Encarregado de dados: contato@viabiliza.com.br · (48) 3333-0000 · Florianópolis, SC.'],
  },
];
