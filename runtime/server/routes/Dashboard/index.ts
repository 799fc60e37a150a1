import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hojeBrasilia } from '../../../core/hojeBrasilia.ts';
import { PermissionLevel } from '../../../core/types.ts';
import type { Tx } from '../../db/database.ts';
import { requirePermission } from '../../plugins/auth.ts';
import {
  contasResumo,
  estoqueMinimo,
  type Referencia,
  resolveReferencia,
  vendasMes,
  vendasPorDia,
} from '../../services/dashboard/dashboardKpis.ts';
import { fluxoProjetado } from '../../services/dashboard/fluxoProjetado.ts';
import { saldoContas } from '../../services/financeiro/saldoContas.ts';
import { errorResponses } from '../errorResponses.ts';

const tags = ['Dashboard'];
const money = { type: 'number' } as const;
const isoDate = { type: 'string', format: 'date' } as const;
const referenciaQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    referencia: {
      type: 'string',
      maxLength: 7,
      description: 'Mês de referência AAAA-MM, ex.: 2026-03 (padrão: o mês corrente em Brasília)',
    },
  },
} as const;
const noQuery = { type: 'object', additionalProperties: false, properties: {} } as const;

const contasResponse = {
  type: 'object',
  required: [
    'hoje',
    'fimMes',
    'aberto',
    'quantidadeAberta',
    'vencido',
    'quantidadeVencida',
    'venceHoje',
    'restanteMes',
    'situacoes',
  ],
  properties: {
    hoje: isoDate,
    fimMes: isoDate,
    aberto: { ...money, description: 'Σ do valor em aberto dos títulos abertos ou pagos parcialmente' },
    quantidadeAberta: { type: 'integer' },
    vencido: { ...money, description: 'Valor em aberto vencido antes de hoje' },
    quantidadeVencida: { type: 'integer' },
    venceHoje: money,
    restanteMes: { ...money, description: 'Vence depois de hoje até o fim do mês' },
    situacoes: { type: 'array', items: { type: 'integer' } },
  },
} as const;

/**
 * One KPI operation: GET /api/Dashboard/<path>, its permission key checked (VISUALIZAR, the function the
 * menus use) and its query run in the caller's tenant and branch (RLS).
 */
function kpi<T>(
  app: FastifyInstance,
  path: string,
  operationId: string,
  permission: string,
  summary: string,
  querystring: object,
  response: object,
  run: (tx: Tx, ref: Referencia) => Promise<T>,
) {
  app.get(
    `/api/Dashboard/${path}`,
    {
      schema: {
        operationId,
        tags,
        summary,
        description: `Permissão: ${permission} (visualizar).`,
        querystring,
        response: { 200: response, ...errorResponses(400, 401, 403) },
      },
    },
    async (request: FastifyRequest) => {
      const auth = requirePermission(request, permission, PermissionLevel.VISUALIZAR);
      const { referencia } = request.query as { referencia?: string };
      const ref = resolveReferencia(referencia || undefined);
      const scope = { empresaId: auth.empresaId, filialId: auth.filialId, usuarioId: auth.usuarioId };
      return app.db.withTenant(scope, (tx) => run(tx, ref));
    },
  );
}

/** Dashboard: the KPIs of flows.md §5 the declared dashboard (schemas/screens/dashboard.screen.json) shows. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  kpi(
    app,
    'vendas-mes',
    'dashboardVendasMes',
    'VENDAS_PEDIDO_VENDAS',
    'Vendas do mês (pedidos aprovados, faturados ou entregues) comparadas com o mês anterior',
    referenciaQuery,
    {
      type: 'object',
      required: [
        'referencia',
        'inicio',
        'fim',
        'valor',
        'quantidade',
        'ticketMedio',
        'anterior',
        'variacao',
        'ticketMedioAnterior',
        'variacaoTicket',
        'situacoes',
      ],
      properties: {
        referencia: { type: 'string' },
        inicio: isoDate,
        fim: isoDate,
        valor: money,
        quantidade: { type: 'integer' },
        ticketMedio: money,
        anterior: { ...money, description: 'Vendas do mês anterior' },
        variacao: { type: 'number', nullable: true, description: 'Variação sobre o mês anterior, em %' },
        ticketMedioAnterior: { ...money, description: 'Ticket médio do mês anterior' },
        variacaoTicket: {
          type: 'number',
          nullable: true,
          description: 'Variação do ticket médio sobre o mês anterior, em %',
        },
        situacoes: { type: 'array', items: { type: 'string' } },
      },
    },
    vendasMes,
  );
  kpi(
    app,
    'vendas-por-dia',
    'dashboardVendasPorDia',
    'VENDAS_PEDIDO_VENDAS',
    'Vendas por dia do mês de referência (dias sem venda com zero)',
    referenciaQuery,
    {
      type: 'object',
      required: ['referencia', 'dias'],
      properties: {
        referencia: { type: 'string' },
        dias: {
          type: 'array',
          items: { type: 'object', required: ['dia', 'valor'], properties: { dia: isoDate, valor: money } },
        },
      },
    },
    vendasPorDia,
  );
  kpi(
    app,
    'contas-receber',
    'dashboardContasReceber',
    'FINANCEIRO_RECEITAS',
    'Contas a receber: em aberto, vencidas, vencendo hoje e no restante do mês',
    noQuery,
    contasResponse,
    (tx) => contasResumo(tx, 1),
  );
  kpi(
    app,
    'contas-pagar',
    'dashboardContasPagar',
    'FINANCEIRO_DESPESAS',
    'Contas a pagar: em aberto, vencidas, vencendo hoje e no restante do mês',
    noQuery,
    contasResponse,
    (tx) => contasResumo(tx, 2),
  );
  kpi(
    app,
    'estoque-minimo',
    'dashboardEstoqueMinimo',
    'ESTOQUE_PRODUTOS',
    'Produtos ativos com disponível na filial igual ou abaixo do estoque mínimo',
    noQuery,
    {
      type: 'object',
      required: ['quantidade', 'ids'],
      properties: { quantidade: { type: 'integer' }, ids: { type: 'array', items: { type: 'integer' } } },
    },
    (tx) => estoqueMinimo(tx),
  );
  kpi(
    app,
    'saldo-contas',
    'dashboardSaldoContas',
    'FINANCEIRO_EXTRATO_BANCARIO',
    'Saldo em contas hoje: saldo inicial + movimentos até hoje de cada conta ativa (F3)',
    noQuery,
    {
      type: 'object',
      required: ['data', 'total', 'contas'],
      properties: {
        data: isoDate,
        total: money,
        contas: {
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'descricao', 'saldo'],
            properties: { id: { type: 'integer' }, descricao: { type: 'string' }, saldo: money },
          },
        },
      },
    },
    (tx) => saldoContas(tx, hojeBrasilia()),
  );
  kpi(
    app,
    'fluxo-projetado',
    'dashboardFluxoProjetado',
    'FINANCEIRO_LANCAMENTOS',
    'Fluxo de caixa projetado em 30, 60 e 90 dias: saldo de hoje + a receber − a pagar em aberto até cada data (vencidos à parte)',
    noQuery,
    {
      type: 'object',
      required: ['hoje', 'limite', 'saldoHoje', 'vencidos', 'pontos'],
      properties: {
        hoje: isoDate,
        limite: { ...isoDate, description: 'O último horizonte (hoje + 90 dias)' },
        saldoHoje: money,
        vencidos: {
          type: 'object',
          required: ['receber', 'pagar'],
          properties: { receber: money, pagar: money },
        },
        pontos: {
          type: 'array',
          items: {
            type: 'object',
            required: ['rotulo', 'dias', 'ate', 'receber', 'pagar', 'saldo'],
            properties: {
              rotulo: { type: 'string' },
              dias: { type: 'integer' },
              ate: isoDate,
              receber: money,
              pagar: money,
              saldo: money,
            },
          },
        },
      },
    },
    (tx) => fluxoProjetado(tx),
  );
}
