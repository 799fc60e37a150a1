import type { FastifyInstance } from 'fastify';
import { escapeLike } from '../../../core/escapeLike.ts';
import { HttpError } from '../../errors.ts';
import { requirePlatformStaff, requireUser } from '../../plugins/auth.ts';
import { throwIfLineErrors } from '../../services/ibpt/lineErrors.ts';
import { CEST_COLUMNS, type CestRow, parseCest } from '../../services/ibpt/parseCest.ts';
import { readCsvUploadInWorker } from '../../workers/uploadParsers.ts';
import { fileName, MAX_CSV_BYTES, uploadedBytes } from './csvUpload.ts';
import { importerName } from './importerName.ts';
import {
  cestImportQuery,
  cestPorNcmQuery,
  cestSearchQuery,
  csvBody,
  ibptErrorResponses,
  ibptUploadErrorResponses,
  pageOf,
} from './schemas.ts';

const tags = ['Ibpt'];
const BATCH = 5000;
const CEST_COLUMNS_SQL = 'cest, ncm, descricao, segmento, item';
const IMPORTACAO_COLUMNS = `arquivo, linhas, cests, (SELECT count(*)::int FROM ibpt_cest) AS ncms,
  importado_em AS "importadoEm", importado_por AS "importadoPor"`;

/**
 * Ibpt › CEST: the CEST table of Convênio ICMS 142/2018 (CEST × NCM/SH). Platform staff imports the file
 * (replacing the whole table), sees the last import and searches; any signed-in user reads the CESTs of an
 * NCM (GET /api/Ibpt/cest?ncm=…), e.g. for the product form.
 */
export async function ibptCestRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/Ibpt/cest/importar',
    {
      bodyLimit: MAX_CSV_BYTES,
      schema: {
        operationId: 'ibptCestImportar',
        tags,
        summary:
          'Importa a tabela CEST (corpo = CSV cest;ncm;descricao[;segmento;item], até 10 MB): tudo ou nada, substitui a tabela; equipe da plataforma',
        querystring: cestImportQuery,
        body: csvBody,
        response: { 200: { $ref: 'IbptCestImportacao#' }, ...ibptUploadErrorResponses },
      },
    },
    async (request) => {
      const user = requirePlatformStaff(request);
      const arquivo = fileName((request.query as { arquivo?: string }).arquivo);
      const { lines } = await readCsvUploadInWorker(uploadedBytes(request), CEST_COLUMNS);
      const { rows, erros, cests } = parseCest(lines);
      throwIfLineErrors(erros);
      return app.db.withSystem(async (tx) => {
        await tx.query('DELETE FROM ibpt_cest');
        for (let start = 0; start < rows.length; start += BATCH) {
          const batch = rows.slice(start, start + BATCH);
          const column = <K extends keyof CestRow>(key: K) => batch.map((row) => row[key]);
          await tx.query(
            `INSERT INTO ibpt_cest (cest, ncm, descricao, segmento, item, linha)
             SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::int[])`,
            [
              column('cest'),
              column('ncm'),
              column('descricao'),
              column('segmento'),
              column('item'),
              column('linha'),
            ],
          );
        }
        const nome = await importerName(tx, user.usuarioId);
        await tx.query(
          `INSERT INTO ibpt_cest_importacao (id, arquivo, linhas, cests, importado_em, importado_por_id, importado_por)
           VALUES (true, $1, $2, $3, now(), $4, $5)
           ON CONFLICT (id) DO UPDATE SET arquivo = EXCLUDED.arquivo, linhas = EXCLUDED.linhas,
             cests = EXCLUDED.cests, importado_em = now(), importado_por_id = EXCLUDED.importado_por_id,
             importado_por = EXCLUDED.importado_por`,
          [arquivo, lines.length, cests, user.usuarioId, nome],
        );
        return tx.one(`SELECT ${IMPORTACAO_COLUMNS} FROM ibpt_cest_importacao`);
      });
    },
  );

  app.get(
    '/api/Ibpt/cest/importacao',
    {
      schema: {
        operationId: 'ibptCestImportacao',
        tags,
        summary:
          'A última importação da tabela CEST (importacao null enquanto nenhuma foi feita); equipe da plataforma',
        response: {
          200: {
            type: 'object',
            required: ['importacao'],
            properties: { importacao: { anyOf: [{ $ref: 'IbptCestImportacao#' }, { type: 'null' }] } },
          },
          ...ibptErrorResponses,
        },
      },
    },
    async (request) => {
      requirePlatformStaff(request);
      const row = await app.db.withSystem((tx) =>
        tx.maybeOne(`SELECT ${IMPORTACAO_COLUMNS} FROM ibpt_cest_importacao`),
      );
      return { importacao: row ?? null };
    },
  );

  app.get(
    '/api/Ibpt/cest/busca',
    {
      schema: {
        operationId: 'ibptCestBuscar',
        tags,
        summary:
          'Busca na tabela CEST por início do CEST ou do NCM, ou parte da descrição; equipe da plataforma',
        querystring: cestSearchQuery,
        response: { 200: pageOf('IbptCest'), ...ibptErrorResponses },
      },
    },
    async (request) => {
      requirePlatformStaff(request);
      const query = request.query as { busca?: string; skip: number; limit: number };
      const busca = (query.busca ?? '').trim();
      const digits = busca.replaceAll('.', '');
      const params: unknown[] = [];
      let where = 'true';
      if (/^\d+$/.test(digits)) {
        // A full NCM also finds the CESTs whose shorter NCM/SH position covers it.
        params.push(`${digits}%`, digits);
        where = `(cest LIKE $1 OR ncm LIKE $1 OR (length($2) = 8 AND $2 LIKE ncm || '%'))`;
      } else if (busca) {
        params.push(`%${escapeLike(busca)}%`);
        where = '(descricao ILIKE $1 OR segmento ILIKE $1)';
      }
      return app.db.withSystem(async (tx) => {
        const { total } = await tx.one<{ total: number }>(
          `SELECT count(*)::int AS total FROM ibpt_cest WHERE ${where}`,
          params,
        );
        const itens = await tx.query(
          `SELECT ${CEST_COLUMNS_SQL} FROM ibpt_cest WHERE ${where} ORDER BY cest, linha, ncm
           OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
          [...params, query.skip, query.limit],
        );
        return { total, itens };
      });
    },
  );

  app.get(
    '/api/Ibpt/cest',
    {
      schema: {
        operationId: 'ibptCestPorNcm',
        tags,
        summary:
          'CESTs que abrangem um NCM (posições NCM/SH iguais ou que são início dele), da mais específica para a mais geral; qualquer usuário',
        querystring: cestPorNcmQuery,
        response: { 200: { type: 'array', items: { $ref: 'IbptCest#' } }, ...ibptErrorResponses },
      },
    },
    async (request) => {
      requireUser(request);
      const text = (request.query as { ncm?: string }).ncm ?? '';
      const ncm = text.trim().replaceAll('.', '');
      if (!ncm)
        throw new HttpError(400, 'NCM_OBRIGATORIO', 'Informe o NCM (parâmetro "ncm"), ex.: 2201.10.00.', {
          fields: [{ campo: 'ncm', mensagem: 'obrigatório' }],
        });
      if (!/^\d{2,8}$/.test(ncm))
        throw new HttpError(
          400,
          'NCM_INVALIDO',
          `NCM inválido: "${text}". Informe de 2 a 8 dígitos, ex.: 2201.10.00.`,
          {
            fields: [{ campo: 'ncm', mensagem: 'NCM inválido' }],
          },
        );
      return app.db.withSystem((tx) =>
        tx.query(
          `SELECT ${CEST_COLUMNS_SQL} FROM ibpt_cest WHERE $1 LIKE ncm || '%'
           ORDER BY length(ncm) DESC, cest, linha`,
          [ncm],
        ),
      );
    },
  );
}
