import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Agrupamento, Comparacao } from '../../../core/financeiro/periodos.ts';
import type { EnumDefinition } from '../../../core/resolveEntity.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { HttpError } from '../../errors.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { dre, type GrupoDre, type RegimeDre } from '../../services/financeiro/dre.ts';
import { fluxoCaixa, type TipoFluxo } from '../../services/financeiro/fluxoCaixa.ts';
import { errorResponses } from '../errorResponses.ts';

const tags = ['RelatoriosFinanceiros'];
const PERMISSION = 'RELATORIOS_FINANCEIRO';
const money = { type: 'number' } as const;
const isoDate = { type: 'string', format: 'date' } as const;
const variacao = {
  type: 'number',
  nullable: true,
  description: 'Variação sobre o período comparado, em %',
} as const;

/** The grupoDre enumeration of the tenant's schemas (labels and DRE order; a white-label may rename them). */
function gruposDre(schemas: Record<string, unknown>): GrupoDre[] {
  const definition = schemas['schemas/enums/grupoDre.enum.json'] as EnumDefinition | undefined;
  return (definition?.values ?? []).map((value, index) => ({
    code: String(value.code),
    label: value.label,
    ordem: Number((value as unknown as { ordem?: number }).ordem ?? index + 1),
  }));
}

/** The period of a request, refused in words when it ends before it starts. */
function periodo(query: { de: string; ate: string }) {
  if (query.ate < query.de)
    throw new HttpError(400, 'PERIODO_INVALIDO', 'A data final do período é anterior à inicial.');
  return { de: query.de, ate: query.ate };
}

function scopeOf(request: FastifyRequest) {
  const auth = requirePermission(request, PERMISSION, PermissionLevel.VISUALIZAR);
  return { empresaId: auth.empresaId, filialId: auth.filialId, usuarioId: auth.usuarioId };
}

/** Finance reports shown on screen (Relatórios › DRE, Fluxo de caixa): the DRE and the cash flow of the branch. */
export async function relatoriosFinanceirosRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/RelatoriosFinanceiros/dre',
    {
      schema: {
        operationId: 'relatoriosFinanceirosDre',
        tags,
        summary: 'DRE por competência ou por caixa, por grupo e categoria, comparado com outro período',
        description: `Permissão: ${PERMISSION} (visualizar). Transferências entre contas não entram (F7).`,
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['de', 'ate'],
          properties: {
            regime: { type: 'string', enum: ['competencia', 'caixa'], default: 'competencia' },
            de: isoDate,
            ate: isoDate,
            comparacao: {
              type: 'string',
              enum: ['anterior', 'ano'],
              default: 'anterior',
              description:
                'anterior: o período imediatamente antes (meses inteiros: os meses anteriores); ano: as mesmas datas do ano anterior',
            },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['regime', 'de', 'ate', 'comparacao', 'resultado', 'linhas'],
            properties: {
              regime: { type: 'string' },
              de: isoDate,
              ate: isoDate,
              comparacao: {
                type: 'object',
                required: ['tipo', 'de', 'ate'],
                properties: { tipo: { type: 'string' }, de: isoDate, ate: isoDate },
              },
              resultado: {
                type: 'object',
                required: ['valor', 'anterior', 'variacao'],
                properties: { valor: money, anterior: money, variacao },
              },
              linhas: {
                type: 'array',
                items: {
                  type: 'object',
                  required: [
                    'nivel',
                    'grupo',
                    'descricao',
                    'categoriaFinanceiraId',
                    'valor',
                    'anterior',
                    'variacao',
                  ],
                  properties: {
                    nivel: { type: 'string', enum: ['grupo', 'linha', 'resultado'] },
                    grupo: { type: 'string' },
                    descricao: { type: 'string' },
                    categoriaFinanceiraId: { type: 'integer', nullable: true },
                    valor: money,
                    anterior: money,
                    variacao,
                  },
                },
              },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const query = request.query as { regime: RegimeDre; de: string; ate: string; comparacao: Comparacao };
      const input = { regime: query.regime, comparacao: query.comparacao, ...periodo(query) };
      const grupos = gruposDre(request.tenant.schemas);
      return app.db.withTenant(scope, (tx) => dre(tx, input, grupos));
    },
  );

  const periodoSchema = {
    type: 'object',
    required: ['periodo', 'inicio', 'fim', 'entradas', 'saidas', 'resultado', 'saldo'],
    properties: {
      periodo: { type: 'string' },
      inicio: isoDate,
      fim: isoDate,
      entradas: money,
      saidas: money,
      resultado: money,
      saldo: money,
    },
  } as const;
  app.get(
    '/api/RelatoriosFinanceiros/fluxo-caixa',
    {
      schema: {
        operationId: 'relatoriosFinanceirosFluxoCaixa',
        tags,
        summary:
          'Fluxo de caixa realizado (movimentos) ou projetado (títulos em aberto) por dia, semana ou mês',
        description: `Permissão: ${PERMISSION} (visualizar). Realizado: sem transferências; projetado: de hoje em diante, vencidos à parte.`,
        querystring: {
          type: 'object',
          additionalProperties: false,
          required: ['de', 'ate'],
          properties: {
            tipo: { type: 'string', enum: ['realizado', 'projetado'], default: 'realizado' },
            de: isoDate,
            ate: isoDate,
            agrupamento: { type: 'string', enum: ['dia', 'semana', 'mes'], default: 'dia' },
          },
        },
        response: {
          200: {
            type: 'object',
            required: [
              'tipo',
              'agrupamento',
              'de',
              'ate',
              'saldoInicial',
              'saldoFinal',
              'totais',
              'vencidos',
              'periodos',
            ],
            properties: {
              tipo: { type: 'string' },
              agrupamento: { type: 'string' },
              de: isoDate,
              ate: isoDate,
              saldoInicial: money,
              saldoFinal: money,
              totais: {
                type: 'object',
                required: ['entradas', 'saidas'],
                properties: { entradas: money, saidas: money },
              },
              vencidos: {
                type: 'object',
                nullable: true,
                required: ['receber', 'pagar'],
                properties: { receber: money, pagar: money },
              },
              periodos: { type: 'array', items: periodoSchema },
            },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request) => {
      const scope = scopeOf(request);
      const query = request.query as { tipo: TipoFluxo; de: string; ate: string; agrupamento: Agrupamento };
      const input = { tipo: query.tipo, agrupamento: query.agrupamento, ...periodo(query) };
      return app.db.withTenant(scope, (tx) => fluxoCaixa(tx, input));
    },
  );
}
