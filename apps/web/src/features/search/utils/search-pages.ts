/** Fixed pages of the command palette (spec 01 §2 'Global search'); properties come from the server. */
export interface SearchPage {
  title: string;
  description: string;
  href: string;
}

export const SEARCH_PAGES: SearchPage[] = [
  { title: 'Dashboard', description: 'Visão geral das suas análises e propriedades', href: '/dashboard' },
  { title: 'Perfil', description: 'Seus dados pessoais e de contato', href: '/profile' },
  { title: 'Histórico', description: 'Todas as análises já realizadas', href: '/history' },
  { title: 'Documentação', description: 'Como usar a plataforma e interpretar os relatórios', href: '/documentacao' },
];

/** A page matches when its title or description contains the typed text, case-insensitively. */
export function filterPages(query: string, pages: SearchPage[] = SEARCH_PAGES): SearchPage[] {
  const needle = query.trim().toLocaleLowerCase('pt-BR');
  if (!needle) return pages;
  return pages.filter(
    (page) =>
      page.title.toLocaleLowerCase('pt-BR').includes(needle) ||
      page.description.toLocaleLowerCase('pt-BR').includes(needle),
  );
}
