import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PermissionLevel } from '../../../core/types.ts';
import { HttpError } from '../../errors.ts';
import { type OpcoesXml, previaNotaFiscal, xmlNotaFiscal } from '../../fiscal/emissaoNotaFiscal.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { errorResponses } from '../errorResponses.ts';
import { idParams } from '../records/recordRouteSchemas.ts';
import { modeloQuery, previaResponse, xmlBody, xmlResponse } from './schemas.ts';
import { notasFiscaisTransmissaoRoutes } from './transmissao.ts';

const tags = ['NotasFiscais'];
/** Permission of NF-e › Notas processadas (entity notaFiscal). */
const PERMISSAO = 'NFE_NOTAS_PROCESSADAS';

function escopo(request: FastifyRequest, level: number) {
  const auth = requirePermission(request, PERMISSAO, level);
  if (!auth.filialId)
    throw new HttpError(400, 'FILIAL_NAO_SELECIONADA', 'Selecione a filial emitente para ver a nota fiscal.');
  return { empresaId: auth.empresaId, filialId: auth.filialId, usuarioId: auth.usuarioId };
}

/**
 * Emission preview of a nota fiscal of the selected branch (issue 17): the tax engine's result per item
 * and the totals, and the signed XML validated against the official schemas; nothing is stored or sent
 * by these two (emitir and the other SEFAZ routes are in transmissao.ts and call the same services).
 * Registered before the generic records API, whose NotasFiscais routes stay as they are.
 */
export async function notasFiscaisEmissaoRoutes(app: FastifyInstance): Promise<void> {
  await notasFiscaisTransmissaoRoutes(app);
  app.post(
    '/api/NotasFiscais/:id/previa',
    {
      schema: {
        operationId: 'notasFiscaisPrevia',
        tags,
        summary:
          'Prévia dos tributos da nota: por item CFOP, ICMS (próprio, ST, DIFAL e FCP), IPI, PIS, COFINS, IBS/CBS e tributos aproximados, e os totais',
        params: idParams,
        querystring: modeloQuery,
        response: { 200: previaResponse, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const scope = escopo(request, PermissionLevel.VISUALIZAR);
      const { id } = request.params as { id: number };
      const { modelo } = request.query as { modelo?: 55 | 65 };
      const previa = await app.db.withTenant(scope, (tx) => previaNotaFiscal(app.db, tx, scope, id, modelo), {
        readOnly: true,
      });
      const { idDest, consumidorFinal, itens, totais } = previa.tributos;
      return {
        modelo: previa.modelo,
        idDest,
        consumidorFinal,
        itens: itens.map((item, index) => ({ ...previa.itens[index]!, ...item })),
        totais,
      };
    },
  );

  app.post(
    '/api/NotasFiscais/:id/xml',
    {
      schema: {
        operationId: 'notasFiscaisXml',
        tags,
        summary:
          'Monta, assina com o certificado A1 da filial e valida no schema oficial o XML da nota (homologação por padrão); não transmite nem grava',
        params: idParams,
        body: xmlBody,
        response: { 200: xmlResponse, ...errorResponses(400, 401, 403, 404, 422, 503) },
      },
    },
    async (request) => {
      const scope = escopo(request, PermissionLevel.ALTERAR);
      const { id } = request.params as { id: number };
      const opcoes = (request.body ?? {}) as OpcoesXml;
      return xmlNotaFiscal(app.db, scope, id, app.config.dataDir, opcoes);
    },
  );
}
