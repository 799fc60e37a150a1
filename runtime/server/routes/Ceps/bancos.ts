import type { FastifyInstance } from 'fastify';
import { searchKey } from '../../db/seed/seedReference.ts';
import { PUBLIC } from '../../plugins/routeSecurity.ts';
import { bancoSchema, referenceErrorResponses } from './schemas.ts';

interface BancoRow {
  codigo: string;
  ispb: string;
  nome: string;
  nomeCurto: string;
}

/** True when the bank's code starts with the typed digits (leading zeros optional) or its names contain the text. */
function matches(banco: BancoRow, text: string): boolean {
  const digits = /^\d+$/.test(text) ? text.replace(/^0+(?=\d)/, '') : '';
  if (digits && (banco.codigo.startsWith(text) || banco.codigo.replace(/^0+(?=\d)/, '').startsWith(digits))) {
    return true;
  }
  const key = searchKey(text);
  return searchKey(banco.nome).includes(key) || searchKey(banco.nomeCurto).includes(key);
}

/** GET /api/Bancos — the Brazilian banks list (COMPE code, ISPB, names), optionally searched. */
export async function bancosRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(bancoSchema);

  app.get(
    '/api/Bancos',
    {
      schema: {
        operationId: 'bancosList',
        security: PUBLIC,
        tags: ['Bancos'],
        summary: 'Lista de bancos brasileiros; query procura no código COMPE e no nome (sem acentos)',
        querystring: {
          type: 'object',
          properties: {
            query: { type: 'string', maxLength: 100, description: 'Código (ex.: 001) ou parte do nome' },
          },
        },
        response: { 200: { type: 'array', items: { $ref: 'Banco#' } }, ...referenceErrorResponses },
      },
    },
    async (request) => {
      const text = ((request.query as { query?: string }).query ?? '').trim();
      // About 500 rows: filtering in memory keeps the search accent-insensitive without an extension.
      const bancos = await app.db.withSystem((tx) =>
        tx.query<BancoRow>(
          'SELECT codigo, ispb, nome, nome_curto AS "nomeCurto" FROM banco ORDER BY codigo, nome',
        ),
      );
      return text ? bancos.filter((banco) => matches(banco, text)) : bancos;
    },
  );
}
