import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PermissionLevel } from '../../../core/types.ts';
import { runScreenTool, type ScreenToolContext } from '../../services/screenTools/runScreenTool.ts';
import {
  arquivoExportacaoXml,
  type PedidoExportacaoXml,
  previaExportacaoXml,
} from '../../services/xmlNfe/exportacaoXml.ts';
import { errorResponses } from '../errorResponses.ts';
import { exportacaoXmlBody, exportacaoXmlPreviaResponse } from './schemas.ts';

/** The menu entry's key (Exportações › Exportar XML), also the accountant's landing page. */
const KEY = 'NFE_EXPORTAR_XML';
const tags = ['XmlNfe'];

/**
 * NF-e › Exportar XML: reading the stored XMLs is all it does, so the key at VISUALIZAR previews and
 * downloads. The ZIP is sent as bytes (application/zip), not base64 in JSON: a month of NFC-e is large.
 */
export async function exportarXmlRoutes(app: FastifyInstance): Promise<void> {
  const run = <T>(
    request: FastifyRequest,
    fn: (context: ScreenToolContext, pedido: PedidoExportacaoXml) => Promise<T>,
  ) => {
    const body = request.body as PedidoExportacaoXml;
    const pedido: PedidoExportacaoXml = { ...body, situacao: body.situacao ?? 'autorizadas' };
    return runScreenTool(
      app,
      request,
      { key: KEY, level: PermissionLevel.VISUALIZAR, entityName: 'notaFiscal' },
      (context) => fn(context, pedido),
    );
  };

  app.post(
    '/api/XmlNfe/exportar/previa',
    {
      schema: {
        operationId: 'xmlNfeExportarPrevia',
        tags,
        summary: 'Exportar XML: documentos do período por tipo e os que não têm XML armazenado',
        body: exportacaoXmlBody,
        response: { 200: exportacaoXmlPreviaResponse, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => run(request, previaExportacaoXml),
  );

  app.post(
    '/api/XmlNfe/exportar/arquivo',
    {
      schema: {
        operationId: 'xmlNfeExportarArquivo',
        tags,
        summary: 'Exportar XML: o ZIP XML-NFe-<CNPJ>-<AAAAMM>.zip com um <chave>-nfe.xml por documento',
        body: exportacaoXmlBody,
        response: {
          200: {
            description: 'O arquivo ZIP',
            content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const arquivo = await run(request, arquivoExportacaoXml);
      return reply
        .type('application/zip')
        .header('content-disposition', `attachment; filename="${arquivo.nomeArquivo}"`)
        .header('x-documentos-exportados', String(arquivo.exportados))
        .header('x-documentos-sem-xml', String(arquivo.semXml))
        .send(arquivo.conteudo);
    },
  );
}
