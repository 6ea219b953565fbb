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

export function breadcrumbTrail(pathname: string): { href: string; label: string }[] {
  const segments = pathname.split('/').filter(Boolean);
  if (segments.length === 0) return [];
  const trail = [{ href: '/', label: 'Início' }];
  segments.forEach((segment, i) => {
    trail.push({ href: '/' + segments.slice(0, i + 1).join('/'), label: breadcrumbLabel(segment) });
  });
  return trail;
}
