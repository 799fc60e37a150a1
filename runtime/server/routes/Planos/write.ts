import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { requireAvancoOrMaster, requireWhiteLabelOperator } from '../../plugins/auth.ts';
import { PLANO_COLUMNS, type Plano } from '../../services/findPlanos.ts';
import { PLANO_INPUT_KEYS, planoErrorResponses, planoIdParams } from './schemas.ts';

type PlanoInput = Partial<Plano>;

function readBody(request: FastifyRequest): PlanoInput {
  const body = request.body as Record<string, unknown>;
  const unknown = Object.keys(body).find((key) => !PLANO_INPUT_KEYS.includes(key));
  if (unknown) throw new HttpError(400, 'CAMPO_DESCONHECIDO', `O campo "${unknown}" não existe em Planos.`);
  return body as PlanoInput;
}

async function loadPlano(tx: Tx, id: number): Promise<Plano> {
  const plano = await tx.maybeOne<Plano>(`SELECT ${PLANO_COLUMNS} FROM plano WHERE id = $1 FOR UPDATE`, [id]);
  if (!plano) throw new HttpError(404, 'PLANO_NAO_ENCONTRADO', `Plano ${id} não encontrado.`);
  return plano;
}

/** The plan must belong to an existing white-label, use known modules and keep idExterno unique there. */
async function checkPlano(app: FastifyInstance, tx: Tx, plano: Omit<Plano, 'id'>, id: number): Promise<void> {
  const tenant = await tx.maybeOne('SELECT 1 FROM config_white_label WHERE id = $1', [
    plano.configWhiteLabel,
  ]);
  if (!tenant) {
    throw new HttpError(
      400,
      'CONFIGURACAO_INEXISTENTE',
      `A configuração de white-label ${plano.configWhiteLabel} não existe.`,
    );
  }
  const keys = app.tenants.schemaFiles['schemas/permissions/keys.json'] as {
    modules: Record<string, unknown>;
  };
  const settings = (await app.tenants.byId(plano.configWhiteLabel))?.settings;
  const known = new Set([...Object.keys(keys.modules), ...(settings?.planoModulos ?? []).map((m) => m.id)]);
  const unknown = plano.modulos.find((modulo) => !known.has(modulo.id));
  if (unknown) throw new HttpError(400, 'MODULO_INEXISTENTE', `O módulo "${unknown.id}" não existe.`);
  const duplicate = await tx.maybeOne(
    'SELECT 1 FROM plano WHERE config_white_label_id = $1 AND id_externo = $2 AND id <> $3',
    [plano.configWhiteLabel, plano.idExterno, id],
  );
  if (duplicate) {
    throw new HttpError(409, 'PLANO_DUPLICADO', 'Já existe um plano com este idExterno nesta configuração.');
  }
}

const VALUES = (plano: Omit<Plano, 'id'>) => [
  plano.configWhiteLabel,
  plano.idExterno,
  plano.nome,
  plano.descricao,
  plano.valor,
  plano.diasTrial,
  JSON.stringify(plano.modulos),
  plano.ativo,
];

/** POST, PUT and DELETE of Planos: platform staff and master users only. */
export async function planosWriteRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/Planos',
    {
      schema: {
        operationId: 'planosCreate',
        tags: ['Planos'],
        summary: 'Cria um plano (sem configWhiteLabel: o white-label do endereço)',
        body: { allOf: [{ $ref: 'PlanoInput#' }, { type: 'object', required: ['idExterno', 'nome'] }] },
        response: { 200: { $ref: 'Plano#' }, ...planoErrorResponses },
      },
    },
    async (request) => {
      requireAvancoOrMaster(request);
      const input = readBody(request);
      const plano = {
        configWhiteLabel: input.configWhiteLabel ?? request.tenant.id,
        idExterno: String(input.idExterno),
        nome: String(input.nome),
        descricao: input.descricao ?? '',
        valor: input.valor ?? 0,
        diasTrial: input.diasTrial ?? null,
        modulos: input.modulos ?? [],
        ativo: input.ativo ?? true,
      };
      requireWhiteLabelOperator(request, plano.configWhiteLabel);
      return app.db.withSystem(async (tx) => {
        await checkPlano(app, tx, plano, 0);
        return tx.one<Plano>(
          `INSERT INTO plano (config_white_label_id, id_externo, nome, descricao, valor, dias_trial, modulos, ativo)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${PLANO_COLUMNS}`,
          VALUES(plano),
        );
      });
    },
  );

  app.put(
    '/api/Planos/:id',
    {
      schema: {
        operationId: 'planosUpdate',
        tags: ['Planos'],
        summary: 'Altera um plano (os campos enviados)',
        params: planoIdParams,
        body: { $ref: 'PlanoInput#' },
        response: { 200: { $ref: 'Plano#' }, ...planoErrorResponses },
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
        const { id: _id, ...current } = await loadPlano(tx, id);
        // Both the plan's white-label and, when it moves, the target one must be the operator's.
        requireWhiteLabelOperator(request, current.configWhiteLabel);
        const plano = { ...current, ...input };
        requireWhiteLabelOperator(request, plano.configWhiteLabel);
        await checkPlano(app, tx, plano, id);
        return tx.one<Plano>(
          `UPDATE plano SET config_white_label_id = $1, id_externo = $2, nome = $3, descricao = $4, valor = $5,
                  dias_trial = $6, modulos = $7, ativo = $8, alterado_em = now()
            WHERE id = $9 RETURNING ${PLANO_COLUMNS}`,
          [...VALUES(plano), id],
        );
      });
    },
  );

  app.delete(
    '/api/Planos/:id',
    {
      schema: {
        operationId: 'planosDelete',
        tags: ['Planos'],
        summary: 'Exclui um plano que nenhuma empresa usa',
        params: planoIdParams,
        response: {
          200: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
          ...planoErrorResponses,
        },
      },
    },
    async (request) => {
      requireAvancoOrMaster(request);
      const { id } = request.params as { id: number };
      await app.db.withSystem(async (tx) => {
        requireWhiteLabelOperator(request, (await loadPlano(tx, id)).configWhiteLabel);
        const { count } = await tx.one<{ count: number }>(
          'SELECT count(*)::int AS count FROM empresa WHERE plano_id = $1',
          [id],
        );
        if (count > 0) {
          const quem = count === 1 ? '1 empresa usa' : `${count} empresas usam`;
          throw new HttpError(
            409,
            'PLANO_EM_USO',
            `Não é possível excluir: ${quem} este plano. Desative-o (ativo = false) para deixar de oferecê-lo.`,
          );
        }
        await tx.query('DELETE FROM plano WHERE id = $1', [id]);
      });
      return { count: 1 };
    },
  );
}
