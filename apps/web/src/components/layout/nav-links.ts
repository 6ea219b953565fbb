/** Header and footer links (spec 01 §2 'Header, breadcrumb, footer'). */
export interface NavLinkItem {
  to: string;
  label: string;
}

export const PUBLIC_LINKS: NavLinkItem[] = [
  { to: '/', label: 'Início' },
  { to: '/analise-imoveis', label: 'Análise Imobiliária' },
  { to: '/documentacao', label: 'Documentação' },
  { to: '/faq', label: 'FAQ' },
  { to: '/sobre', label: 'Sobre' },
];

export const SIGNED_IN_LINKS: NavLinkItem[] = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/analise', label: 'Análise' },
  { to: '/history', label: 'Histórico' },
];

/** Later issues add Segurança, Monitor, Auditoria, Analytics, Testes, Backup and IA Avançada here. */
export const ADMIN_LINKS: NavLinkItem[] = [
  { to: '/admin', label: 'Admin' },
  { to: '/security', label: 'Segurança' },
  { to: '/system-monitor', label: 'Monitor' },
  { to: '/testing', label: 'Testes' },
  { to: '/security-audit', label: 'Auditoria' },
  { to: '/phase4', label: 'IA Avançada' },
  { to: '/analytics', label: 'Analytics' },
  { to: '/backup', label: 'Backup' },
  { to: '/dados-de-referencia', label: 'Dados de referência' },
];

export function headerLinks(signedIn: boolean, isAdmin: boolean): NavLinkItem[] {
  if (!signedIn) return PUBLIC_LINKS;
  return isAdmin ? [...SIGNED_IN_LINKS, ...ADMIN_LINKS] : SIGNED_IN_LINKS;
}
