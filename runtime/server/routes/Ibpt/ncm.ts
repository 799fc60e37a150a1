import type { FastifyInstance } from 'fastify';
import { escapeLike } from '../../../core/escapeLike.ts';
import { ufFromIbptFileName } from '../../../core/ufFromIbptFileName.ts';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { requirePlatformStaff, requireUser } from '../../plugins/auth.ts';
import { throwIfLineErrors } from '../../services/ibpt/lineErrors.ts';
import { IBPT_NCM_COLUMNS, type IbptNcmRow, parseIbptNcm } from '../../services/ibpt/parseIbptNcm.ts';
import { readCsvUploadInWorker } from '../../workers/uploadParsers.ts';
import { fileName, MAX_CSV_BYTES, uploadedBytes } from './csvUpload.ts';
import { importerName } from './importerName.ts';
import {
  csvBody,
  ibptErrorResponses,
  ibptUploadErrorResponses,
  ncmCodigoParams,
  ncmCodigoQuery,
  ncmImportQuery,
  ncmSearchQuery,
  pageOf,
  ufParams,
} from './schemas.ts';
import { readUf } from './ufs.ts';

const tags = ['Ibpt'];
const BATCH = 5000;

const TABELA_COLUMNS = `uf, versao, vigencia_inicio::text AS "vigenciaInicio", vigencia_fim::text AS "vigenciaFim",
  chave, fonte, arquivo, linhas, importado_em AS "importadoEm", importado_por AS "importadoPor",
  vigencia_fim < current_date AS vencida`;
const NCM_COLUMNS = `uf, codigo, ex, tipo, descricao, nacional_federal AS "nacionalFederal",
  importados_federal AS "importadosFederal", estadual, municipal, vigencia_inicio::text AS "vigenciaInicio",
  vigencia_fim::text AS "vigenciaFim", current_date BETWEEN vigencia_inicio AND vigencia_fim AS vigente,
  chave, versao, fonte`;

/** Replaces the lines of `uf` by `rows` (the caller's transaction makes it all or nothing). */
async function replaceUf(tx: Tx, uf: string, rows: IbptNcmRow[]): Promise<void> {
  await tx.query('DELETE FROM ibpt_ncm WHERE uf = $1', [uf]);
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch = rows.slice(start, start + BATCH);
    const column = <K extends keyof IbptNcmRow>(key: K) => batch.map((row) => row[key]);
    await tx.query(
      `INSERT INTO ibpt_ncm (uf, codigo, ex, tipo, descricao, nacional_federal, importados_federal, estadual,
         municipal, vigencia_inicio, vigencia_fim, chave, versao, fonte)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::smallint[], $5::text[], $6::numeric[], $7::numeric[],
         $8::numeric[], $9::numeric[], $10::date[], $11::date[], $12::text[], $13::text[], $14::text[])`,
      [
        uf,
        column('codigo'),
        column('ex'),
        column('tipo'),
        column('descricao'),
        column('nacionalFederal'),
        column('importadosFederal'),
        column('estadual'),
        column('municipal'),
        column('vigenciaInicio'),
        column('vigenciaFim'),
        column('chave'),
        column('versao'),
        column('fonte'),
      ],
    );
  }
}

/** Digits of a code typed with dots (0101.21.00 → 01012100); 400 when something else is left. */
function readCodigo(text: string, what: string): string {
  const codigo = text.trim().replaceAll('.', '');
  if (!/^\d{1,9}$/.test(codigo))
    throw new HttpError(
      400,
      'CODIGO_INVALIDO',
      `${what} inválido: "${text}". Informe só dígitos, ex.: 0101.21.00.`,
    );
  return codigo;
}

/**
 * Ibpt › NCM: the IBPT "De Olho no Imposto" table (Lei 12.741/2012) per UF. Platform staff imports a UF's
 * file (replacing that UF), lists what is loaded and searches it; any signed-in user reads the rates of a
 * code for a UF (GET /api/Ibpt/ncm/{codigo}?uf=SP), for the "Valor aproximado dos tributos".
 */
export async function ibptNcmRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/Ibpt/ncm/importar',
    {
      bodyLimit: MAX_CSV_BYTES,
      schema: {
        operationId: 'ibptNcmImportar',
        tags,
        summary:
          'Importa a tabela IBPT de uma UF (corpo = arquivo CSV do IBPT, até 10 MB): tudo ou nada, substitui as linhas da UF; equipe da plataforma',
        querystring: ncmImportQuery,
        body: csvBody,
        response: { 200: { $ref: 'IbptNcmTabela#' }, ...ibptUploadErrorResponses },
      },
    },
    async (request) => {
      const user = requirePlatformStaff(request);
      const query = request.query as { uf: string; arquivo?: string };
      const uf = readUf(query.uf);
      const arquivo = fileName(query.arquivo);
      const ufArquivo = ufFromIbptFileName(arquivo);
      if (ufArquivo && ufArquivo !== uf) {
        throw new HttpError(
          400,
          'UF_DIVERGENTE',
          `O arquivo ${arquivo} é da tabela de ${ufArquivo}, mas a UF escolhida é ${uf}. Escolha a UF ${ufArquivo} ou envie o arquivo de ${uf}.`,
        );
      }
      const { lines } = await readCsvUploadInWorker(uploadedBytes(request), IBPT_NCM_COLUMNS);
      const { rows, erros } = parseIbptNcm(lines);
      throwIfLineErrors(erros);
      const [first] = rows as [IbptNcmRow];
      const inicio = rows.reduce(
        (min, row) => (row.vigenciaInicio < min ? row.vigenciaInicio : min),
        first.vigenciaInicio,
      );
      const fim = rows.reduce(
        (max, row) => (row.vigenciaFim > max ? row.vigenciaFim : max),
        first.vigenciaFim,
      );
      return app.db.withSystem(async (tx) => {
        const nome = await importerName(tx, user.usuarioId);
        const tabela = await tx.one(
          `INSERT INTO ibpt_ncm_tabela (uf, versao, vigencia_inicio, vigencia_fim, chave, fonte, arquivo, linhas,
             importado_em, importado_por_id, importado_por)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, now(), $9, $10)
           ON CONFLICT (uf) DO UPDATE SET versao = EXCLUDED.versao, vigencia_inicio = EXCLUDED.vigencia_inicio,
             vigencia_fim = EXCLUDED.vigencia_fim, chave = EXCLUDED.chave, fonte = EXCLUDED.fonte,
             arquivo = EXCLUDED.arquivo, linhas = EXCLUDED.linhas, importado_em = now(),
             importado_por_id = EXCLUDED.importado_por_id, importado_por = EXCLUDED.importado_por
           RETURNING ${TABELA_COLUMNS}`,
          [
            uf,
            first.versao,
            inicio,
            fim,
            first.chave,
            first.fonte,
            arquivo,
            rows.length,
            user.usuarioId,
            nome,
          ],
        );
        await replaceUf(tx, uf, rows);
        return tabela;
      });
    },
  );

  app.get(
    '/api/Ibpt/ncm/tabelas',
    {
      schema: {
        operationId: 'ibptNcmTabelas',
        tags,
        summary: 'Tabelas IBPT carregadas, uma por UF; equipe da plataforma',
        response: { 200: { type: 'array', items: { $ref: 'IbptNcmTabela#' } }, ...ibptErrorResponses },
      },
    },
    async (request) => {
      requirePlatformStaff(request);
      return app.db.withSystem((tx) => tx.query(`SELECT ${TABELA_COLUMNS} FROM ibpt_ncm_tabela ORDER BY uf`));
    },
  );

  app.delete(
    '/api/Ibpt/ncm/tabelas/:uf',
    {
      schema: {
        operationId: 'ibptNcmExcluirTabela',
        tags,
        summary: 'Remove a tabela IBPT de uma UF; equipe da plataforma',
        params: ufParams,
        response: {
          200: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
          ...ibptErrorResponses,
        },
      },
    },
    async (request) => {
      requirePlatformStaff(request);
      const uf = readUf((request.params as { uf: string }).uf);
      const deleted = await app.db.withSystem((tx) =>
        tx.query('DELETE FROM ibpt_ncm_tabela WHERE uf = $1 RETURNING uf', [uf]),
      );
      if (deleted.length === 0)
        throw new HttpError(
          404,
          'TABELA_IBPT_NAO_ENCONTRADA',
          `A tabela IBPT da UF ${uf} não está carregada.`,
        );
      return { count: 1 };
    },
  );

  app.get(
    '/api/Ibpt/ncm',
    {
      schema: {
        operationId: 'ibptNcmBuscar',
        tags,
        summary:
          'Busca na tabela IBPT por início do código ou parte da descrição, numa UF ou em todas; equipe da plataforma',
        querystring: ncmSearchQuery,
        response: { 200: pageOf('IbptNcm'), ...ibptErrorResponses },
      },
    },
    async (request) => {
      requirePlatformStaff(request);
      const query = request.query as { busca?: string; uf?: string; skip: number; limit: number };
      const uf = query.uf?.trim() ? readUf(query.uf) : null;
      const busca = (query.busca ?? '').trim();
      const digits = busca.replaceAll('.', '');
      const params: unknown[] = [uf];
      let where = '($1::text IS NULL OR uf = $1)';
      if (/^\d+$/.test(digits)) {
        params.push(`${digits}%`);
        where += ` AND codigo LIKE $${params.length}`;
      } else if (busca) {
        params.push(`%${escapeLike(busca)}%`);
        where += ` AND descricao ILIKE $${params.length}`;
      }
      return app.db.withSystem(async (tx) => {
        const { total } = await tx.one<{ total: number }>(
          `SELECT count(*)::int AS total FROM ibpt_ncm WHERE ${where}`,
          params,
        );
        const itens = await tx.query(
          `SELECT ${NCM_COLUMNS} FROM ibpt_ncm WHERE ${where} ORDER BY codigo, ex, tipo, uf
           OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
          [...params, query.skip, query.limit],
        );
        return { total, itens };
      });
    },
  );

  app.get(
    '/api/Ibpt/ncm/:codigo',
    {
      schema: {
        operationId: 'ibptNcmAliquotas',
        tags,
        summary:
          'Alíquotas aproximadas (federal, estadual, municipal) de um NCM numa UF, para o "Valor aproximado dos tributos"; qualquer usuário',
        params: ncmCodigoParams,
        querystring: ncmCodigoQuery,
        response: { 200: { $ref: 'IbptNcm#' }, ...ibptErrorResponses },
      },
    },
    async (request) => {
      requireUser(request);
      const query = request.query as { uf?: string; ex?: string; tipo: number };
      const uf = readUf(query.uf);
      const codigo = readCodigo((request.params as { codigo: string }).codigo, 'Código');
      const ex = (query.ex ?? '').trim();
      return app.db.withSystem(async (tx) => {
        // The line of the exception asked for, or else the code's line without exception.
        const row = await tx.maybeOne(
          `SELECT ${NCM_COLUMNS} FROM ibpt_ncm WHERE uf = $1 AND tipo = $2 AND codigo = $3 AND ex IN ($4, '')
           ORDER BY ex = $4 DESC LIMIT 1`,
          [uf, query.tipo, codigo, ex],
        );
        if (row) return row;
        const loaded = await tx.maybeOne('SELECT 1 FROM ibpt_ncm_tabela WHERE uf = $1', [uf]);
        if (!loaded)
          throw new HttpError(
            404,
            'TABELA_IBPT_NAO_CARREGADA',
            `A tabela IBPT da UF ${uf} ainda não foi importada.`,
          );
        const nome = ['NCM', 'NBS', 'Item da LC 116'][query.tipo];
        throw new HttpError(
          404,
          'NCM_NAO_ENCONTRADO',
          `${nome} ${codigo} não encontrado na tabela IBPT da UF ${uf}.`,
        );
      });
    },
  );
}
