import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PermissionLevel } from '../../../core/types.ts';
import { HttpError } from '../../errors.ts';
import {
  cancelarNotaFiscal,
  cartaCorrecaoNotaFiscal,
  inutilizarNumeracao,
  manifestarNota,
  nfeProcDaNota,
  type PedidoInutilizacao,
  sincronizarManifestacoes,
  statusServico,
  transmissoesDaNota,
} from '../../fiscal/eventosNotaFiscal.ts';
import {
  consultarNotaFiscal,
  emitirNotaFiscal,
  type ServicosTransmissao,
} from '../../fiscal/transmissaoNotaFiscal.ts';
import { requirePermission } from '../../plugins/auth.ts';
import { errorResponses } from '../errorResponses.ts';
import { idParams } from '../records/recordRouteSchemas.ts';
import {
  cancelarBody,
  cartaCorrecaoBody,
  emitirBody,
  estadoNotaResponse,
  eventoResponse,
  inutilizarBody,
  inutilizarResponse,
  manifestarBody,
  manifestarResponse,
  sincronizarResponse,
  statusServicoQuery,
  statusServicoResponse,
  transmissoesResponse,
} from './transmissaoSchemas.ts';

const tags = ['NotasFiscais'];
/** Permission of NF-e › Notas processadas (entity notaFiscal), as /previa and /xml. */
const PERMISSAO = 'NFE_NOTAS_PROCESSADAS';
/** Permission of NF-e › Manifestações (entity manifestacao). */
const PERMISSAO_MANIFESTACAO = 'NFE_MANIFESTACOES';
/** Permission of NF-e › Inutilizações (entity inutilizacao). */
const PERMISSAO_INUTILIZACAO = 'NFE_INUTILIZACOES';

function escopo(request: FastifyRequest, level: number, permissao = PERMISSAO) {
  const auth = requirePermission(request, permissao, level);
  if (!auth.filialId)
    throw new HttpError(400, 'FILIAL_NAO_SELECIONADA', 'Selecione a filial emitente da nota fiscal.');
  return { empresaId: auth.empresaId, filialId: auth.filialId, usuarioId: auth.usuarioId };
}

/**
 * The SEFAZ side of the notas fiscais (issue 17): emitir (build, sign, validate, number, send), consultar,
 * cancelar, carta de correção, the request/answer log and the authorised XML of one nota; inutilizar a
 * gap of numbers and the authorizer's status for the selected branch. Every answer carries situação,
 * cStat, xMotivo, protocolo and chave for the screen to show.
 */
export async function notasFiscaisTransmissaoRoutes(app: FastifyInstance): Promise<void> {
  const servicos = (): ServicosTransmissao => ({
    db: app.db,
    config: app.config,
    schemas: app.tenants.schemaFiles,
    ...(app.jobs ? { jobs: app.jobs } : {}),
    ...(app.webhookOutbox ? { webhookOutbox: app.webhookOutbox } : {}),
    ...(app.realtime ? { realtime: app.realtime } : {}),
    log: app.log,
  });

  app.post(
    '/api/NotasFiscais/:id/emitir',
    {
      schema: {
        operationId: 'notasFiscaisEmitir',
        tags,
        summary:
          'Emite a nota: monta, assina, valida no schema oficial, numera e transmite à SEFAZ (NFC-e síncrona, NF-e em lote consultado por job); sem resposta da SEFAZ entra em contingência (SVC para NF-e, offline para NFC-e) se a filial permitir',
        params: idParams,
        body: emitirBody,
        response: { 200: estadoNotaResponse, ...errorResponses(400, 401, 403, 404, 409, 422, 503) },
      },
    },
    async (request) => {
      const scope = escopo(request, PermissionLevel.ALTERAR);
      const { id } = request.params as { id: number };
      const body = (request.body ?? {}) as { modelo?: 55 | 65; versaoQrCode?: 2 | 3 };
      return emitirNotaFiscal(servicos(), scope, id, body);
    },
  );

  app.post(
    '/api/NotasFiscais/:id/consultar',
    {
      schema: {
        operationId: 'notasFiscaisConsultar',
        tags,
        summary:
          'Consulta a nota na SEFAZ: o recibo do lote em processamento, a retransmissão de uma nota em contingência ou sem resposta, ou o protocolo pela chave',
        params: idParams,
        response: { 200: estadoNotaResponse, ...errorResponses(400, 401, 403, 404, 409, 422, 503) },
      },
    },
    async (request) => {
      const scope = escopo(request, PermissionLevel.ALTERAR);
      const { id } = request.params as { id: number };
      return consultarNotaFiscal(servicos(), scope, id);
    },
  );

  app.post(
    '/api/NotasFiscais/:id/cancelar',
    {
      schema: {
        operationId: 'notasFiscaisCancelar',
        tags,
        summary:
          'Cancela a nota autorizada (evento 110111) dentro do prazo legal (NF-e 24 horas, NFC-e 30 minutos) e estorna o estoque e as contas lançados por ela',
        params: idParams,
        body: cancelarBody,
        response: { 200: eventoResponse, ...errorResponses(400, 401, 403, 404, 409, 422, 503) },
      },
    },
    async (request) => {
      const scope = escopo(request, PermissionLevel.ALTERAR);
      const { id } = request.params as { id: number };
      const { justificativa } = request.body as { justificativa: string };
      return cancelarNotaFiscal(servicos(), scope, id, justificativa);
    },
  );

  app.post(
    '/api/NotasFiscais/:id/cartaCorrecao',
    {
      schema: {
        operationId: 'notasFiscaisCartaCorrecao',
        tags,
        summary: 'Carta de correção eletrônica da NF-e autorizada (evento 110110, sequência nSeqEvento)',
        params: idParams,
        body: cartaCorrecaoBody,
        response: { 200: eventoResponse, ...errorResponses(400, 401, 403, 404, 409, 422, 503) },
      },
    },
    async (request) => {
      const scope = escopo(request, PermissionLevel.ALTERAR);
      const { id } = request.params as { id: number };
      const { correcao } = request.body as { correcao: string };
      return cartaCorrecaoNotaFiscal(servicos(), scope, id, correcao);
    },
  );

  app.get(
    '/api/NotasFiscais/:id/transmissoes',
    {
      schema: {
        operationId: 'notasFiscaisTransmissoes',
        tags,
        summary:
          'Cada requisição enviada à SEFAZ sobre a nota e a resposta recebida (ou o erro de transmissão)',
        params: idParams,
        response: { 200: transmissoesResponse, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = escopo(request, PermissionLevel.VISUALIZAR);
      const { id } = request.params as { id: number };
      return transmissoesDaNota(servicos(), scope, id);
    },
  );

  app.get(
    '/api/NotasFiscais/:id/nfeProc',
    {
      schema: {
        operationId: 'notasFiscaisNfeProc',
        tags,
        summary: 'O XML autorizado da nota (nfeProc: NFe assinada e protocolo da SEFAZ), para baixar',
        params: idParams,
        response: {
          200: {
            description: 'O arquivo <chave>-procNFe.xml',
            content: { 'application/xml': { schema: { type: 'string' } } },
          },
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const scope = escopo(request, PermissionLevel.VISUALIZAR);
      const { id } = request.params as { id: number };
      const { xml, arquivo } = await nfeProcDaNota(servicos(), scope, id);
      return reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${arquivo}"`)
        .send(xml);
    },
  );

  app.post(
    '/api/NotasFiscais/inutilizar',
    {
      schema: {
        operationId: 'notasFiscaisInutilizar',
        tags,
        summary:
          'Inutiliza uma faixa de números não usados da filial (modelo, série, número inicial e final, justificativa de 15 a 255 caracteres)',
        body: inutilizarBody,
        response: { 200: inutilizarResponse, ...errorResponses(400, 401, 403, 409, 422, 503) },
      },
    },
    async (request) => {
      const scope = escopo(request, PermissionLevel.CRIAR, PERMISSAO_INUTILIZACAO);
      return inutilizarNumeracao(servicos(), scope, request.body as PedidoInutilizacao);
    },
  );

  app.get(
    '/api/NotasFiscais/statusServico',
    {
      schema: {
        operationId: 'notasFiscaisStatusServico',
        tags,
        summary: 'Status do serviço de autorização da SEFAZ da filial (107 em operação)',
        querystring: statusServicoQuery,
        response: { 200: statusServicoResponse, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => {
      const scope = escopo(request, PermissionLevel.VISUALIZAR);
      const { filialId, modelo } = request.query as { filialId?: number; modelo?: 55 | 65 };
      if (filialId !== undefined && filialId !== scope.filialId)
        throw new HttpError(
          400,
          'FILIAL_NAO_SELECIONADA',
          'Selecione a filial para consultar o status da SEFAZ dela.',
        );
      return statusServico(servicos(), scope, modelo ?? 55);
    },
  );

  app.post(
    '/api/Manifestacoes/:id/manifestar',
    {
      schema: {
        operationId: 'manifestacoesManifestar',
        tags: ['Manifestacoes'],
        summary:
          'Manifestação do destinatário da NF-e recebida (210200 confirmação, 210210 ciência, 210220 desconhecimento, 210240 operação não realizada com justificativa), enviada ao Ambiente Nacional',
        params: idParams,
        body: manifestarBody,
        response: { 200: manifestarResponse, ...errorResponses(400, 401, 403, 404, 422, 503) },
      },
    },
    async (request) => {
      const scope = escopo(request, PermissionLevel.ALTERAR, PERMISSAO_MANIFESTACAO);
      const { id } = request.params as { id: number };
      const { evento, justificativa } = request.body as { evento: number; justificativa?: string };
      return manifestarNota(servicos(), scope, id, evento, justificativa);
    },
  );

  app.post(
    '/api/Manifestacoes/sincronizar',
    {
      schema: {
        operationId: 'manifestacoesSincronizar',
        tags: ['Manifestacoes'],
        summary:
          'Busca no Ambiente Nacional (Distribuição DF-e) as NF-e emitidas contra a filial desde o último NSU e as lista para manifestação',
        response: { 200: sincronizarResponse, ...errorResponses(400, 401, 403, 422, 503) },
      },
    },
    async (request) => {
      const scope = escopo(request, PermissionLevel.CRIAR, PERMISSAO_MANIFESTACAO);
      return sincronizarManifestacoes(servicos(), scope);
    },
  );
}
