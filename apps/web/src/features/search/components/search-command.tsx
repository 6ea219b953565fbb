import { SEARCH_DEBOUNCE_MS, SEARCH_MESSAGES, propertyResultHref } from '@viabiliza/contracts/search';
import { Building2, FileText, History, LayoutDashboard, Search, User, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

import { useSearchProperties } from '@/features/search/api/search-properties';
import { useDebouncedValue } from '@/features/search/hooks/use-debounced-value';
import { filterPages } from '@/features/search/utils/search-pages';
import { Button } from '@/components/ui/button';
import {
  CommandDialog,
  CommandEmpty,
  CommandGroup,
  CommandInput,
  CommandItem,
  CommandList,
} from '@/components/ui/command';
import { Spinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/session';

const PAGE_ICONS: Record<string, LucideIcon> = {
  '/dashboard': LayoutDashboard,
  '/profile': User,
  '/history': History,
  '/documentacao': FileText,
};

/**
 * 'Buscar...' button (⌘K / Ctrl+K) and the command palette it opens (spec 01 §2 'Global search'):
 * the user's properties from the server (title and address, at most 5, accents ignored) and the
 * fixed pages, in one group 'Resultados'. Choosing one navigates, closes and clears.
 */
export function SearchCommand() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const { user } = useSession();
  const debounced = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const properties = useSearchProperties(debounced, { signedIn: Boolean(user) && open });
  const pages = filterPages(query);

  const trimmed = query.trim();
  const propertyResults = trimmed && properties.data ? properties.data.properties : [];
  // Between a keystroke and the server's answer: 'Buscando...' rather than a premature 'Nenhum resultado'.
  const searching = Boolean(user) && trimmed.length > 0 && (debounced.trim() !== trimmed || properties.isFetching);
  const hasResults = propertyResults.length > 0 || pages.length > 0;

  useEffect(() => {
    if (properties.error) console.warn('Falha na busca de propriedades', properties.error);
  }, [properties.error]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        setOpen((current) => {
          if (current) setQuery('');
          return !current;
        });
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) setQuery('');
  };

  const choose = (href: string) => {
    changeOpen(false);
    void navigate(href);
  };

  return (
    <>
      <Button
        variant="outline"
        className="h-9 w-9 justify-center px-0 text-muted-foreground sm:w-44 sm:justify-start sm:px-3 lg:w-52"
        onClick={() => setOpen(true)}
        // Its name holds what it shows, shortcut included (WCAG 2.5.3, label in name).
        aria-label={`${SEARCH_MESSAGES.trigger} ⌘K`}
        aria-keyshortcuts="Meta+K Control+K"
      >
        <Search aria-hidden />
        <span className="hidden sm:inline">{SEARCH_MESSAGES.trigger}</span>
        <kbd
          aria-hidden
          className="pointer-events-none ml-auto hidden h-5 items-center gap-1 rounded border bg-muted px-1.5 font-mono text-[10px] font-medium select-none sm:inline-flex"
        >
          ⌘K
        </kbd>
      </Button>
      <CommandDialog
        open={open}
        onOpenChange={changeOpen}
        title="Busca global"
        description="Busque suas propriedades e as páginas da plataforma"
        commandProps={{ shouldFilter: false, label: 'Busca global' }}
      >
        <CommandInput placeholder={SEARCH_MESSAGES.placeholder} value={query} onValueChange={setQuery} maxLength={100} />
        <CommandList>
          {!searching && <CommandEmpty>{SEARCH_MESSAGES.empty}</CommandEmpty>}
          {searching && !hasResults && (
            <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-muted-foreground">
              <Spinner /> Buscando...
            </div>
          )}
          {hasResults && (
            <CommandGroup heading={SEARCH_MESSAGES.group}>
              {propertyResults.map((property) => (
                <CommandItem
                  key={property.id}
                  value={`propriedade:${property.id}`}
                  onSelect={() => choose(propertyResultHref(property.id))}
                  data-testid="search-property"
                >
                  <Building2 aria-hidden />
                  <div className="flex min-w-0 flex-col">
                    <span className="truncate font-medium">{property.title}</span>
                    <span className="truncate text-xs text-muted-foreground">{property.address || 'Endereço não informado'}</span>
                  </div>
                </CommandItem>
              ))}
              {pages.map((page) => {
                const Icon = PAGE_ICONS[page.href] ?? FileText;
                return (
                  <CommandItem key={page.href} value={page.href} onSelect={() => choose(page.href)}>
                    <Icon aria-hidden />
                    <div className="flex min-w-0 flex-col">
                      <span className="font-medium">{page.title}</span>
                      <span className="truncate text-xs text-muted-foreground">{page.description}</span>
                    </div>
                  </CommandItem>
                );
              })}
            </CommandGroup>
          )}
        </CommandList>
      </CommandDialog>
    </>
  );
}
