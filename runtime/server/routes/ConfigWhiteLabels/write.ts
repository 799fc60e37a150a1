import type { FastifyInstance } from 'fastify';
import { createMergePatch, createOrderedPatch } from '../../../core/createMergePatch.ts';
import { isPlainObject, mergePatch } from '../../../core/mergePatch.ts';
import { tenantSlugs } from '../../../core/resolveTenant.ts';
import { schemaKind } from '../../../core/schemaKind.ts';
import { CUSTOMIZABLE_KINDS, type Customizations } from '../../../core/studio/applyCustomizations.ts';
import type { Tx } from '../../db/database.ts';
import { HttpError } from '../../errors.ts';
import { requirePlatformStaff, requireWhiteLabelOperator } from '../../plugins/auth.ts';
import {
  CONFIG_ROW_COLUMNS,
  type ConfigWhiteLabelRow,
  configWhiteLabelView,
  effectiveSettings,
} from '../../services/configWhiteLabelView.ts';
import { loadConfigRow } from '../../services/loadConfigRow.ts';
import { settingsFromBody } from '../../services/settingsFromBody.ts';
import { writeVersion } from '../../services/studio/customizacoes.ts';
import { validateTenantSettings } from '../../services/validateTenantSettings.ts';
import { configErrorResponses, idParams } from './schemas.ts';

const SETTINGS_SCHEMA_REF = '../../schemas/_meta/tenant-settings.schema.json';
/** Serialises configuration writes so the idConfig and domain checks see every other write. */
const WRITE_LOCK = 7_152_031;

async function othersOf(tx: Tx, exceptId: number) {
  const rows = await tx.query<ConfigWhiteLabelRow>(
    `SELECT ${CONFIG_ROW_COLUMNS} FROM config_white_label WHERE id <> $1`,
    [exceptId],
  );
  return rows.map((row) => {
    const settings = effectiveSettings(row);
    return { idConfig: row.id_config, slug: settings.slug, domains: settings.domains ?? [] };
  });
}

/**
 * Applies an API body (ConfigWhiteLabelInput: objects merged, lists replaced) to the configuration `id`,
 * validated as a whole, keeping only the difference from its base; answers the operator's view.
 */
export async function updateConfig(app: FastifyInstance, id: number, body: Record<string, unknown>) {
  const row = await app.db.withSystem(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK]);
    const current = await loadConfigRow(tx, id, true);
    if (body.idConfig !== undefined && body.idConfig !== current.id_config) {
      throw new HttpError(
        400,
        'IDCONFIG_IMUTAVEL',
        'O idConfig não pode ser alterado: ele identifica a origem e as sessões guardadas nos navegadores.',
      );
    }
    const view = configWhiteLabelView(current, true);
    const settings = effectiveSettings(current);
    const imagens = body.imagens;
    const logoReplaced =
      isPlainObject(imagens) && imagens.logo !== undefined && imagens.logo !== view.imagens.logo;
    const next = mergePatch(settings, settingsFromBody(body, { view, settings })) as Record<string, unknown>;
    validateTenantSettings(app.tenants.schemaFiles, next, await othersOf(tx, id));
    // A new logo address replaces an uploaded logo, which is how an upload is removed.
    return tx.one<ConfigWhiteLabelRow>(
      `UPDATE config_white_label SET patch = $2, alterado_em = now()
              ${logoReplaced ? ', logo = NULL, logo_tipo = NULL' : ''}
        WHERE id = $1 RETURNING ${CONFIG_ROW_COLUMNS}`,
      [id, JSON.stringify(createMergePatch(current.base, next))],
    );
  });
  await app.tenants.reload();
  return configWhiteLabelView(row, true);
}

/**
 * The screens of white-label `modelo` (its idConfig) as a studio layer over the base schemas: for each
 * customisable schema it changes (its tenants/ override files and its published studio version), the
 * patch from the base to its result. A white-label created with it starts with that layer published as
 * version 1, which its operators then edit in the studio like any other.
 */
async function templateLayer(
  app: FastifyInstance,
  modelo: string,
): Promise<{ idConfig: string; patches: Customizations }> {
  const all = await app.tenants.all();
  const template = all.find((tenant) => tenant.settings.idConfig.toLowerCase() === modelo.toLowerCase());
  if (!template)
    throw new HttpError(
      422,
      'MODELO_INEXISTENTE',
      `O modelo "${modelo}" não existe: informe o idConfig de um white-label existente.`,
    );
  const base = app.tenants.layeredFor(null);
  const patches: Customizations = {};
  for (const [path, content] of Object.entries(template.schemas)) {
    const kind = schemaKind(path);
    if (!kind || !CUSTOMIZABLE_KINDS.includes(kind) || !(path in base)) continue;
    if (JSON.stringify(base[path]) === JSON.stringify(content)) continue;
    patches[path] = createOrderedPatch(base[path], content);
  }
  return { idConfig: template.settings.idConfig, patches };
}

/** A folder-like slug for a configuration created through the API, unique among the known ones. */
function slugFor(idConfig: string, taken: Set<string>): string {
  const base =
    idConfig
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'white-label';
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** POST, PUT and DELETE of ConfigWhiteLabels: platform staff and master users only; the registry reloads after each. */
export async function configWhiteLabelWriteRoutes(app: FastifyInstance): Promise<void> {
  app.post(
    '/api/ConfigWhiteLabels',
    {
      schema: {
        operationId: 'configWhiteLabelsCreate',
        tags: ['ConfigWhiteLabels'],
        summary: 'Cria uma configuração de white-label (equipe da plataforma); cria também o plano de teste',
        body: { $ref: 'ConfigWhiteLabelCreate#' },
        response: { 200: { $ref: 'ConfigWhiteLabel#' }, ...configErrorResponses },
      },
    },
    async (request) => {
      const staff = requirePlatformStaff(request);
      const { modelo, ...body } = request.body as Record<string, unknown> & { modelo?: string };
      const template = modelo === undefined ? undefined : await templateLayer(app, modelo);
      const changes = settingsFromBody(body);
      const idConfig = String(changes.idConfig);
      const row = await app.db.withSystem(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK]);
        const others = await othersOf(tx, 0);
        if (others.some((other) => other.idConfig.toLowerCase() === idConfig.toLowerCase())) {
          throw new HttpError(409, 'IDCONFIG_DUPLICADO', 'Já existe uma configuração com este idConfig.');
        }
        const taken = new Set([
          ...others.map((other) => other.slug),
          ...tenantSlugs(app.tenants.schemaFiles),
        ]);
        const settings = { $schema: SETTINGS_SCHEMA_REF, slug: slugFor(idConfig, taken), ...changes };
        validateTenantSettings(app.tenants.schemaFiles, settings, others);
        const created = await tx.one<ConfigWhiteLabelRow>(
          `INSERT INTO config_white_label (id_config, base) VALUES ($1, $2) RETURNING ${CONFIG_ROW_COLUMNS}`,
          [idConfig, JSON.stringify(settings)],
        );
        const { planoPadrao } = effectiveSettings(created);
        await tx.query(
          `INSERT INTO plano (config_white_label_id, id_externo, nome, valor, dias_trial)
           VALUES ($1, $2, 'Teste grátis', 0, $3) ON CONFLICT DO NOTHING`,
          [created.id, planoPadrao.idExterno, planoPadrao.diasTrial],
        );
        if (template && Object.keys(template.patches).length > 0)
          await writeVersion(
            tx,
            created.id,
            template.patches,
            { id: staff.usuarioId, nome: 'Equipe da plataforma' },
            `Criado a partir do modelo ${template.idConfig}`,
            null,
          );
        return created;
      });
      await app.tenants.reload();
      return configWhiteLabelView(row, true);
    },
  );

  app.put(
    '/api/ConfigWhiteLabels/:id',
    {
      schema: {
        operationId: 'configWhiteLabelsUpdate',
        tags: ['ConfigWhiteLabels'],
        summary:
          'Altera a configuração (equipe da plataforma): objetos são mesclados, listas substituídas; guarda só a diferença',
        params: idParams,
        body: { $ref: 'ConfigWhiteLabelInput#' },
        response: { 200: { $ref: 'ConfigWhiteLabel#' }, ...configErrorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      requireWhiteLabelOperator(request, id);
      const body = request.body as Record<string, unknown>;
      if (body.id !== undefined && body.id !== id) {
        throw new HttpError(400, 'ID_DIVERGENTE', 'O id informado no corpo é diferente do id do endereço.');
      }
      return updateConfig(app, id, body);
    },
  );

  app.delete(
    '/api/ConfigWhiteLabels/:id',
    {
      schema: {
        operationId: 'configWhiteLabelsDelete',
        tags: ['ConfigWhiteLabels'],
        summary: 'Exclui uma configuração criada pela API que nenhuma empresa usa (equipe da plataforma)',
        params: idParams,
        response: {
          200: { type: 'object', required: ['count'], properties: { count: { type: 'integer' } } },
          ...configErrorResponses,
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      requireWhiteLabelOperator(request, id);
      await app.db.withSystem(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK]);
        const row = await loadConfigRow(tx, id, true);
        if (row.slug) {
          throw new HttpError(
            409,
            'CONFIGURACAO_DO_PROJETO',
            `Esta configuração vem da pasta tenants/${row.slug} do projeto e não pode ser excluída pela API.`,
          );
        }
        const { count } = await tx.one<{ count: number }>(
          'SELECT count(*)::int AS count FROM empresa WHERE config_white_label_id = $1',
          [id],
        );
        if (count > 0) {
          throw new HttpError(
            409,
            'CONFIGURACAO_EM_USO',
            `Não é possível excluir: ${count === 1 ? '1 empresa usa' : `${count} empresas usam`} esta configuração.`,
          );
        }
        await tx.query('DELETE FROM config_white_label WHERE id = $1', [id]);
      });
      await app.tenants.reload();
      return { count: 1 };
    },
  );
}
