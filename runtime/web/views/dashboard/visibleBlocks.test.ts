import { describe, expect, it } from 'vitest';
import declaration from '../../../../schemas/screens/dashboard.screen.json' with { type: 'json' };
import { checkPermission } from '../../../core/checkPermission.ts';
import { PermissionLevel } from '../../../core/types.ts';
import type { DashboardScreen } from './dashboardTypes.ts';
import { visibleBlocks } from './visibleBlocks.ts';

/** A session user holding `permissoes` (key → level) in a profile, as the shell's user info carries it. */
const userWith = (keys: string[]) =>
  ({
    permissoes: Object.fromEntries(keys.map((key) => [key, PermissionLevel.VISUALIZAR])),
  }) as unknown as Parameters<typeof checkPermission>[0];

const ids = (keys: string[]) => {
  const user = userWith(keys);
  const blocks = visibleBlocks(declaration as unknown as DashboardScreen, (permission) =>
    permission ? checkPermission(user, permission, PermissionLevel.VISUALIZAR) : true,
  );
  return {
    cards: blocks.cards.map(([id]) => id),
    charts: blocks.charts.map(([id]) => id),
    links: blocks.links.map((link) => link.label),
  };
};

describe('dashboard blocks by permission', () => {
  it('shows a sales profile only the sales blocks (the finance ones and their calls are left out)', () => {
    expect(ids(['DASHBOARD', 'VENDAS_PEDIDO_VENDAS'])).toEqual({
      cards: ['vendasMes', 'ticketMedio'],
      charts: ['vendasPorDia'],
      links: [],
    });
  });

  it('shows a finance profile the receivables, payables, balance, projection and the report links', () => {
    expect(
      ids([
        'FINANCEIRO_RECEITAS',
        'FINANCEIRO_DESPESAS',
        'FINANCEIRO_EXTRATO_BANCARIO',
        'FINANCEIRO_LANCAMENTOS',
        'RELATORIOS_FINANCEIRO',
      ]),
    ).toEqual({
      cards: ['saldoContas', 'receberAberto', 'receberVencido', 'pagarAberto', 'pagarVencido'],
      charts: ['fluxoProjetado'],
      links: ['DRE', 'Fluxo de caixa'],
    });
  });
});
