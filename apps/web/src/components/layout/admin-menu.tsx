import { ChevronDown } from 'lucide-react';
import { Link, useLocation } from 'react-router';

import { ADMIN_LINKS } from '@/components/layout/nav-links';
import { Button } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { cn } from '@/lib/utils';

/** The admin pages in one menu of the desktop header, which has no room for eight more links. */
export function AdminMenu() {
  const { pathname } = useLocation();
  const active = ADMIN_LINKS.some((l) => pathname === l.to || pathname.startsWith(`${l.to}/`));
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className={cn('gap-1 px-3 text-sm font-medium', active ? 'text-primary' : 'text-muted-foreground')}>
          Administração
          <ChevronDown aria-hidden className="size-4" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-52">
        {ADMIN_LINKS.map((link) => (
          <DropdownMenuItem key={link.to} asChild>
            <Link to={link.to} aria-current={pathname === link.to ? 'page' : undefined} className={cn(pathname === link.to && 'text-primary')}>
              {link.label}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
