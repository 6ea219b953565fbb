import { describe, expect, it } from 'vitest';

import { buildPageHead, renderPageHead } from './page-meta';

describe('page head', () => {
  it('builds title, canonical, social cards and JSON-LD of a free application priced in BRL', () => {
    const head = buildPageHead({ title: 'FAQ', description: 'Perguntas', canonicalPath: '/faq', keywords: ['a', 'b'] }, 'https://viabiliza.example');
    expect(head.title).toBe('FAQ | Viabiliza');
    expect(head.canonical).toBe('https://viabiliza.example/faq');
    const metas = Object.fromEntries(head.metas.map(([, k, v]) => [k, v]));
    expect(metas).toMatchObject({
      description: 'Perguntas',
      keywords: 'a, b',
      robots: 'index, follow',
      'og:url': 'https://viabiliza.example/faq',
      'og:image': 'https://viabiliza.example/og-image.png',
      'twitter:card': 'summary_large_image',
    });
    const graph = head.jsonLd['@graph'] as Record<string, unknown>[];
    expect(graph[0]).toMatchObject({ '@type': 'WebApplication', isAccessibleForFree: true, offers: { price: '0', priceCurrency: 'BRL' } });
    expect(graph[1]).toMatchObject({ '@type': 'WebPage', url: 'https://viabiliza.example/faq' });
  });

  it('marks private pages noindex and escapes what it writes as HTML', () => {
    const head = buildPageHead({ title: 'A "B" <c>', noindex: true, structuredData: [{ text: '</script><script>x' }] }, 'https://v.example', '/dashboard');
    expect(head.canonical).toBe('https://v.example/dashboard');
    const html = renderPageHead(head);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html).toContain('<title>A "B" &lt;c&gt; | Viabiliza</title>');
    expect(html).toContain('content="A &quot;B&quot; &lt;c&gt; | Viabiliza"');
    expect(html).not.toContain('</script><script>');
    expect(html).toContain('<link rel="canonical" href="https://v.example/dashboard" />');
  });
});
