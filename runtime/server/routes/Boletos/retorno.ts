import type { FastifyInstance } from 'fastify';
import { PermissionLevel } from '../../../core/types.ts';
import { analyzeRetorno } from '../../services/retornoBoleto/analyzeRetorno.ts';
import { applyRetorno } from '../../services/retornoBoleto/applyRetorno.ts';
import { retornoGateways } from '../../services/retornoBoleto/retornoGateways.ts';
import { runScreenTool } from '../../services/screenTools/runScreenTool.ts';
import { errorResponses } from '../errorResponses.ts';
import {
  aplicarResponse,
  gatewaysResponse,
  MAX_RETORNO_BYTES,
  previaResponse,
  retornoBody,
} from './retornoSchemas.ts';

/** The menu entry's key (Configurações › Pagamento › Atualizar transações). */
const KEY = 'CONFIG_ATUALIZAR_TRANSACOES';
const tags = ['Boletos'];
const bodyLimit = Math.ceil(MAX_RETORNO_BYTES / 3) * 4 + 64 * 1024;
type Body = { gatewayBoletoId: number; arquivo: string; conteudo: string };

/**
 * Atualizar transações: the spec only says "Pagamento: gateway-boleto; update transactions". Decision:
 * with a bank-registered boleto agreement the transactions are updated from the bank's return file
 * (arquivo de retorno CNAB 400 or CNAB 240, segmentos T/U), uploaded here — no external service. The
 * server reads the file (so a bad file gets a 400 naming the line), previews each occurrence against the
 * company's boletos of the chosen gateway and applies them all in one transaction. Boletos and gateways are
 * company-wide; the baixas of linked receitas are made in the selected branch.
 */
export async function retornoBoletoRoutes(app: FastifyInstance): Promise<void> {
  app.get(
    '/api/Boletos/retorno/gateways',
    {
      schema: {
        operationId: 'boletosRetornoGateways',
        tags,
        summary: 'Gateways de boleto ativos da empresa, para o arquivo de retorno',
        response: { 200: gatewaysResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      runScreenTool(
        app,
        request,
        { key: KEY, level: PermissionLevel.VISUALIZAR, entityName: 'boleto' },
        (context) => retornoGateways(context),
      ),
  );

  app.post(
    '/api/Boletos/retorno/previa',
    {
      bodyLimit,
      schema: {
        operationId: 'boletosRetornoPrevia',
        tags,
        summary:
          'Lê o arquivo de retorno (CNAB 400/240) e mostra o que cada ocorrência fará, sem gravar nada',
        body: retornoBody,
        response: { 200: previaResponse, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request) => {
      const body = request.body as Body;
      const analysis = await runScreenTool(
        app,
        request,
        { key: KEY, level: PermissionLevel.VISUALIZAR, entityName: 'boleto' },
        (context) => analyzeRetorno(context, body),
      );
      return {
        arquivo: body.arquivo,
        layout: analysis.layout,
        banco: analysis.banco,
        gateway: analysis.gateway.descricao,
        itens: analysis.itens.map(({ identificador: _, efeito: __, receita, ...item }) => ({
          ...item,
          receita: receita ? { id: receita.id, descricao: receita.descricao } : null,
        })),
      };
    },
  );

  app.post(
    '/api/Boletos/retorno/aplicar',
    {
      bodyLimit,
      schema: {
        operationId: 'boletosRetornoAplicar',
        tags,
        summary:
          'Aplica o arquivo de retorno numa transação: boletos, baixas das receitas e transações do gateway; ocorrências já processadas são ignoradas',
        body: retornoBody,
        response: { 200: aplicarResponse, ...errorResponses(400, 401, 403, 409, 413) },
      },
    },
    async (request) =>
      runScreenTool(
        app,
        request,
        { key: KEY, level: PermissionLevel.CRIAR, entityName: 'boleto' },
        (context) => applyRetorno(context, request.body as Body),
      ),
  );
}
