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
  it('capitalises unknown segments and turns hyphens into spaces', () => {
    expect(breadcrumbLabel('minha-pagina-nova')).toBe('Minha pagina nova');
  });
});
