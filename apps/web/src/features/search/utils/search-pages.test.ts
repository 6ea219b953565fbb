import { describe, expect, it } from 'vitest';

import { filterPages } from './search-pages';

describe('filterPages', () => {
  it('lists every page for an empty query', () => {
    expect(filterPages('  ')).toHaveLength(4);
  });

  it('matches title or description, case-insensitively', () => {
    expect(filterPages('PERFIL').map((p) => p.href)).toEqual(['/profile']);
    expect(filterPages('relatórios').map((p) => p.href)).toEqual(['/documentacao']);
  });

  it('returns nothing when no page matches', () => {
    expect(filterPages('xyz')).toEqual([]);
  });
});
