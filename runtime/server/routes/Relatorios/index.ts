import type { FastifyInstance } from 'fastify';
import { PROCESSING_STATUS } from '../../../core/constants.ts';
import { HttpError } from '../../errors.ts';
import { requirePermission, requireUser } from '../../plugins/auth.ts';
import { countRelatorios } from '../../services/countRelatorios.ts';
import { findRelatorios } from '../../services/findRelatorios.ts';
import { reportFileName } from '../../services/reportFileName.ts';
import {
  REPORT_EXPORT_LEVEL,
  type ReportExportRequest,
  startReportExport,
} from '../../services/reports/startReportExport.ts';
import {
  countSchema,
  exportarBody,
  exportarErrorResponses,
  relatorioErrorResponses,
  relatorioFileQuery,
  relatorioFilterQuery,
  relatorioIdParams,
  relatorioSchema,
  relatorioWhereQuery,
} from './schemas.ts';

const CONTENT_TYPES = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

const notFound = (id: number) =>
  new HttpError(404, 'RELATORIO_NAO_ENCONTRADO', `Relatório ${id} não encontrado.`);

/** Relatorios: the signed-in user's exported reports (the reports dialog) and their files. */
export async function relatoriosRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(relatorioSchema);
  const tenantOf = (auth: { empresaId: number; usuarioId: number }) => ({
    empresaId: auth.empresaId,
    usuarioId: auth.usuarioId,
  });

  app.get(
    '/api/Relatorios',
    {
      schema: {
        operationId: 'relatoriosFind',
        tags: ['Relatorios'],
        summary: 'Relatórios exportados pelo usuário da sessão (padrão: mais recentes primeiro)',
        querystring: relatorioFilterQuery,
        response: { 200: { type: 'array', items: { $ref: 'Relatorio#' } }, ...relatorioErrorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { filter } = request.query as { filter?: string };
      return app.db.withTenant(tenantOf(auth), (tx) => findRelatorios(tx, auth.usuarioId, filter));
    },
  );

  app.get(
    '/api/Relatorios/count',
    {
      schema: {
        operationId: 'relatoriosCount',
        tags: ['Relatorios'],
        summary: 'Quantos relatórios exportados do usuário da sessão atendem ao where',
        querystring: relatorioWhereQuery,
        response: { 200: countSchema, ...relatorioErrorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { where } = request.query as { where?: string };
      const count = await app.db.withTenant(tenantOf(auth), (tx) =>
        countRelatorios(tx, auth.usuarioId, where),
      );
      return { count };
    },
  );

  app.post(
    '/api/Relatorios/exportar',
    {
      schema: {
        operationId: 'relatoriosExportar',
        tags: ['Relatorios'],
        summary:
          'Inicia a exportação de um relatório (pdf ou xlsx) em segundo plano; 406 se o mesmo já está sendo processado',
        description:
          "Responde o registro criado (status 0 Processando). Ao terminar, o evento '<evento>-<tipo>' chega ao usuário pelo websocket e o arquivo fica em url.",
        body: exportarBody,
        response: { 200: { $ref: 'Relatorio#' }, ...exportarErrorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      return startReportExport(
        app,
        { id: request.tenant.id, schemas: request.tenant.schemas },
        auth,
        request.body as ReportExportRequest,
        (key) => requirePermission(request, key, REPORT_EXPORT_LEVEL),
      );
    },
  );

  app.delete(
    '/api/Relatorios/:id',
    {
      schema: {
        operationId: 'relatoriosDeleteById',
        tags: ['Relatorios'],
        summary: 'Exclui um relatório exportado do usuário da sessão (e o seu arquivo)',
        params: relatorioIdParams,
        response: { 200: countSchema, ...relatorioErrorResponses },
      },
    },
    async (request) => {
      const auth = requireUser(request);
      const { id } = request.params as { id: number };
      const deleted = await app.db.withTenant(tenantOf(auth), (tx) =>
        tx.query('DELETE FROM relatorio WHERE id = $1 AND usuario_id = $2 RETURNING id', [
          id,
          auth.usuarioId,
        ]),
      );
      if (deleted.length === 0) throw notFound(id);
      return { count: 1 };
    },
  );

  app.get(
    '/api/Relatorios/:id/arquivo',
    {
      schema: {
        operationId: 'relatoriosArquivo',
        tags: ['Relatorios'],
        summary:
          'Arquivo de um relatório finalizado (pdf aberto no navegador, xlsx baixado); 404 enquanto processa',
        params: relatorioIdParams,
        querystring: relatorioFileQuery,
        response: {
          200: {
            description: 'O arquivo do relatório',
            content: Object.fromEntries(
              Object.values(CONTENT_TYPES).map((type) => [
                type,
                { schema: { type: 'string', format: 'binary' } },
              ]),
            ),
          },
          302: { description: 'Arquivo guardado em outro endereço', type: 'null' },
          ...relatorioErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const auth = requireUser(request);
      const { id } = request.params as { id: number };
      const row = await app.db.withTenant(tenantOf(auth), (tx) =>
        tx.maybeOne<{
          descricao: string;
          tipo: 'pdf' | 'xlsx';
          status: number;
          arquivo: Buffer | null;
          url: string | null;
          erro: string | null;
        }>(
          'SELECT descricao, tipo, status, arquivo, url, erro FROM relatorio WHERE id = $1 AND usuario_id = $2',
          [id, auth.usuarioId],
        ),
      );
      if (!row) throw notFound(id);
      if (row.status === PROCESSING_STATUS.PROCESSANDO) {
        throw new HttpError(404, 'RELATORIO_PROCESSANDO', 'O relatório ainda está sendo processado.');
      }
      if (row.status === PROCESSING_STATUS.ERRO) {
        throw new HttpError(404, 'RELATORIO_COM_ERRO', row.erro ?? 'Erro ao gerar o relatório.');
      }
      if (!row.arquivo) {
        if (row.url) return reply.redirect(row.url);
        throw new HttpError(
          404,
          'RELATORIO_SEM_ARQUIVO',
          'O arquivo deste relatório não está mais disponível.',
        );
      }
      const disposition = row.tipo === 'pdf' ? 'inline' : 'attachment';
      reply.headers({
        'content-disposition': `${disposition}; ${reportFileName(row.descricao, row.tipo)}`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
      return reply.type(CONTENT_TYPES[row.tipo]).send(row.arquivo);
    },
  );
}
