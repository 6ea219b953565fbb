import type { SessionUser } from '@viabiliza/contracts/auth';
import { Menu, X } from 'lucide-react';
import { Suspense, lazy, useEffect, useState, type ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router';

import { headerLinks } from '@/components/layout/nav-links';
import { Logo } from '@/components/layout/logo';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

// Only signed-in visitors need the avatar menu (and the menu library behind it).
const UserMenu = lazy(() => import('@/components/layout/user-menu').then((m) => ({ default: m.UserMenu })));
const AdminMenu = lazy(() => import('@/components/layout/admin-menu').then((m) => ({ default: m.AdminMenu })));

export interface HeaderProps {
  user: SessionUser | null;
  isAdmin: boolean;
  /** While the session loads the right-hand side stays empty rather than flashing 'Entrar'. */
  isSessionLoading: boolean;
  onSignOut: () => void;
  /** Feature widgets composed by the app layer (components may not import features). */
  search?: ReactNode;
  notifications?: ReactNode;
}

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
    isActive ? 'text-primary' : 'text-muted-foreground',
  );

export function Header({ user, isAdmin, isSessionLoading, onSignOut, search, notifications }: HeaderProps) {
  const { pathname } = useLocation();
  // The mobile menu is open for the path it was opened on, so any navigation closes it.
  const [menuOpenAt, setMenuOpenAt] = useState<string | null>(null);
  const menuOpen = menuOpenAt === pathname;
  const setMenuOpen = (open: boolean) => setMenuOpenAt(open ? pathname : null);
  const links = headerLinks(Boolean(user), isAdmin);
  // The desktop header lists the admin pages in one menu; the mobile menu lists them all.
  const desktopLinks = headerLinks(Boolean(user), false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpenAt(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:px-6 lg:px-8">
        <Logo className="mr-2 shrink-0 lg:mr-6" />

        <nav aria-label="Navegação principal" className="hidden items-center gap-1 lg:flex">
          {desktopLinks.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === '/'} className={navLinkClass}>
              {link.label}
            </NavLink>
          ))}
          {user && isAdmin && (
            <Suspense fallback={null}>
              <AdminMenu />
            </Suspense>
          )}
        </nav>

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {!isSessionLoading && user && (
            <>
              {search}
              {notifications}
              {isAdmin && (
                <Badge variant="secondary" className="hidden bg-primary/10 text-primary lg:inline-flex">
                  Administrador
                </Badge>
              )}
              <Suspense fallback={<span aria-hidden className="size-8 animate-pulse rounded-full bg-muted" />}>
                <UserMenu user={user} isAdmin={isAdmin} onSignOut={onSignOut} />
              </Suspense>
            </>
          )}
          {!isSessionLoading && !user && (
            <>
              <Button variant="ghost" asChild>
                <Link to="/auth">Entrar</Link>
              </Button>
              <Button asChild className="hidden sm:inline-flex">
                <Link to="/registro">Analisar Agora</Link>
              </Button>
            </>
          )}
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="menu-movel"
            aria-label={menuOpen ? 'Fechar menu' : 'Abrir menu'}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <X aria-hidden /> : <Menu aria-hidden />}
          </Button>
        </div>
      </div>

      <div id="menu-movel" hidden={!menuOpen} className="border-t bg-background lg:hidden">
        <nav aria-label="Menu móvel" className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              end={link.to === '/'}
              className={({ isActive }) => cn(navLinkClass({ isActive }), 'py-2.5 text-base')}
            >
              {link.label}
            </NavLink>
          ))}
          {user && isAdmin && (
            <div className="px-3 py-2">
              <Badge variant="secondary" className="bg-primary/10 text-primary">
                Administrador
              </Badge>
            </div>
          )}
          {!isSessionLoading && !user && (
            <div className="mt-2 border-t pt-3 sm:hidden">
              <Button asChild className="w-full">
                <Link to="/registro">Analisar Agora</Link>
              </Button>
            </div>
          )}
        </nav>
      </div>
    </header>
  );
}
