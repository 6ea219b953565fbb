import { faqStructuredData } from '@/features/site/utils/faq';
import { DEFAULT_DESCRIPTION, DEFAULT_KEYWORDS, type PageMeta } from '@/lib/page-meta';

/**
 * The public pages: their metadata (used by the route modules), and the list the build prerenders
 * to HTML and writes into sitemap.xml. `heading` is the page's h1 (checked by the e2e tests).
 */
export interface PublicPage {
  path: string;
  meta: PageMeta & { canonicalPath: string; description: string };
  heading: string;
  priority: number;
}

const keywords = (...extra: string[]) => [...extra, ...DEFAULT_KEYWORDS];

export const PUBLIC_PAGES = {
  home: {
    path: '/',
    heading: 'Decida com segurança se o seu imóvel é viável',
    priority: 1,
    meta: { title: 'Análise de viabilidade imobiliária', description: DEFAULT_DESCRIPTION, canonicalPath: '/', keywords: keywords('análise de viabilidade', 'relatório imobiliário') },
  },
  methodology: {
    path: '/analise-imoveis',
    heading: 'Análise de Imóveis',
    priority: 0.9,
    meta: {
      title: 'Análise de Imóveis: metodologia',
      description: 'Como o Viabiliza analisa um imóvel: coleta de dados, motor de cálculo e relatório; análises técnica, ambiental, jurídica e financeira e as fontes de dados usadas.',
      canonicalPath: '/analise-imoveis',
      keywords: keywords('metodologia', 'análise técnica', 'análise jurídica', 'análise financeira'),
    },
  },
  documentation: {
    path: '/documentacao',
    heading: 'Documentação',
    priority: 0.7,
    meta: {
      title: 'Documentação',
      description: 'Processo de análise, métricas do relatório, faixas da pontuação de viabilidade e a API REST do Viabiliza.',
      canonicalPath: '/documentacao',
      keywords: keywords('documentação', 'API REST', 'pontuação de viabilidade'),
    },
  },
  faq: {
    path: '/faq',
    heading: 'Perguntas Frequentes',
    priority: 0.8,
    meta: {
      title: 'Perguntas Frequentes',
      description: 'Formatos e limites de arquivos, tipos de análise, segurança dos documentos, LGPD e API: as respostas sobre o Viabiliza.',
      canonicalPath: '/faq',
      keywords: keywords('FAQ', 'perguntas frequentes', 'limites de upload'),
      structuredData: [faqStructuredData()],
    },
  },
  about: {
    path: '/sobre',
    heading: 'Sobre o Viabiliza',
    priority: 0.6,
    meta: {
      title: 'Sobre',
      description: 'Missão, visão, valores e história do Viabiliza, plataforma brasileira de análise de viabilidade imobiliária, com os números da plataforma.',
      canonicalPath: '/sobre',
      keywords: keywords('sobre', 'Florianópolis'),
    },
  },
  terms: {
    path: '/termos',
    heading: 'Termos de Uso',
    priority: 0.3,
    meta: { title: 'Termos de Uso', description: 'Termos de uso do Viabiliza: serviço, responsabilidades, caráter consultivo das análises e lei aplicável.', canonicalPath: '/termos', keywords: keywords('termos de uso') },
  },
  privacy: {
    path: '/privacidade',
    heading: 'Política de Privacidade',
    priority: 0.3,
    meta: {
      title: 'Política de Privacidade',
      description: 'Como o Viabiliza coleta, usa e protege dados pessoais e como exercer os direitos da LGPD.',
      canonicalPath: '/privacidade',
      keywords: keywords('privacidade', 'LGPD', 'proteção de dados'),
    },
  },
} satisfies Record<string, PublicPage>;

export const PUBLIC_PAGE_LIST: PublicPage[] = Object.values(PUBLIC_PAGES);

/** Kept out of search engines (robots.txt) and marked noindex by their route modules. */
export const PRIVATE_PATHS = ['/api/', '/auth', '/registro', '/dashboard', '/analise', '/analisar-area', '/analysis/', '/profile', '/history', '/admin'];
