import { describe, expect, it } from 'vitest';
import { breadcrumbLabel, breadcrumbTrail } from './navigation.ts';

describe('breadcrumb', () => {
  it('is empty on the home page', () => {
    expect(breadcrumbTrail('/')).toEqual([]);
  });
  it('uses the label table', () => {
    expect(breadcrumbTrail('/dashboard/analysis').map((c) => c.label)).toEqual(['Início', 'Dashboard', 'Analysis']);
    expect(breadcrumbLabel('registro')).toBe('Cadastro');
    expect(breadcrumbLabel('system-monitor')).toBe('Monitor do Sistema');
  });
  it("never spells an id out: an analysis is 'Análise #' and 8 characters, a property its title", () => {
    const id = 'c88efab8-1607-4c3e-9a51-0d2f5e6b7a81';
    expect(breadcrumbTrail(`/dashboard/analysis/${id}`)).toEqual([
      { href: '/', label: 'Início' },
      { href: '/dashboard', label: 'Dashboard' },
      { href: `/dashboard/analysis/${id}`, label: 'Análise #c88efab8' },
    ]);
    expect(breadcrumbTrail(`/analysis/${id}`).map((c) => c.label)).toEqual(['Início', 'Análise #c88efab8']);
    const property = `/dashboard/property/${id}/history`;
    expect(breadcrumbTrail(property)).toEqual([
      { href: '/', label: 'Início' },
      { href: '/dashboard', label: 'Dashboard' },
      { href: property, label: 'Imóvel' },
    ]);
    expect(breadcrumbTrail(property, { [property]: 'Rua dos Pinheiros, 1000' }).at(-1)).toEqual({ href: property, label: 'Rua dos Pinheiros, 1000' });
    for (const path of [`/dashboard/analysis/${id}`, `/analysis/${id}`, property]) {
      expect(breadcrumbTrail(path).map((c) => c.label).join(' ')).not.toMatch(/1607|Analysis|Property/);
    }
  });
  it('capitalises unknown segments and turns hyphens into spaces', () => {
    expect(breadcrumbLabel('minha-pagina-nova')).toBe('Minha pagina nova');
  });
});
