import type { FastifyInstance } from 'fastify';
import { PermissionLevel } from '../../../core/types.ts';
import { type BaixarTitulosInput, baixarTitulos } from '../../postings/financeiro/baixarTitulos.ts';
import {
  estornarMovimentoAvulso,
  lancarMovimentoAvulso,
  type MovimentoAvulsoInput,
} from '../../postings/financeiro/movimentoAvulso.ts';
import { errorResponses } from '../errorResponses.ts';
import { idempotencyHeaders, runFinanceiroPosting } from './financeiroPostings.ts';

// Cents are checked by the services (multipleOf 0.01 fails on binary fractions such as 0.07).
const money = { type: 'number', minimum: 0, maximum: 9_999_999_999_999.99 } as const;
const isoDate = { type: 'string', format: 'date' } as const;
const id = { type: 'integer', minimum: 1, maximum: 2_147_483_647 } as const;

const baixarBody = {
  type: 'object',
  required: ['data', 'contaId', 'itens'],
  additionalProperties: false,
  properties: {
    data: { ...isoDate, description: 'Data do pagamento ou recebimento (data do movimento na conta)' },
    contaId: { ...id, description: 'Conta movimentada' },
    formaPagamentoFinanceiroId: { ...id, nullable: true },
    observacao: { type: 'string', maxLength: 2000, nullable: true },
    itens: {
      type: 'array',
      minItems: 1,
      maxItems: 500,
      items: {
        type: 'object',
        required: ['lancamentoId', 'principal'],
        additionalProperties: false,
        properties: {
          lancamentoId: id,
          principal: { ...money, description: 'Quanto abate do valor em aberto' },
          juros: money,
          multa: money,
          desconto: money,
        },
      },
    },
  },
} as const;

const titulo = {
  type: 'object',
  required: ['valorPago', 'valorAberto', 'situacao'],
  properties: {
    valorPago: { type: 'number' },
    valorAberto: { type: 'number' },
    situacao: { type: 'integer', description: 'situacaoLancamento: 0 aberto, 2 parcial, 1 pago' },
  },
} as const;

const baixarResponse = {
  type: 'object',
  required: ['baixas'],
  properties: {
    baixas: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'lancamentoId',
          'movimentoFinanceiroId',
          'principal',
          'juros',
          'multa',
          'desconto',
          'valorPago',
          'titulo',
        ],
        properties: {
          id: { type: 'integer' },
          lancamentoId: { type: 'integer' },
          movimentoFinanceiroId: { type: 'integer' },
          principal: { type: 'number' },
          juros: { type: 'number' },
          multa: { type: 'number' },
          desconto: { type: 'number' },
          valorPago: {
            type: 'number',
            description: 'Total: principal + juros + multa − desconto (o movimento)',
          },
          titulo,
        },
      },
    },
  },
} as const;

const avulsoBody = {
  type: 'object',
  required: ['contaId', 'data', 'valor', 'descricao'],
  additionalProperties: false,
  properties: {
    contaId: id,
    data: isoDate,
    valor: {
      type: 'number',
      minimum: -9_999_999_999_999.99,
      maximum: 9_999_999_999_999.99,
      description: 'Positivo entra na conta, negativo sai',
    },
    descricao: { type: 'string', minLength: 1, maxLength: 200 },
    categoriaFinanceiraId: { ...id, nullable: true },
    pessoaId: { ...id, nullable: true },
  },
} as const;

const estornoBody = {
  type: 'object',
  additionalProperties: false,
  properties: { data: { ...isoDate, description: 'Data do estorno (padrão: hoje)' } },
} as const;

/**
 * Finance postings with a body of their own (the per-record actions — estornar a baixa, cancelar,
 * efetivar a transferência — are entity actions): the baixa of several titles at once and the avulso
 * movements. Each runs in one transaction, with an optional Idempotency-Key.
 */
export async function lancamentosBaixarRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/Lancamentos/baixar',
    {
      schema: {
        operationId: 'lancamentosBaixar',
        tags: ['Lancamentos'],
        summary:
          'Baixa de um ou mais títulos: uma baixa e um movimento na conta por título (principal + juros + multa − desconto); tudo ou nada',
        headers: idempotencyHeaders,
        body: baixarBody,
        response: { 200: baixarResponse, ...errorResponses(400, 401, 403, 409, 422) },
      },
    },
    async (request, reply) => {
      const body = request.body as BaixarTitulosInput;
      const baixas = await runFinanceiroPosting(
        app,
        request,
        reply,
        { key: 'FINANCEIRO_BAIXAS', level: PermissionLevel.CRIAR, entityName: 'baixa' },
        (context) => baixarTitulos(context, body),
      );
      return { baixas };
    },
  );

  app.post(
    '/api/MovimentosFinanceiros/avulso',
    {
      schema: {
        operationId: 'movimentosFinanceirosAvulso',
        tags: ['MovimentosFinanceiros'],
        summary: 'Movimento avulso na conta (tarifa, rendimento): sem título',
        headers: idempotencyHeaders,
        body: avulsoBody,
        response: {
          200: {
            type: 'object',
            required: ['id', 'valor'],
            properties: { id: { type: 'integer' }, valor: { type: 'number' } },
          },
          ...errorResponses(400, 401, 403, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const body = request.body as MovimentoAvulsoInput;
      return runFinanceiroPosting(
        app,
        request,
        reply,
        {
          key: 'FINANCEIRO_EXTRATO_BANCARIO',
          level: PermissionLevel.CRIAR,
          entityName: 'movimentoFinanceiro',
        },
        (context) => lancarMovimentoAvulso(context, body),
      );
    },
  );

  app.post(
    '/api/MovimentosFinanceiros/:id/estornar',
    {
      schema: {
        operationId: 'movimentosFinanceirosEstornar',
        tags: ['MovimentosFinanceiros'],
        summary: 'Estorno de um movimento avulso (o movimento contrário, na data informada ou hoje)',
        headers: idempotencyHeaders,
        params: { type: 'object', required: ['id'], properties: { id } },
        body: estornoBody,
        response: {
          200: { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } },
          ...errorResponses(400, 401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const { id: movimentoId } = request.params as { id: number };
      const body = (request.body ?? {}) as { data?: string };
      return runFinanceiroPosting(
        app,
        request,
        reply,
        {
          key: 'FINANCEIRO_EXTRATO_BANCARIO',
          level: PermissionLevel.ALTERAR,
          entityName: 'movimentoFinanceiro',
        },
        (context) => estornarMovimentoAvulso(context, movimentoId, body.data ? { data: body.data } : {}),
      );
    },
  );
}
