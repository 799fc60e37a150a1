import type { FastifyInstance } from 'fastify';
import type { StatementLine } from '../../../core/matchOfxTransactions.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { desfazerLinha, ignorarLinha } from '../../services/conciliacaoOfx/acoesLinha.ts';
import {
  type ReconcileItem,
  reconcile,
  reconciliationAccounts,
  suggestReconciliation,
} from '../../services/conciliacaoOfx/conciliacaoOfx.ts';
import { type ConciliarInput, conciliarLinha } from '../../services/conciliacaoOfx/conciliarLinha.ts';
import { type ImportarExtratoInput, importarExtrato } from '../../services/conciliacaoOfx/importarExtrato.ts';
import { linhasExtrato } from '../../services/conciliacaoOfx/linhasExtrato.ts';
import { runScreenTool } from '../../services/screenTools/runScreenTool.ts';
import { errorResponses } from '../errorResponses.ts';
import {
  conciliarBody,
  importarBody,
  importarBodyLimit,
  importarResponse,
  linhaParams,
  linhaResponse,
  linhasQuery,
  linhasResponse,
} from './conciliacaoExtratoSchemas.ts';
import {
  baixasBody,
  baixasResponse,
  contasResponse,
  sugestoesBody,
  sugestoesResponse,
} from './conciliacaoOfxSchemas.ts';

/** The menu entry's key (Financeiro › Conciliação OFX). */
const KEY = 'FINANCEIRO_CONCILIACAO_OFX';
const tags = ['Lancamentos'];

/**
 * Conciliação OFX: the statement is parsed in the browser (runtime/core/parseOfx); the server suggests
 * the open receitas/despesas each line settles and creates the baixas of the confirmed ones. Behind the
 * screen's own key; branch-scoped like lançamentos, baixas and contas.
 */
export async function conciliacaoOfxRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/Lancamentos/conciliacao-ofx/contas',
    {
      schema: {
        operationId: 'lancamentosConciliacaoOfxContas',
        tags,
        summary: 'Contas ativas da filial para a conciliação OFX',
        response: { 200: contasResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      runScreenTool(
        app,
        request,
        { key: KEY, level: PermissionLevel.VISUALIZAR, entityName: 'baixa' },
        (context) => reconciliationAccounts(context),
      ),
  );

  app.post(
    '/api/Lancamentos/conciliacao-ofx/sugestoes',
    {
      schema: {
        operationId: 'lancamentosConciliacaoOfxSugestoes',
        tags,
        summary:
          'Para cada transação do extrato: se já foi conciliada e os lançamentos em aberto que ela pode baixar',
        body: sugestoesBody,
        response: { 200: sugestoesResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { contaId, transacoes } = request.body as { contaId: number; transacoes: StatementLine[] };
      return runScreenTool(
        app,
        request,
        { key: KEY, level: PermissionLevel.VISUALIZAR, entityName: 'baixa' },
        (context) => suggestReconciliation(context, contaId, transacoes),
      );
    },
  );

  app.post(
    '/api/Lancamentos/conciliacao-ofx/baixas',
    {
      schema: {
        operationId: 'lancamentosConciliacaoOfxBaixas',
        tags,
        summary: 'Cria as baixas das transações confirmadas (uma transação do banco de dados; tudo ou nada)',
        body: baixasBody,
        response: { 200: baixasResponse, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request) => {
      const { contaId, itens } = request.body as { contaId: number; itens: ReconcileItem[] };
      return runScreenTool(
        app,
        request,
        { key: KEY, level: PermissionLevel.CRIAR, entityName: 'baixa' },
        (context) => reconcile(context, contaId, itens),
      );
    },
  );

  app.post(
    '/api/Lancamentos/conciliacao-ofx/importar',
    {
      bodyLimit: importarBodyLimit,
      schema: {
        operationId: 'lancamentosConciliacaoOfxImportar',
        tags,
        summary:
          'Importa um arquivo OFX na conta: linhas novas pendentes (reimportar não duplica) e a conferência do saldo',
        body: importarBody,
        response: { 200: importarResponse, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) =>
      runScreenTool(
        app,
        request,
        { key: KEY, level: PermissionLevel.CRIAR, entityName: 'extratoLinha' },
        (context) => importarExtrato(context, request.body as ImportarExtratoInput),
      ),
  );

  app.get(
    '/api/Lancamentos/conciliacao-ofx/linhas',
    {
      schema: {
        operationId: 'lancamentosConciliacaoOfxLinhas',
        tags,
        summary:
          'Linhas importadas da conta (mais recentes primeiro) e, nas pendentes, os candidatos pontuados',
        querystring: linhasQuery,
        response: { 200: linhasResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      runScreenTool(
        app,
        request,
        { key: KEY, level: PermissionLevel.VISUALIZAR, entityName: 'extratoLinha' },
        (context) =>
          linhasExtrato(context, request.query as { contaId: number; situacao?: number; dias?: number }),
      ),
  );

  app.post(
    '/api/Lancamentos/conciliacao-ofx/linhas/:id/ignorar',
    {
      schema: {
        operationId: 'lancamentosConciliacaoOfxIgnorar',
        tags,
        summary: 'Ignora uma linha pendente do extrato',
        params: linhaParams,
        response: { 200: linhaResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      runScreenTool(
        app,
        request,
        { key: KEY, level: PermissionLevel.CRIAR, entityName: 'extratoLinha' },
        (context) => ignorarLinha(context, (request.params as { id: number }).id),
      ),
  );

  app.post(
    '/api/Lancamentos/conciliacao-ofx/linhas/:id/conciliar',
    {
      schema: {
        operationId: 'lancamentosConciliacaoOfxConciliar',
        tags,
        summary:
          'Concilia uma linha: movimentos existentes, baixa de títulos (diferença em juros ou desconto) e/ou um movimento novo; a soma é o valor da linha',
        params: linhaParams,
        body: conciliarBody,
        response: { 200: linhaResponse, ...errorResponses(400, 401, 403, 404, 409, 422) },
      },
    },
    async (request) =>
      runScreenTool(
        app,
        request,
        { key: KEY, level: PermissionLevel.CRIAR, entityName: 'extratoLinha' },
        (context) =>
          conciliarLinha(context, (request.params as { id: number }).id, request.body as ConciliarInput),
      ),
  );

  app.post(
    '/api/Lancamentos/conciliacao-ofx/linhas/:id/desfazer',
    {
      schema: {
        operationId: 'lancamentosConciliacaoOfxDesfazer',
        tags,
        summary:
          'Desfaz a conciliação (os movimentos ficam, desligados da linha; títulos baixados continuam pagos) ou o ignorar',
        params: linhaParams,
        response: { 200: linhaResponse, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      runScreenTool(
        app,
        request,
        { key: KEY, level: PermissionLevel.CRIAR, entityName: 'extratoLinha' },
        (context) => desfazerLinha(context, (request.params as { id: number }).id),
      ),
  );
}
