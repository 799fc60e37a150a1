import { describe, expect, it } from 'vitest';
import { fillWhere, linkFilterHref } from './linkFilterHref.ts';

describe('linkFilterHref', () => {
  const answer = { inicio: '2031-04-01', fim: '2031-04-30', ids: [3, 7], hoje: '2031-04-15' };

  it('puts whole values of the answer in the where and fills the chip text', () => {
    const href = linkFilterHref(
      {
        route: 'pages/vendas/pedido-vendas',
        label: 'Ver pedidos',
        where: {
          dataEmissao: { between: ['{inicio}', '{fim}'] },
          id: { inq: '{ids}' },
          situacao: 'aprovado',
        },
        filtro: 'Vendas de {inicio|date} a {fim|date}',
      },
      answer,
    );
    const url = new URL(href, 'http://x');
    expect(url.pathname).toBe('/pages/vendas/pedido-vendas');
    expect(JSON.parse(url.searchParams.get('where') ?? '')).toEqual({
      dataEmissao: { between: ['2031-04-01', '2031-04-30'] },
      id: { inq: [3, 7] },
      situacao: 'aprovado',
    });
    expect(url.searchParams.get('filtro')).toBe('Vendas de 01/04/2031 a 30/04/2031');
  });

  it('keeps numbers and fills text around placeholders; a missing value is null', () => {
    expect(fillWhere({ situacao: { inq: [0, 2] }, texto: 'até {hoje}', x: '{nada}' }, answer)).toEqual({
      situacao: { inq: [0, 2] },
      texto: 'até 2031-04-15',
      x: null,
    });
  });
});
