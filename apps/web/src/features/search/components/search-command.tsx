import { FileText, History, LayoutDashboard, Search, User, type LucideIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';

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

const PAGE_ICONS: Record<string, LucideIcon> = {
  '/dashboard': LayoutDashboard,
  '/profile': User,
  '/history': History,
  '/documentacao': FileText,
};

/** 'Buscar...' button (⌘K / Ctrl+K) and the command palette it opens. */
export function SearchCommand() {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const navigate = useNavigate();
  const results = filterPages(query);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey)) {
        event.preventDefault();
        setOpen((current) => !current);
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
        aria-label="Buscar..."
      >
        <Search aria-hidden />
        <span className="hidden sm:inline">Buscar...</span>
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
        description="Busque páginas da plataforma"
        commandProps={{ shouldFilter: false, label: 'Busca global' }}
      >
        <CommandInput placeholder="Digite para buscar..." value={query} onValueChange={setQuery} />
        <CommandList>
          <CommandEmpty>Nenhum resultado encontrado.</CommandEmpty>
          {results.length > 0 && (
            <CommandGroup heading="Resultados">
              {results.map((page) => {
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
