import { useEffect } from 'react';

export const SITE_NAME = 'Viabiliza';
export const DEFAULT_DESCRIPTION =
  'Análise de viabilidade imobiliária técnica, ambiental, jurídica e financeira a partir dos documentos e dados do imóvel.';
export const DEFAULT_KEYWORDS = [
  'viabilidade imobiliária',
  'análise de imóveis',
  'incorporação',
  'investimento imobiliário',
  'due diligence',
];
/** The social card image (public/og-image.png, 1200×630). */
export const SOCIAL_IMAGE_PATH = '/og-image.png';

export type StructuredData = Record<string, unknown>;

export interface PageMeta {
  /** Page title; the site name is appended ('Entrar | Viabiliza'). */
  title: string;
  description?: string;
  keywords?: string[];
  /** Path of the canonical URL; the current path when omitted. */
  canonicalPath?: string;
  /** Private or error pages: robots noindex, nofollow. */
  noindex?: boolean;
  ogType?: 'website' | 'article';
  /** Extra JSON-LD nodes beside the WebApplication and the WebPage (e.g. an FAQPage). */
  structuredData?: StructuredData[];
}

export interface PageHead {
  title: string;
  canonical: string;
  /** [attribute, key, content]: `<meta name="description" content="…">` or `property="og:…"`. */
  metas: ['name' | 'property', string, string][];
  jsonLd: StructuredData;
}

/** The structured data of the product: a free web application priced in BRL. */
export function webApplicationNode(origin: string): StructuredData {
  return {
    '@type': 'WebApplication',
    '@id': `${origin}/#app`,
    name: SITE_NAME,
    url: `${origin}/`,
    description: DEFAULT_DESCRIPTION,
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web',
    inLanguage: 'pt-BR',
    isAccessibleForFree: true,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'BRL' },
  };
}

/**
 * Everything a page puts in <head>, as data: the browser applies it through the DOM
 * (`applyPageMeta`) and the build writes it as HTML into the prerendered page (`renderPageHead`).
 */
export function buildPageHead(meta: PageMeta, origin: string, currentPath = '/'): PageHead {
  const title = meta.title === SITE_NAME ? SITE_NAME : `${meta.title} | ${SITE_NAME}`;
  const description = meta.description ?? DEFAULT_DESCRIPTION;
  const keywords = (meta.keywords ?? DEFAULT_KEYWORDS).join(', ');
  const canonical = new URL(meta.canonicalPath ?? currentPath, `${origin}/`).href;
  const image = `${origin}${SOCIAL_IMAGE_PATH}`;
  const page: StructuredData = {
    '@type': 'WebPage',
    '@id': `${canonical}#page`,
    url: canonical,
    name: title,
    description,
    inLanguage: 'pt-BR',
    isPartOf: { '@id': `${origin}/#app` },
  };
  return {
    title,
    canonical,
    metas: [
      ['name', 'description', description],
      ['name', 'keywords', keywords],
      ['name', 'robots', meta.noindex ? 'noindex, nofollow' : 'index, follow'],
      ['property', 'og:type', meta.ogType ?? 'website'],
      ['property', 'og:site_name', SITE_NAME],
      ['property', 'og:locale', 'pt_BR'],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:url', canonical],
      ['property', 'og:image', image],
      ['property', 'og:image:width', '1200'],
      ['property', 'og:image:height', '630'],
      ['property', 'og:image:alt', `${SITE_NAME}: análise de viabilidade imobiliária`],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', image],
    ],
    jsonLd: {
      '@context': 'https://schema.org',
      '@graph': [webApplicationNode(origin), page, ...(meta.structuredData ?? [])],
    },
  };
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** `</script>` inside a string would end the data block early. */
export const serializeJsonLd = (data: StructuredData) => JSON.stringify(data).replace(/</g, '\\u003c');

export const JSON_LD_ID = 'viabiliza-structured-data';

/** The same head as HTML, for the prerendered pages. */
export function renderPageHead(head: PageHead): string {
  return [
    `<title>${escapeText(head.title)}</title>`,
    ...head.metas.map(([attr, key, content]) => `<meta ${attr}="${key}" content="${escapeAttr(content)}" />`),
    `<link rel="canonical" href="${escapeAttr(head.canonical)}" />`,
    `<script type="application/ld+json" id="${JSON_LD_ID}">${serializeJsonLd(head.jsonLd)}</script>`,
  ].join('\n    ');
}

function upsertMeta(attribute: 'name' | 'property', key: string, content: string): void {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
}

function upsertCanonical(href: string): void {
  let link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'canonical';
    document.head.appendChild(link);
  }
  link.href = href;
}

/**
 * Structured data is a data block, not a script: the CSP (script-src 'self') does not execute it,
 * and creating it through the DOM keeps index.html free of inline content.
 */
function upsertStructuredData(data: StructuredData): void {
  let element = document.getElementById(JSON_LD_ID) as HTMLScriptElement | null;
  if (!element) {
    element = document.createElement('script');
    element.id = JSON_LD_ID;
    element.type = 'application/ld+json';
    document.head.appendChild(element);
  }
  element.textContent = serializeJsonLd(data);
}

export function applyPageMeta(meta: PageMeta): void {
  const head = buildPageHead(meta, window.location.origin, window.location.pathname);
  document.title = head.title;
  for (const [attribute, key, content] of head.metas) upsertMeta(attribute, key, content);
  upsertCanonical(head.canonical);
  upsertStructuredData(head.jsonLd);
}

/** Every route module calls this once with its own metadata. */
export function usePageMeta(meta: PageMeta): void {
  const { title, description, canonicalPath, noindex, ogType } = meta;
  const keywords = meta.keywords?.join('|');
  const structured = meta.structuredData ? JSON.stringify(meta.structuredData) : undefined;
  useEffect(() => {
    applyPageMeta({
      title,
      description,
      canonicalPath,
      noindex,
      ogType,
      keywords: keywords?.split('|'),
      structuredData: structured ? (JSON.parse(structured) as StructuredData[]) : undefined,
    });
  }, [title, description, canonicalPath, noindex, ogType, keywords, structured]);
}
