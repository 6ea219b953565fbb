/** Breadcrumb labels by path segment (spec 01 §2 'Header, breadcrumb, footer'). */
export const BREADCRUMB_LABELS: Record<string, string> = {
  '': 'Início',
  dashboard: 'Dashboard',
  profile: 'Perfil',
  history: 'Histórico',
  analise: 'Análise',
  'analisar-area': 'Análise',
  'analise-imoveis': 'Análise de Imóveis',
  sobre: 'Sobre',
  faq: 'FAQ',
  termos: 'Termos de Uso',
  privacidade: 'Política de Privacidade',
  documentacao: 'Documentação',
  admin: 'Administração',
  auth: 'Autenticação',
  registro: 'Cadastro',
  'esqueci-senha': 'Esqueci minha senha',
  'redefinir-senha': 'Redefinir senha',
  'verificar-email': 'Confirmar e-mail',
  security: 'Segurança',
  'system-monitor': 'Monitor do Sistema',
  testing: 'Centro de Testes',
  'security-audit': 'Auditoria de Segurança',
  backup: 'Backup',
  'dados-de-referencia': 'Dados de referência',
  phase4: 'IA Avançada',
};

/** An unknown segment is capitalised with hyphens turned into spaces. */
export function breadcrumbLabel(segment: string): string {
  const known = BREADCRUMB_LABELS[segment];
  if (known !== undefined) return known;
  const spaced = decodeURIComponent(segment).replace(/-/g, ' ');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

const ID_SEGMENT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 'Análise #' and the first 8 characters of the id (spec 01 §2, §9 'id shown as first 8 characters'). */
export function shortAnalysisLabel(id: string): string {
  return `Análise #${id.slice(0, 8)}`;
}

/**
 * The trail of a path. An id is never shown as words ('C88efab8 1607 …'): /analysis/{id} and
 * /dashboard/analysis/{id} end in 'Análise #c88efab8', and /dashboard/property/{id}/history in the
 * property ('Imóvel', or its title when the page gives it in `labels`, keyed by href). 'analysis'
 * and 'property' before an id are not pages of their own and get no crumb.
 */
export function breadcrumbTrail(pathname: string, labels: Readonly<Record<string, string>> = {}): { href: string; label: string }[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return [];
  const trail = [{ href: '/', label: 'Início' }];
  const hrefOf = (end: number) => '/' + segments.slice(0, end + 1).join('/');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const next = segments[i + 1];
    if ((segment === 'analysis' || segment === 'property') && next && ID_SEGMENT.test(next)) continue;
    if (ID_SEGMENT.test(segment)) {
      const previous = segments[i - 1];
      if (previous === 'property' && next === 'history') {
        const href = hrefOf(i + 1);
        trail.push({ href, label: labels[href] ?? 'Imóvel' });
        i++;
        continue;
      }
      const href = hrefOf(i);
      trail.push({ href, label: labels[href] ?? (previous === 'analysis' ? shortAnalysisLabel(segment) : `#${segment.slice(0, 8)}`) });
      continue;
    }
    trail.push({ href: hrefOf(i), label: breadcrumbLabel(segment) });
  }
  return trail;
}
