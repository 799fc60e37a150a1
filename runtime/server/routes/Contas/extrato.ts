import type { FastifyInstance } from 'fastify';
import { PermissionLevel } from '../../../core/types.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { extratoBancario } from '../../services/extratoBancario.ts';
import { errorResponses } from '../errorResponses.ts';

const money = { type: 'number' } as const;
const isoDate = { type: 'string', format: 'date' } as const;

const extratoResponse = {
  type: 'object',
  required: ['conta', 'inicio', 'fim', 'saldoAnterior', 'entradas', 'saidas', 'saldoFinal', 'movimentos'],
  properties: {
    conta: {
      type: 'object',
      required: ['id', 'descricao', 'saldoInicial', 'dataSaldoInicial'],
      properties: {
        id: { type: 'integer' },
        descricao: { type: 'string' },
        saldoInicial: money,
        dataSaldoInicial: { type: 'string', format: 'date', nullable: true },
      },
    },
    inicio: isoDate,
    fim: isoDate,
    saldoAnterior: { ...money, description: 'Saldo no fim do dia anterior ao início do período' },
    entradas: money,
    saidas: { ...money, description: 'Total das saídas, positivo' },
    saldoFinal: money,
    movimentos: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'data',
          'descricao',
          'pessoa',
          'origem',
          'lancamentoId',
          'baixaId',
          'estornoDe',
          'conciliado',
          'valor',
          'saldo',
        ],
        properties: {
          id: { type: 'integer', description: 'Id do movimento financeiro' },
          data: isoDate,
          descricao: { type: 'string' },
          pessoa: { type: 'string', nullable: true },
          origem: {
            enum: [
              'recebimento',
              'pagamento',
              'transferencia-entrada',
              'transferencia-saida',
              'avulso',
              'estorno',
            ],
          },
          lancamentoId: {
            type: 'integer',
            nullable: true,
            description: 'Título ou transferência; vazio no avulso',
          },
          baixaId: { type: 'integer', nullable: true },
          estornoDe: { type: 'integer', nullable: true, description: 'Movimento que este estorna' },
          conciliado: { type: 'boolean', description: 'Conciliado com uma linha do extrato do banco (OFX)' },
          valor: { ...money, description: 'Positivo para entradas, negativo para saídas' },
          saldo: { ...money, description: 'Saldo da conta depois do movimento' },
        },
      },
    },
  },
} as const;

/** Financeiro › Extrato bancário: the statement of one account (key FINANCEIRO_EXTRATO_BANCARIO). */
export async function contasExtratoRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/Contas/:id/extrato',
    {
      schema: {
        operationId: 'contasExtrato',
        tags: ['Contas'],
        summary:
          'Extrato da conta no período (razão de movimentos financeiros): saldo anterior, movimentos com o saldo acumulado por (data, id), entradas, saídas e saldo final',
        params: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'integer', minimum: 1 } },
        },
        querystring: {
          type: 'object',
          required: ['inicio', 'fim'],
          properties: { inicio: isoDate, fim: isoDate },
        },
        response: { 200: extratoResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = requirePermission(request, 'FINANCEIRO_EXTRATO_BANCARIO', PermissionLevel.VISUALIZAR);
      const { id } = request.params as { id: number };
      const { inicio, fim } = request.query as { inicio: string; fim: string };
      const scope = { empresaId: auth.empresaId, filialId: auth.filialId, usuarioId: auth.usuarioId };
      return app.db.withTenant(scope, (tx) => extratoBancario(tx, id, inicio, fim));
    },
  );
}
