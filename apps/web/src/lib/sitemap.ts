/**
 * sitemap.xml and robots.txt, written at build from the list of public pages
 * (`app/public-pages.ts`). Robots rules match by prefix, so a private path that prefixes a public
 * one ('/analise' and '/analise-imoveis') is anchored with '$'.
 */
export interface SitemapEntry {
  path: string;
  /** yyyy-MM-dd */
  lastmod: string;
  priority: number;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function buildSitemap(origin: string, entries: SitemapEntry[]): string {
  const urls = entries.map(
    (e) =>
      `  <url>\n    <loc>${escapeXml(new URL(e.path, `${origin}/`).href)}</loc>\n    <lastmod>${e.lastmod}</lastmod>\n    <priority>${e.priority.toFixed(1)}</priority>\n  </url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

export function robotsRule(privatePath: string, publicPaths: string[]): string {
  const isPrefixOfPublic = publicPaths.some((p) => p !== privatePath && p.startsWith(privatePath));
  return isPrefixOfPublic ? `${privatePath}$` : privatePath;
}

export function buildRobots(origin: string, privatePaths: string[], publicPaths: string[]): string {
  const lines = ['User-agent: *', 'Allow: /', ...privatePaths.map((p) => `Disallow: ${robotsRule(p, publicPaths)}`), '', `Sitemap: ${origin}/sitemap.xml`, ''];
  return lines.join('\n');
}
