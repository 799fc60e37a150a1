import { describe, expect, it } from 'vitest';
import { readLinkFilter } from './useLinkFilter.ts';

describe('readLinkFilter', () => {
  it('reads the where and the chip label of a list link', () => {
    const search = `?${new URLSearchParams({ where: '{"situacao":{"inq":[0,2]}}', filtro: 'Receitas em aberto' })}`;
    expect(readLinkFilter(search)).toEqual({
      where: { situacao: { inq: [0, 2] } },
      label: 'Receitas em aberto',
    });
  });

  it('ignores a missing or malformed where and names an unlabelled one', () => {
    expect(readLinkFilter('')).toBeNull();
    expect(readLinkFilter('?where=%7Bnope')).toBeNull();
    expect(readLinkFilter('?where=[1]')).toBeNull();
    expect(readLinkFilter('?where=%7B%22id%22%3A1%7D')).toEqual({
      where: { id: 1 },
      label: 'Filtro aplicado',
    });
  });
});
