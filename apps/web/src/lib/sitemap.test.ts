import { describe, expect, it } from 'vitest';

import { buildRobots, buildSitemap } from './sitemap';

describe('sitemap and robots', () => {
  it('lists every public page with its absolute URL', () => {
    const xml = buildSitemap('https://v.example', [
      { path: '/', lastmod: '2026-11-23', priority: 1 },
      { path: '/faq', lastmod: '2026-11-23', priority: 0.8 },
    ]);
    expect(xml).toContain('<loc>https://v.example/</loc>');
    expect(xml).toContain('<loc>https://v.example/faq</loc>');
    expect(xml).toContain('<priority>0.8</priority>');
    expect(xml.match(/<url>/g)).toHaveLength(2);
  });

  it('disallows private paths without hiding public pages that share their prefix', () => {
    const robots = buildRobots('https://v.example', ['/api/', '/analise', '/dashboard'], ['/', '/analise-imoveis']);
    expect(robots).toContain('Disallow: /analise$');
    expect(robots).toContain('Disallow: /dashboard\n');
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toContain('Sitemap: https://v.example/sitemap.xml');
  });
});
