import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { PROCESSING_STATUS } from '../../../core/constants.ts';
import { HttpError } from '../../errors.ts';
import { requireUser } from '../../plugins/auth.ts';
import {
  EXPORTACAO_SELECT,
  type ExportacaoEmpresa,
} from '../../services/exportacaoEmpresa/exportacaoRecords.ts';
import {
  requireExportableEmpresa,
  startCompanyExport,
} from '../../services/exportacaoEmpresa/startCompanyExport.ts';
import { errorResponses } from '../errorResponses.ts';
import { empresaParams, exportacaoEmpresaSchema, exportacaoParams } from './schemas.ts';

const tags = ['Empresas'];

/**
 * A company's data export (README "Exportar os dados de uma empresa"): start one, list them, download
 * the ZIP. Only the company's master users and platform staff (canExportEmpresa), on every route.
 */
export async function empresasExportacaoRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(exportacaoEmpresaSchema);

  app.get(
    '/api/Empresas/:id/exportacoes',
    {
      schema: {
        operationId: 'empresasExportacoesFind',
        tags,
        summary: 'Exportações dos dados da empresa (mais recentes primeiro)',
        params: empresaParams,
        response: {
          200: { type: 'array', items: { $ref: 'ExportacaoEmpresa#' } },
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      await requireExportableEmpresa(app.db, requireUser(request), id);
      return app.db.withSystem((tx) =>
        tx.query<ExportacaoEmpresa>(
          `${EXPORTACAO_SELECT} WHERE e.empresa_id = $1 ORDER BY e.id DESC LIMIT 50`,
          [id],
        ),
      );
    },
  );

  app.post(
    '/api/Empresas/:id/exportacoes',
    {
      schema: {
        operationId: 'empresasExportacoesCreate',
        tags,
        summary: 'Inicia a exportação de todos os dados da empresa em segundo plano (ZIP)',
        description:
          "Responde o registro criado (status 0 Processando). O progresso e o fim chegam ao usuário pelo websocket no evento 'exportacao-empresa'; 409 se outra exportação da empresa está em andamento.",
        params: empresaParams,
        response: { 200: { $ref: 'ExportacaoEmpresa#' }, ...errorResponses(401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      return startCompanyExport(app, requireUser(request), id);
    },
  );

  app.get(
    '/api/Empresas/:id/exportacoes/:exportacaoId/arquivo',
    {
      schema: {
        operationId: 'empresasExportacoesArquivo',
        tags,
        summary: 'O ZIP de uma exportação finalizada; 404 enquanto processa',
        params: exportacaoParams,
        response: {
          200: {
            description: 'O arquivo ZIP',
            content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
          },
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { id, exportacaoId } = request.params as { id: number; exportacaoId: number };
      await requireExportableEmpresa(app.db, requireUser(request), id);
      const row = await app.db.withSystem((tx) =>
        tx.maybeOne<{
          status: number;
          bytes: number | null;
          criadoEm: string;
          erro: string | null;
          parts: number;
        }>(
          `SELECT status, bytes, to_char(criado_em, 'YYYYMMDD-HH24MI') AS "criadoEm", erro,
                  (SELECT count(*) FROM exportacao_empresa_parte WHERE exportacao_id = e.id)::int AS parts
             FROM exportacao_empresa e WHERE id = $1 AND empresa_id = $2`,
          [exportacaoId, id],
        ),
      );
      if (!row)
        throw new HttpError(404, 'EXPORTACAO_NAO_ENCONTRADA', `Exportação ${exportacaoId} não encontrada.`);
      if (row.status === PROCESSING_STATUS.PROCESSANDO)
        throw new HttpError(404, 'EXPORTACAO_PROCESSANDO', 'A exportação ainda está sendo processada.');
      if (row.status === PROCESSING_STATUS.ERRO)
        throw new HttpError(404, 'EXPORTACAO_COM_ERRO', row.erro ?? 'Erro ao gerar a exportação.');
      const db = app.db;
      // One 1 MB part in memory at a time, whatever the size of the ZIP.
      async function* parts() {
        for (let numero = 0; numero < row!.parts; numero++) {
          const part = await db.withSystem((tx) =>
            tx.one<{ dados: Buffer }>(
              'SELECT dados FROM exportacao_empresa_parte WHERE exportacao_id = $1 AND numero = $2',
              [exportacaoId, numero],
            ),
          );
          yield part.dados;
        }
      }
      reply.headers({
        'content-disposition': `attachment; filename="empresa-${id}-${row.criadoEm}.zip"`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
        ...(row.bytes !== null ? { 'content-length': String(row.bytes) } : {}),
      });
      return reply.type('application/zip').send(Readable.from(parts()));
    },
  );
}
