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

const JSON_LD_ID = 'viabiliza-structured-data';

/**
 * Structured data is a data block, not a script: the CSP (script-src 'self') does not execute it,
 * and creating it through the DOM keeps index.html free of inline content.
 */
function upsertStructuredData(data: Record<string, unknown>): void {
  let element = document.getElementById(JSON_LD_ID) as HTMLScriptElement | null;
  if (!element) {
    element = document.createElement('script');
    element.id = JSON_LD_ID;
    element.type = 'application/ld+json';
    document.head.appendChild(element);
  }
  element.textContent = JSON.stringify(data);
}

export function applyPageMeta(meta: PageMeta): void {
  const title = meta.title === SITE_NAME ? SITE_NAME : `${meta.title} | ${SITE_NAME}`;
  const description = meta.description ?? DEFAULT_DESCRIPTION;
  const keywords = (meta.keywords ?? DEFAULT_KEYWORDS).join(', ');
  const url = new URL(meta.canonicalPath ?? window.location.pathname, window.location.origin).href;
  const robots = meta.noindex ? 'noindex, nofollow' : 'index, follow';

  document.title = title;
  upsertMeta('name', 'description', description);
  upsertMeta('name', 'keywords', keywords);
  upsertMeta('name', 'robots', robots);
  upsertCanonical(url);

  upsertMeta('property', 'og:type', meta.ogType ?? 'website');
  upsertMeta('property', 'og:site_name', SITE_NAME);
  upsertMeta('property', 'og:locale', 'pt_BR');
  upsertMeta('property', 'og:title', title);
  upsertMeta('property', 'og:description', description);
  upsertMeta('property', 'og:url', url);

  upsertMeta('name', 'twitter:card', 'summary');
  upsertMeta('name', 'twitter:title', title);
  upsertMeta('name', 'twitter:description', description);

  upsertStructuredData({
    '@context': 'https://schema.org',
    '@type': 'WebApplication',
    name: SITE_NAME,
    url: window.location.origin + '/',
    description: DEFAULT_DESCRIPTION,
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web',
    inLanguage: 'pt-BR',
    isAccessibleForFree: true,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'BRL' },
  });
}

/** Every route module calls this once with its own metadata. */
export function usePageMeta(meta: PageMeta): void {
  const { title, description, canonicalPath, noindex, ogType } = meta;
  const keywords = meta.keywords?.join('|');
  useEffect(() => {
    applyPageMeta({
      title,
      description,
      canonicalPath,
      noindex,
      ogType,
      keywords: keywords?.split('|'),
    });
  }, [title, description, canonicalPath, noindex, ogType, keywords]);
}
