import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../types.ts';
import type { DocumentAction } from './documentDefinition.ts';
import { visibleActions } from './visibleActions.ts';

const actions: DocumentAction[] = [
  {
    action: 'lancarEstoque',
    label: 'Lançar estoque',
    effects: ['notaFiscal.lancarEstoque'],
    visibleWhen: { estoqueLancadoPor: [null], tipoOperacao: [1] },
  },
  {
    action: 'estornarEstoque',
    label: 'Estornar estoque',
    effects: ['notaFiscal.estornarEstoque'],
    visibleWhen: { estoqueLancadoPor: ['notaFiscal'] },
  },
  {
    action: 'auditar',
    label: 'Auditar',
    effects: ['notaFiscal.lancarContas'],
    permission: 'OUTRA',
    level: 4,
  },
];
const admin = { perfilAdmin: true } as unknown as SessionUser;
const vendedor = { perfilAdmin: false, permissoes: { VENDAS_NOTA_FISCAL: 3 } } as unknown as SessionUser;

describe('visibleActions', () => {
  it('shows an action only when its fields hold the listed values (absent counts as null)', () => {
    const names = (row: Record<string, unknown>) =>
      visibleActions(actions, row, 'VENDAS_NOTA_FISCAL', admin).map((action) => action.action);
    expect(names({ tipoOperacao: 1 })).toEqual(['lancarEstoque', 'auditar']);
    expect(names({ tipoOperacao: 0 })).toEqual(['auditar']);
    expect(names({ tipoOperacao: 1, estoqueLancadoPor: 'notaFiscal' })).toEqual([
      'estornarEstoque',
      'auditar',
    ]);
    expect(names({ tipoOperacao: 1, estoqueLancadoPor: 'pedido' })).toEqual(['auditar']);
  });

  it('checks the permission key and level as the server does', () => {
    const names = visibleActions(actions, { tipoOperacao: 1 }, 'VENDAS_NOTA_FISCAL', vendedor).map(
      (action) => action.action,
    );
    expect(names).toEqual(['lancarEstoque']);
    expect(visibleActions(undefined, {}, 'X', admin)).toEqual([]);
  });
});
