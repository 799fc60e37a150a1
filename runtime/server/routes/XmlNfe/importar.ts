import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PermissionLevel } from '../../../core/types.ts';
import { HttpError } from '../../errors.ts';
import { runScreenTool, type ScreenToolContext } from '../../services/screenTools/runScreenTool.ts';
import { analisarXmlEntrada } from '../../services/xmlNfe/analisarXmlEntrada.ts';
import { cancelarPorEvento } from '../../services/xmlNfe/cancelarPorEvento.ts';
import { confirmarImportacao, type PedidoImportacao } from '../../services/xmlNfe/confirmarImportacao.ts';
import { errorResponses } from '../errorResponses.ts';
import {
  cancelamentoBody,
  cancelamentoResponse,
  confirmarImportacaoBody,
  confirmarImportacaoResponse,
  MAX_XML_BYTES,
  previaImportacaoBody,
  previaImportacaoResponse,
  XML_BODY_LIMIT,
} from './schemas.ts';

/** The key of Compras › Entrada de nota fiscal: importing creates entries, so CRIAR. */
const KEY = 'COMPRAS_ENTRADA_NOTA_FISCAL';
const tags = ['XmlNfe'];

/**
 * Compras › Entrada de nota fiscal › Importar XML: a preview that only reads (emitente, fornecedor found
 * or to be registered, totals, items with a suggested produto and entry CFOP) and the confirmation that
 * books it all in one transaction.
 */
export async function importarXmlRoutes(app: FastifyInstance): Promise<void> {
  const run = <T>(
    request: FastifyRequest,
    fn: (context: ScreenToolContext, body: PedidoImportacao) => Promise<T>,
  ) => {
    const body = request.body as PedidoImportacao;
    if (Buffer.byteLength(body.xml) > MAX_XML_BYTES)
      throw new HttpError(
        413,
        'XML_GRANDE_DEMAIS',
        'O arquivo XML passa de 5 MB: envie o XML de uma única NF-e.',
      );
    return runScreenTool(
      app,
      request,
      { key: KEY, level: PermissionLevel.CRIAR, entityName: 'notaEntrada' },
      (context) => fn(context, body),
    );
  };

  app.post(
    '/api/XmlNfe/importar/previa',
    {
      bodyLimit: XML_BODY_LIMIT,
      schema: {
        operationId: 'xmlNfeImportarPrevia',
        tags,
        summary: 'Importar XML da NF-e de entrada: lê e confere o XML, sem gravar nada',
        body: previaImportacaoBody,
        response: { 200: previaImportacaoResponse, ...errorResponses(400, 401, 403, 409, 413) },
      },
    },
    async (request) =>
      run(request, async (context, body) => {
        const { nota, fornecedor, itens, avisos } = await analisarXmlEntrada(context, body.xml, body);
        return {
          chave: nota.chave,
          numero: nota.numero,
          serie: nota.serie,
          dataEmissao: nota.dataEmissao,
          naturezaOperacao: nota.naturezaOperacao,
          protocolo: nota.protocolo?.numero ?? null,
          emitente: nota.emitente,
          fornecedor,
          totais: nota.totais,
          duplicatas: nota.duplicatas,
          divergencias: nota.divergencias,
          itens,
          avisos,
        };
      }),
  );

  app.post(
    '/api/XmlNfe/importar',
    {
      bodyLimit: XML_BODY_LIMIT,
      schema: {
        operationId: 'xmlNfeImportar',
        tags,
        summary:
          'Importar XML da NF-e de entrada: cadastra o fornecedor (se novo) e cria a entrada com os itens e o XML',
        body: confirmarImportacaoBody,
        response: { 200: confirmarImportacaoResponse, ...errorResponses(400, 401, 403, 409, 413) },
      },
    },
    async (request) => run(request, (context, body) => confirmarImportacao(context, body)),
  );

  app.post(
    '/api/XmlNfe/cancelamento',
    {
      bodyLimit: XML_BODY_LIMIT,
      schema: {
        operationId: 'xmlNfeCancelamento',
        tags,
        summary:
          'Evento de cancelamento da NF-e (110111): cancela a entrada da chave, estornando o estoque e as contas a pagar',
        body: cancelamentoBody,
        response: { 200: cancelamentoResponse, ...errorResponses(400, 401, 403, 404, 409, 413, 422) },
      },
    },
    async (request) =>
      runScreenTool(
        app,
        request,
        { key: KEY, level: PermissionLevel.TOTAL, entityName: 'notaEntrada' },
        (context) => cancelarPorEvento(context, (request.body as { xml: string }).xml),
      ),
  );
}
