import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { requireAvancoOrMaster, requireUser, requireWhiteLabelOperator } from '../../plugins/auth.ts';
import {
  PDV_VERSAO_INPUT_KEYS,
  pdvVersaoCreateSchema,
  pdvVersaoErrorResponses,
  pdvVersaoIdParams,
  pdvVersaoInputSchema,
  pdvVersaoSchema,
} from './schemas.ts';

/** A version as the API returns it. */
interface PdvVersao {
  id: number;
  configWhiteLabel: number;
  versao: string;
  data: string;
  url: string;
  obrigatoria: boolean;
  notas: string;
}

const COLUMNS = `id, config_white_label_id AS "configWhiteLabel", versao, data::text AS data, url, obrigatoria, notas`;
/** Newest first: by publication date, then by the order they were registered. */
const NEWEST_FIRST = 'ORDER BY data DESC, id DESC';

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?$/;
const HTTPS_URL = /^https:\/\/[^\s/?#@]+\.[^\s/?#@]+(?:[/?#]\S*)?$/;

function invalid(campo: string, mensagem: string): never {
  throw new HttpError(400, 'DADOS_INVALIDOS', `Dados inválidos: campo "${campo}" ${mensagem}.`, {
    fields: [{ campo, mensagem }],
  });
}

function isValidDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** The body's members, trimmed and checked with pt-BR messages naming the field. */
function readBody(request: FastifyRequest): Partial<PdvVersao> {
  const body = request.body as Record<string, unknown>;
  const unknown = Object.keys(body).find((key) => !PDV_VERSAO_INPUT_KEYS.includes(key));
  if (unknown)
    throw new HttpError(400, 'CAMPO_DESCONHECIDO', `O campo "${unknown}" não existe em PdvVersoes.`);
  const input = { ...body } as Partial<PdvVersao>;
  for (const key of ['versao', 'data', 'url', 'notas'] as const)
    if (typeof input[key] === 'string') input[key] = (input[key] as string).trim();
  if (input.versao !== undefined && !SEMVER.test(input.versao))
    invalid('versao', 'deve seguir o formato semver, ex.: 2.4.1 ou 3.0.0-beta.1');
  if (input.data !== undefined && !isValidDate(input.data))
    invalid('data', 'deve ser uma data válida no formato AAAA-MM-DD');
  if (input.url !== undefined && !HTTPS_URL.test(input.url))
    invalid('url', 'deve ser um endereço https, ex.: https://downloads.exemplo.com.br/pdv.exe');
  return input;
}

async function loadVersao(tx: Tx, id: number): Promise<PdvVersao> {
  const row = await tx.maybeOne<PdvVersao>(`SELECT ${COLUMNS} FROM pdv_versao WHERE id = $1 FOR UPDATE`, [
    id,
  ]);
  if (!row) throw new HttpError(404, 'PDV_VERSAO_NAO_ENCONTRADA', `Versão do PDV ${id} não encontrada.`);
  return row;
}

async function assertUnique(tx: Tx, configWhiteLabel: number, versao: string, id: number): Promise<void> {
  const duplicate = await tx.maybeOne(
    'SELECT 1 FROM pdv_versao WHERE config_white_label_id = $1 AND versao = $2 AND id <> $3',
    [configWhiteLabel, versao, id],
  );
  if (duplicate) {
    throw new HttpError(
      409,
      'PDV_VERSAO_DUPLICADA',
      `A versão ${versao} já está cadastrada neste white-label.`,
    );
  }
}

/**
 * PdvVersoes: the POS program versions a white-label publishes (Administrador › Versões do PDV). Any
 * signed-in user reads the list of the white-label served, newest first; writes need the white-label's
 * operator (platform staff or its master user).
 */
export async function pdvVersoesRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(pdvVersaoSchema);
  app.addSchema(pdvVersaoInputSchema);
  app.addSchema(pdvVersaoCreateSchema);

  app.get(
    '/api/PdvVersoes',
    {
      schema: {
        operationId: 'pdvVersoesFind',
        tags: ['PdvVersoes'],
        summary: 'Versões do PDV do white-label do endereço, da mais nova para a mais antiga',
        response: { 200: { type: 'array', items: { $ref: 'PdvVersao#' } }, ...pdvVersaoErrorResponses },
      },
    },
    async (request) => {
      requireUser(request);
      return app.db.withSystem((tx) =>
        tx.query<PdvVersao>(
          `SELECT ${COLUMNS} FROM pdv_versao WHERE config_white_label_id = $1 ${NEWEST_FIRST}`,
          [request.tenant.id],
        ),
      );
    },
  );

  app.post(
    '/api/PdvVersoes',
    {
      schema: {
        operationId: 'pdvVersoesCreate',
        tags: ['PdvVersoes'],
        summary: 'Publica uma versão do PDV (sem configWhiteLabel: o white-label do endereço)',
        body: { $ref: 'PdvVersaoCreate#' },
        response: { 200: { $ref: 'PdvVersao#' }, ...pdvVersaoErrorResponses },
      },
    },
    async (request) => {
      requireAvancoOrMaster(request);
      const input = readBody(request);
      const versao = {
        configWhiteLabel: input.configWhiteLabel ?? request.tenant.id,
        versao: String(input.versao),
        data: String(input.data),
        url: String(input.url),
        obrigatoria: input.obrigatoria ?? false,
        notas: input.notas ?? '',
      };
      requireWhiteLabelOperator(request, versao.configWhiteLabel);
      return app.db.withSystem(async (tx) => {
        const tenant = await tx.maybeOne('SELECT 1 FROM config_white_label WHERE id = $1', [
          versao.configWhiteLabel,
        ]);
        if (!tenant) {
          throw new HttpError(
            400,
            'CONFIGURACAO_INEXISTENTE',
            `A configuração de white-label ${versao.configWhiteLabel} não existe.`,
          );
        }
        await assertUnique(tx, versao.configWhiteLabel, versao.versao, 0);
        return tx.one<PdvVersao>(
          `INSERT INTO pdv_versao (config_white_label_id, versao, data, url, obrigatoria, notas)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
          [versao.configWhiteLabel, versao.versao, versao.data, versao.url, versao.obrigatoria, versao.notas],
        );
      });
    },
  );

  app.put(
    '/api/PdvVersoes/:id',
    {
      schema: {
        operationId: 'pdvVersoesUpdate',
        tags: ['PdvVersoes'],
        summary: 'Altera uma versão do PDV (os campos enviados)',
        params: pdvVersaoIdParams,
        body: { $ref: 'PdvVersaoInput#' },
        response: { 200: { $ref: 'PdvVersao#' }, ...pdvVersaoErrorResponses },
      },
    },
    async (request) => {
      requireAvancoOrMaster(request);
      const { id } = request.params as { id: number };
      const { id: bodyId, ...input } = readBody(request);
      if (bodyId !== undefined && bodyId !== id) {
        throw new HttpError(400, 'ID_DIVERGENTE', 'O id informado no corpo é diferente do id do endereço.');
      }
      return app.db.withSystem(async (tx) => {
        const current = await loadVersao(tx, id);
        requireWhiteLabelOperator(request, current.configWhiteLabel);
        if (input.configWhiteLabel !== undefined && input.configWhiteLabel !== current.configWhiteLabel) {
          throw new HttpError(
            400,
            'CONFIGURACAO_IMUTAVEL',
            'Uma versão do PDV não pode ser movida para outro white-label.',
          );
        }
        const next = { ...current, ...input };
        await assertUnique(tx, next.configWhiteLabel, next.versao, id);
        return tx.one<PdvVersao>(
          `UPDATE pdv_versao SET versao = $2, data = $3, url = $4, obrigatoria = $5, notas = $6, alterado_em = now()
            WHERE id = $1 RETURNING ${COLUMNS}`,
          [id, next.versao, next.data, next.url, next.obrigatoria, next.notas],
        );
      });
    },
  );

  app.delete(
    '/api/PdvVersoes/:id',
    {
      schema: {
        operationId: 'pdvVersoesDelete',
        tags: ['PdvVersoes'],
        summary: 'Exclui uma versão do PDV',
        params: pdvVersaoIdParams,
        response: {
          200: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
          ...pdvVersaoErrorResponses,
        },
      },
    },
    async (request) => {
      requireAvancoOrMaster(request);
      const { id } = request.params as { id: number };
      await app.db.withSystem(async (tx) => {
        const current = await loadVersao(tx, id);
        requireWhiteLabelOperator(request, current.configWhiteLabel);
        await tx.query('DELETE FROM pdv_versao WHERE id = $1', [id]);
      });
      return { count: 1 };
    },
  );
}
