import { Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';

import { PUBLIC_LINKS } from '@/components/layout/nav-links';
import { Logo } from '@/components/layout/logo';

const SOCIAL_LINKS = ['LinkedIn', 'Instagram', 'YouTube'];

const linkClass =
  'rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none';

export function Footer() {
  return (
    <footer className="border-t bg-muted/30">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4 lg:px-8">
        <div className="space-y-3 sm:col-span-2 lg:col-span-1">
          <Logo />
          <p className="text-sm text-muted-foreground">
            Plataforma de análise de viabilidade imobiliária para incorporadores, investidores e consultores: documentos,
            questionário e relatórios técnicos, ambientais, jurídicos e financeiros em um só lugar.
          </p>
        </div>

        <nav aria-label="Links rápidos" className="space-y-3">
          <h2 className="text-sm font-semibold">Links rápidos</h2>
          <ul className="space-y-2">
            {PUBLIC_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div className="space-y-3">
          <h2 className="text-sm font-semibold">Contato</h2>
          <address className="space-y-2 text-sm text-muted-foreground not-italic">
            <p className="flex items-center gap-2">
              <Mail className="size-4 shrink-0" aria-hidden />
              <a href="mailto:contato@viabiliza.com.br" className={linkClass}>
                contato@viabiliza.com.br
              </a>
            </p>
            <p className="flex items-center gap-2">
              <Phone className="size-4 shrink-0" aria-hidden />
              <a href="tel:+554833330000" className={linkClass}>
                (48) 3333-0000
              </a>
            </p>
            <p className="flex items-center gap-2">
              <MapPin className="size-4 shrink-0" aria-hidden />
              <span>Florianópolis, SC</span>
            </p>
          </address>
        </div>

        <div className="space-y-3">
          <h2 className="text-sm font-semibold">Redes sociais</h2>
          <ul className="flex flex-wrap gap-2">
            {SOCIAL_LINKS.map((name) => (
              <li key={name}>
                <a
                  href="#"
                  className="inline-flex rounded-md border bg-background px-3 py-1.5 text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                >
                  {name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="border-t">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-4 text-sm text-muted-foreground sm:flex-row sm:px-6 lg:px-8">
          <p>© {new Date().getFullYear()} Viabiliza. Todos os direitos reservados.</p>
          <nav aria-label="Links legais" className="flex gap-4">
            <Link to="/privacidade" className={linkClass}>
              Política de Privacidade
            </Link>
            <Link to="/termos" className={linkClass}>
              Termos de Uso
            </Link>
          </nav>
        </div>
      </div>
    </footer>
  );
}
