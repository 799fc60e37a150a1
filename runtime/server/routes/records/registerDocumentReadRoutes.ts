import type { FastifyInstance } from 'fastify';
import type { ResolvedEntity } from '../../../core/resolveEntity.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { TOKEN_OR_API_KEY } from '../../plugins/routeSecurity.ts';
import { documentHistory } from '../../services/documents/documentHistory.ts';
import { documentPostings } from '../../services/documents/documentPostings.ts';
import { errorResponses } from '../errorResponses.ts';
import type { RecordRunner } from './recordHandler.ts';
import { idParams, recordPartValidator, recordSerializer } from './recordRouteSchemas.ts';

const nullable = (type: string) => ({ type: [type, 'null'] });
const historyItem = {
  type: 'object',
  required: ['id', 'acao', 'em', 'diferencas'],
  properties: {
    id: { type: 'integer' },
    acao: {
      type: 'string',
      description: 'criar, alterar, excluir ou a ação da transição (efetivar, estornar…)',
    },
    situacaoDe: nullable('string'),
    situacaoPara: nullable('string'),
    usuarioId: nullable('integer'),
    usuarioNome: nullable('string'),
    em: { type: 'string', format: 'date-time' },
    diferencas: {
      type: 'object',
      description: 'Campo → {de, para} dos campos alterados',
      additionalProperties: { type: 'object', properties: { de: {}, para: {} } },
    },
  },
} as const;
const postingItem = {
  type: 'object',
  description:
    'Uma linha de razão: de estoque (produto, depósito, quantidade, valor) ou financeiro (conta, valor com sinal), conforme `razao`',
  required: ['id', 'razao', 'data', 'origemTipo', 'origemLinha'],
  properties: {
    id: { type: 'integer' },
    razao: { type: 'string', enum: ['estoque', 'financeiro'] },
    contaId: { type: 'integer', description: 'Razão financeiro: a conta movimentada' },
    conta: nullable('string'),
    descricao: nullable('string'),
    valor: { type: 'number', description: 'Razão financeiro: + entrada, − saída' },
    data: { type: 'string', format: 'date-time' },
    produtoId: { type: 'integer' },
    produto: nullable('string'),
    depositoId: { type: 'integer' },
    deposito: nullable('string'),
    loteId: nullable('integer'),
    lote: nullable('string'),
    qtd: { type: 'number' },
    custoUnitario: nullable('number'),
    difValor: { type: 'number' },
    qtdApos: { type: 'number' },
    custoMedioApos: { type: 'number' },
    origemTipo: { type: 'string' },
    origemLinha: { type: 'integer' },
    estornoDe: nullable('integer'),
  },
} as const;

/**
 * GET /api/<Resource>/{id}/historico and /lancamentos of a document entity or one with actions (its
 * "Histórico" and "Lançamentos" tabs).
 */
export function registerDocumentReadRoutes(
  app: FastifyInstance,
  entity: ResolvedEntity,
  run: RecordRunner,
): void {
  if (!entity.document && !entity.actions) return;
  const op = entity.resource.charAt(0).toLowerCase() + entity.resource.slice(1);
  const common = { validatorCompiler: recordPartValidator, serializerCompiler: recordSerializer };
  const label = entity.label.toLowerCase();
  app.get(
    `/api/${entity.resource}/:id/historico`,
    {
      ...common,
      schema: {
        security: TOKEN_OR_API_KEY,
        operationId: `${op}Historico`,
        tags: [entity.resource],
        summary: `Histórico de um(a) ${label}: quem alterou, quando e o quê`,
        params: idParams,
        response: { 200: { type: 'array', items: historyItem }, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      return run(request, PermissionLevel.VISUALIZAR, (context) => documentHistory(context, id));
    },
  );
  app.get(
    `/api/${entity.resource}/:id/lancamentos`,
    {
      ...common,
      schema: {
        security: TOKEN_OR_API_KEY,
        operationId: `${op}Lancamentos`,
        tags: [entity.resource],
        summary: `Lançamentos (movimentações de estoque e estornos) de um(a) ${label}`,
        params: idParams,
        response: { 200: { type: 'array', items: postingItem }, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      return run(request, PermissionLevel.VISUALIZAR, (context) => documentPostings(context, id));
    },
  );
}
