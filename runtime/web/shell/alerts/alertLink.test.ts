import { describe, expect, it } from 'vitest';
import { alertLink } from './alertLink.ts';

describe('alertLink', () => {
  it('reads internal routes in any of the usual spellings', () => {
    for (const link of ['pages/vendas/clientes', '/pages/vendas/clientes', '#/pages/vendas/clientes']) {
      expect(alertLink(link)).toEqual({ kind: 'internal', path: '/pages/vendas/clientes' });
    }
  });

  it('keeps external addresses as they are', () => {
    expect(alertLink('https://ajuda.exemplo.com.br/certificado')).toEqual({
      kind: 'external',
      url: 'https://ajuda.exemplo.com.br/certificado',
    });
  });

  it('has no destination without a link', () => {
    expect(alertLink(null)).toBeNull();
    expect(alertLink('  ')).toBeNull();
    expect(alertLink('#/')).toBeNull();
  });
});
