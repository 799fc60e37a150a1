import type { FastifyInstance } from 'fastify';
import { escapeLike } from '../../../core/escapeLike.ts';
import { FilterError, parseFilter } from '../../../core/loopbackFilter.ts';
import { compileFilter, type FieldMap } from '../../db/compileFilter.ts';
import { searchKey } from '../../db/seed/seedReference.ts';
import { HttpError } from '../../errors.ts';
import { PUBLIC } from '../../plugins/routeSecurity.ts';
import { bancosRoutes } from './bancos.ts';
import { cidadeSchema, referenceErrorResponses, ufSchema } from './schemas.ts';

const UF_INVALIDA = 'UF inválida: informe a sigla com duas letras, por exemplo SP.';
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 100;
/** Listing a whole state (no query) may return all of its cities (MG has 853). */
const MAX_LIMIT_UF_ONLY = 1000;

const CIDADE_FIELDS: FieldMap = {
  codigo: { column: 'codigo', type: 'integer' },
  nome: { column: 'nome', type: 'string' },
  uf: { column: 'uf', type: 'string' },
};

interface NgCidadesQuery {
  limit?: number;
  query?: string;
  uf?: string;
}

/** Ceps: IBGE municipality search and lookup, the UFs, and the banks list (spec 001 §7.4). */
export async function cepsRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(cidadeSchema);
  app.addSchema(ufSchema);

  app.get(
    '/api/Ceps/ngcidades',
    {
      schema: {
        operationId: 'cepsNgCidades',
        security: PUBLIC,
        tags: ['Ceps'],
        summary: 'Busca municípios pelo início do nome, sem diferenciar acentos; filtro opcional por UF',
        querystring: {
          type: 'object',
          properties: {
            limit: {
              type: 'integer',
              description: `Padrão ${DEFAULT_LIMIT}; máximo ${MAX_LIMIT} (${MAX_LIMIT_UF_ONLY} quando só a UF é informada)`,
            },
            query: { type: 'string', maxLength: 100, description: 'Início do nome (ex.: "sao p")' },
            uf: { type: 'string', maxLength: 10, description: 'Sigla da UF (ex.: SP)' },
          },
        },
        response: { 200: { type: 'array', items: { $ref: 'Cidade#' } }, ...referenceErrorResponses },
      },
    },
    async (request) => {
      const { limit: rawLimit, query, uf: rawUf } = request.query as NgCidadesQuery;
      const key = searchKey(query ?? '').replace(/\s+/g, ' ');
      const uf = rawUf?.trim().toUpperCase() || undefined;
      if (uf !== undefined && !/^[A-Z]{2}$/.test(uf)) throw new HttpError(400, 'UF_INVALIDA', UF_INVALIDA);
      const maxLimit = !key && uf ? MAX_LIMIT_UF_ONLY : MAX_LIMIT;
      const limit = rawLimit ?? DEFAULT_LIMIT;
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > maxLimit) {
        throw new HttpError(
          400,
          'LIMITE_INVALIDO',
          `O parâmetro limit deve ser um inteiro entre 1 e ${maxLimit}.`,
        );
      }
      return app.db.withSystem(async (tx) => {
        if (uf && !(await tx.maybeOne('SELECT 1 FROM uf WHERE sigla = $1', [uf]))) {
          throw new HttpError(400, 'UF_INVALIDA', UF_INVALIDA);
        }
        const params: unknown[] = [key, limit];
        const conditions: string[] = [];
        if (key) conditions.push(`nome_busca LIKE $${params.push(`${escapeLike(key)}%`)}`);
        if (uf) conditions.push(`uf = $${params.push(uf)}`);
        return tx.query(
          `SELECT codigo, nome, uf FROM municipio
            WHERE ${conditions.length ? conditions.join(' AND ') : 'TRUE'}
            ORDER BY (nome_busca = $1) DESC, nome_busca, uf, codigo
            LIMIT $2`,
          params,
        );
      });
    },
  );

  app.get(
    '/api/Ceps/findOne',
    {
      schema: {
        operationId: 'cepsFindOne',
        security: PUBLIC,
        tags: ['Ceps'],
        summary: 'Primeiro município que atende ao filtro LoopBack (campos: codigo, nome, uf)',
        querystring: {
          type: 'object',
          properties: {
            filter: { type: 'string', description: 'JSON, ex.: {"where":{"codigo":3550308}}' },
          },
        },
        response: { 200: { $ref: 'Cidade#' }, ...referenceErrorResponses },
      },
    },
    async (request) => {
      const filter = parseFilter((request.query as { filter?: string }).filter);
      if (filter.include?.length) throw new FilterError('include não é suportado em Ceps.');
      const compiled = compileFilter(filter, CIDADE_FIELDS, { defaultOrder: 'nome ASC, codigo ASC' });
      const params = [...compiled.params, compiled.offset ?? 0];
      const columns = compiled.columns?.join(', ') ?? 'codigo, nome, uf';
      const cidade = await app.db.withSystem((tx) =>
        tx.maybeOne(
          `SELECT ${columns} FROM municipio WHERE ${compiled.where} ${compiled.orderBy}
            LIMIT 1 OFFSET $${params.length}`,
          params,
        ),
      );
      if (!cidade) {
        throw new HttpError(
          404,
          'CIDADE_NAO_ENCONTRADA',
          'Nenhum município encontrado para o filtro informado.',
        );
      }
      return cidade;
    },
  );

  app.get(
    '/api/Ceps/ufs',
    {
      schema: {
        operationId: 'cepsUfs',
        security: PUBLIC,
        tags: ['Ceps'],
        summary: 'As 27 unidades federativas e EX (exterior), com os códigos IBGE',
        response: { 200: { type: 'array', items: { $ref: 'Uf#' } } },
      },
    },
    async () =>
      app.db.withSystem((tx) => tx.query(`SELECT sigla, nome, codigo FROM uf ORDER BY sigla = 'EX', nome`)),
  );

  await bancosRoutes(app);
}
