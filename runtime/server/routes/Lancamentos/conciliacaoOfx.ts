import type { FastifyInstance } from 'fastify';
import { PermissionLevel } from '../../../core/types.ts';
import { desfazerLinha, ignorarLinha } from '../../services/conciliacaoOfx/acoesLinha.ts';
import { type ConciliarInput, conciliarLinha } from '../../services/conciliacaoOfx/conciliarLinha.ts';
import { contasConciliacao } from '../../services/conciliacaoOfx/contasConciliacao.ts';
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
import { contasResponse } from './conciliacaoOfxSchemas.ts';
import { runFinanceiroPosting } from './financeiroPostings.ts';

/** The menu entry's key (Financeiro › Conciliação OFX). */
const KEY = 'FINANCEIRO_CONCILIACAO_OFX';
const tags = ['Lancamentos'];

/**
 * Conciliação OFX (flows.md §2): the server imports an OFX file into an account (extrato_linha, deduped),
 * lists its lines with ranked candidates, and reconciles a line with movements / baixas of titles / a new
 * movement (the finance postings, events emitted after the commit), ignores it or undoes it. Behind the
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
        (context) => contasConciliacao(context),
      ),
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
    async (request, reply) =>
      runFinanceiroPosting(
        app,
        request,
        reply,
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
