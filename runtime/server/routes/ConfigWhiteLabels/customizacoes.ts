import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createOrderedPatch } from '../../../core/createMergePatch.ts';
import { describeCustomizationDiff } from '../../../core/studio/describeCustomizationDiff.ts';
import { applyOverride } from '../../../core/validateSchemaSet.ts';
import { HttpError } from '../../errors.ts';
import { requireWhiteLabelOperator } from '../../plugins/auth.ts';
import {
  type Autor,
  checkCaminho,
  customizationRefused,
  discardDrafts,
  listVersions,
  loadDrafts,
  loadPublished,
  loadVersion,
  MAX_PATCH_BYTES,
  saveDraft,
  withDrafts,
  writeVersion,
} from '../../services/studio/customizacoes.ts';
import type { Tenant } from '../../services/tenantRegistry.ts';
import { errorResponses } from '../errorResponses.ts';
import { schemaBundle, schemaBundleShape } from '../Schemas/index.ts';
import { configErrorResponses, idParams } from './schemas.ts';

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const issueSchema = {
  type: 'object',
  required: ['file', 'pointer', 'message'],
  properties: { file: text, pointer: text, message: text },
} as const;
const draftSchema = {
  type: 'object',
  required: ['caminho', 'patch', 'revisao', 'alteradoEm'],
  properties: {
    caminho: text,
    patch: { type: ['object', 'null'], additionalProperties: true },
    revisao: { type: 'integer' },
    autorNome: nullableText,
    alteradoEm: { type: 'string', format: 'date-time' },
  },
} as const;
const changeSchema = {
  type: 'object',
  required: ['caminho', 'alvo', 'ponteiro', 'descricao'],
  properties: {
    caminho: text,
    alvo: text,
    ponteiro: text,
    antes: {},
    depois: {},
    descricao: text,
  },
} as const;

export const customizacoesSchema = {
  $id: 'Customizacoes',
  type: 'object',
  description: 'A camada do estúdio de um white-label: a versão publicada, os rascunhos e os problemas',
  required: ['versao', 'publicadas', 'rascunhos', 'problemas'],
  properties: {
    versao: { type: 'integer', description: 'Versão publicada (0: nenhuma)' },
    publicadas: {
      type: 'object',
      description: 'Patches RFC 7396 publicados, por caminho de schema',
      additionalProperties: { type: 'object', additionalProperties: true },
    },
    rascunhos: { type: 'array', items: draftSchema },
    problemas: {
      type: 'array',
      description:
        'Personalizações publicadas que não se aplicam mais à base atual (listadas, não descartadas)',
      items: issueSchema,
    },
  },
} as const;

const versionParams = {
  type: 'object',
  required: ['id', 'versao'],
  properties: { id: { type: 'integer' }, versao: { type: 'integer', minimum: 1 } },
} as const;

/**
 * The operator studio's API (DESIGN "Operator studio"): drafts per schema path, validated against the
 * meta-schemas and the studio rules before they are stored; comparison in Portuguese; publication as one
 * new version (every API process reloads, the white-label's browsers refetch the bundle); history and
 * restoration (a new version; business rows are never touched). Only the white-label's own operators.
 */
export async function configWhiteLabelCustomizacoesRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(customizacoesSchema);

  const tenantOf = async (id: number): Promise<Tenant> => {
    const tenant = await app.tenants.byId(id);
    if (!tenant) throw new HttpError(404, 'WHITE_LABEL_NAO_ENCONTRADO', 'White-label não encontrado.');
    return tenant;
  };
  const nomeDe = async (usuarioId: number) => {
    const [row] = await app.db.withSystem((tx) =>
      tx.query<{ nome: string | null }>('SELECT nome FROM usuario WHERE id = $1', [usuarioId]),
    );
    return row?.nome ?? `usuário ${usuarioId}`;
  };
  const operator = async (request: FastifyRequest, id: number): Promise<Autor> => {
    const user = requireWhiteLabelOperator(request, id);
    return { id: user.usuarioId, nome: await nomeDe(user.usuarioId) };
  };

  app.get(
    '/api/ConfigWhiteLabels/:id/customizacoes',
    {
      schema: {
        operationId: 'configWhiteLabelsCustomizacoes',
        tags: ['ConfigWhiteLabels'],
        summary:
          'Personalizações do estúdio de um white-label: versão publicada, rascunhos e problemas; seus operadores',
        params: idParams,
        response: { 200: { $ref: 'Customizacoes#' }, ...configErrorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      requireWhiteLabelOperator(request, id);
      const tenant = await tenantOf(id);
      const [published, rascunhos] = await app.db.withSystem(async (tx) => [
        await loadPublished(tx, id),
        await loadDrafts(tx, id),
      ]);
      return {
        versao: published.versao,
        publicadas: published.patches,
        rascunhos,
        problemas: tenant.customizationIssues,
      };
    },
  );

  app.get(
    '/api/ConfigWhiteLabels/:id/customizacoes/schema',
    {
      schema: {
        operationId: 'configWhiteLabelsCustomizacoesSchema',
        tags: ['ConfigWhiteLabels'],
        summary:
          'Um schema para o editor do estúdio: como é sem o estúdio (base), o patch em edição (rascunho ou publicado) e a revisão',
        params: idParams,
        querystring: {
          type: 'object',
          required: ['caminho'],
          properties: { caminho: { type: 'string', minLength: 1, maxLength: 200 } },
        },
        response: {
          200: {
            type: 'object',
            required: ['caminho', 'sistema', 'base', 'patch', 'revisao', 'rascunho'],
            properties: {
              caminho: text,
              sistema: {
                type: 'object',
                additionalProperties: true,
                description:
                  'O schema como o sistema o traz (schemas/), para mostrar a origem de cada propriedade',
              },
              base: {
                type: 'object',
                additionalProperties: true,
                description:
                  'O schema com os arquivos do white-label (tenants/<slug>/overrides/), sem o estúdio',
              },
              patch: { type: 'object', additionalProperties: true },
              revisao: { type: 'integer', description: 'Revisão do rascunho (0: sem rascunho)' },
              rascunho: { type: 'boolean', description: 'O patch é um rascunho (não publicado)' },
            },
          },
          ...configErrorResponses,
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const { caminho } = request.query as { caminho: string };
      requireWhiteLabelOperator(request, id);
      const tenant = await tenantOf(id);
      checkCaminho(caminho, tenant.layered);
      const [published, drafts] = await app.db.withSystem(async (tx) => [
        await loadPublished(tx, id),
        await loadDrafts(tx, id),
      ]);
      const draft = drafts.find((row) => row.caminho === caminho);
      const patch = draft ? (draft.patch ?? {}) : (published.patches[caminho] ?? {});
      return {
        caminho,
        sistema: app.tenants.schemaFiles[caminho],
        base: tenant.layered[caminho],
        patch,
        revisao: draft?.revisao ?? 0,
        rascunho: Boolean(draft),
      };
    },
  );

  app.put(
    '/api/ConfigWhiteLabels/:id/customizacoes/rascunhos',
    {
      schema: {
        operationId: 'configWhiteLabelsCustomizacoesSalvarRascunho',
        tags: ['ConfigWhiteLabels'],
        summary:
          'Salva o rascunho de um schema (patch RFC 7396 inteiro do caminho; null restaura o padrão); valida antes de gravar',
        params: idParams,
        body: {
          type: 'object',
          required: ['caminho', 'patch', 'revisao'],
          additionalProperties: false,
          properties: {
            caminho: { type: 'string', minLength: 1, maxLength: 200 },
            patch: { type: ['object', 'null'], additionalProperties: true },
            revisao: {
              type: 'integer',
              minimum: 0,
              description: 'Revisão do rascunho de onde a edição partiu (0: não havia rascunho)',
            },
          },
        },
        response: {
          200: {
            type: 'object',
            required: ['caminho', 'revisao'],
            properties: { caminho: text, revisao: { type: 'integer' } },
          },
          ...configErrorResponses,
          ...errorResponses(422),
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const autor = await operator(request, id);
      const { caminho, patch, revisao } = request.body as {
        caminho: string;
        patch: Record<string, unknown> | null;
        revisao: number;
      };
      const tenant = await tenantOf(id);
      checkCaminho(caminho, tenant.layered);
      if (patch !== null && JSON.stringify(patch).length > MAX_PATCH_BYTES)
        throw new HttpError(
          422,
          'PERSONALIZACAO_GRANDE',
          'A personalização passa de 256 kB: divida-a em partes menores.',
        );
      // Stored as the ordered patch from the white-label's schema to the result, whatever the client sent:
      // the order of new members survives jsonb, and a patch equal in effect is stored the same way.
      const canonical =
        patch === null
          ? null
          : (createOrderedPatch(
              tenant.layered[caminho],
              applyOverride(tenant.layered[caminho], patch),
            ) as Record<string, unknown>);
      const saved = await app.db.withSystem(async (tx) => {
        const published = await loadPublished(tx, id);
        const drafts = (await loadDrafts(tx, id)).filter((draft) => draft.caminho !== caminho);
        const layer = withDrafts(published.patches, [...drafts, { caminho, patch: canonical }]);
        const { issues } = app.tenants.preview(tenant, layer);
        const own = issues.filter((issue) => issue.file === caminho);
        if (issues.length > 0) throw customizationRefused(own.length > 0 ? own : issues);
        return saveDraft(tx, id, caminho, canonical, revisao, autor);
      });
      return { caminho, revisao: saved };
    },
  );

  app.delete(
    '/api/ConfigWhiteLabels/:id/customizacoes/rascunhos',
    {
      schema: {
        operationId: 'configWhiteLabelsCustomizacoesDescartar',
        tags: ['ConfigWhiteLabels'],
        summary: 'Descarta os rascunhos (todos, ou só o do caminho informado)',
        params: idParams,
        querystring: { type: 'object', properties: { caminho: { type: 'string', maxLength: 200 } } },
        response: {
          200: {
            type: 'object',
            required: ['descartados'],
            properties: { descartados: { type: 'integer' } },
          },
          ...configErrorResponses,
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      requireWhiteLabelOperator(request, id);
      const { caminho } = request.query as { caminho?: string };
      const descartados = await app.db.withSystem((tx) => discardDrafts(tx, id, caminho));
      return { descartados };
    },
  );

  app.get(
    '/api/ConfigWhiteLabels/:id/customizacoes/comparacao',
    {
      schema: {
        operationId: 'configWhiteLabelsCustomizacoesComparar',
        tags: ['ConfigWhiteLabels'],
        summary:
          'O que os rascunhos mudam em relação ao publicado, propriedade por propriedade, em português',
        params: idParams,
        response: {
          200: {
            type: 'object',
            required: ['alteracoes'],
            properties: { alteracoes: { type: 'array', items: changeSchema } },
          },
          ...configErrorResponses,
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      requireWhiteLabelOperator(request, id);
      const tenant = await tenantOf(id);
      const [published, drafts] = await app.db.withSystem(async (tx) => [
        await loadPublished(tx, id),
        await loadDrafts(tx, id),
      ]);
      const after = app.tenants.preview(tenant, withDrafts(published.patches, drafts));
      return {
        alteracoes: describeCustomizationDiff(
          tenant.schemas,
          after.issues.length === 0 ? after.schemas : tenant.schemas,
          drafts.map((draft) => draft.caminho),
        ),
      };
    },
  );

  app.get(
    '/api/ConfigWhiteLabels/:id/customizacoes/previa',
    {
      schema: {
        operationId: 'configWhiteLabelsCustomizacoesPrevia',
        tags: ['ConfigWhiteLabels'],
        summary:
          'Os schemas do white-label com os rascunhos aplicados (o "Visualizar" do operador; os usuários não os veem)',
        params: idParams,
        response: { 200: schemaBundleShape, ...configErrorResponses, ...errorResponses(422) },
      },
    },
    async (request, reply) => {
      const { id } = request.params as { id: number };
      requireWhiteLabelOperator(request, id);
      const tenant = await tenantOf(id);
      const [published, drafts] = await app.db.withSystem(async (tx) => [
        await loadPublished(tx, id),
        await loadDrafts(tx, id),
      ]);
      const preview = app.tenants.preview(tenant, withDrafts(published.patches, drafts));
      if (preview.issues.length > 0) throw customizationRefused(preview.issues);
      reply.header('Cache-Control', 'no-store');
      return schemaBundle(preview.schemas);
    },
  );

  app.post(
    '/api/ConfigWhiteLabels/:id/customizacoes/publicar',
    {
      schema: {
        operationId: 'configWhiteLabelsCustomizacoesPublicar',
        tags: ['ConfigWhiteLabels'],
        summary:
          'Publica os rascunhos como uma nova versão; os navegadores do white-label recarregam os schemas',
        params: idParams,
        body: {
          type: 'object',
          additionalProperties: false,
          properties: { resumo: { type: 'string', maxLength: 500 } },
        },
        response: {
          200: { type: 'object', required: ['versao'], properties: { versao: { type: 'integer' } } },
          ...configErrorResponses,
          ...errorResponses(422),
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      const autor = await operator(request, id);
      const { resumo } = (request.body ?? {}) as { resumo?: string };
      const tenant = await tenantOf(id);
      const versao = await app.db.withSystem(async (tx) => {
        // The drafts are read under lock: a save that lands after this point stays a draft.
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`customizacao:${id}`]);
        const drafts = await tx.query<{ caminho: string; patch: Record<string, unknown> | null }>(
          'SELECT caminho, patch FROM customizacao_rascunho WHERE config_white_label_id = $1 FOR UPDATE',
          [id],
        );
        if (drafts.length === 0)
          throw new HttpError(409, 'SEM_RASCUNHOS', 'Não há rascunhos para publicar: altere uma tela antes.');
        const published = await loadPublished(tx, id);
        const layer = withDrafts(
          published.patches,
          drafts.map((row) => ({ caminho: row.caminho, patch: row.patch ?? null })),
        );
        const { issues } = app.tenants.preview(tenant, layer);
        if (issues.length > 0) throw customizationRefused(issues);
        const novo = await writeVersion(tx, id, layer, autor, resumo ?? null, null);
        await discardDrafts(tx, id);
        return novo;
      });
      await app.tenants.reload();
      app.realtime?.schemasPublished(id, versao);
      return { versao };
    },
  );

  app.get(
    '/api/ConfigWhiteLabels/:id/customizacoes/versoes',
    {
      schema: {
        operationId: 'configWhiteLabelsCustomizacoesVersoes',
        tags: ['ConfigWhiteLabels'],
        summary: 'Histórico das versões publicadas (autor, data, schemas personalizados)',
        params: idParams,
        response: {
          200: {
            type: 'array',
            items: {
              type: 'object',
              required: ['versao', 'criadoEm', 'caminhos'],
              properties: {
                versao: { type: 'integer' },
                resumo: nullableText,
                restauradaDe: { type: ['integer', 'null'] },
                autorNome: nullableText,
                criadoEm: { type: 'string', format: 'date-time' },
                caminhos: { type: 'array', items: text },
              },
            },
          },
          ...configErrorResponses,
        },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      requireWhiteLabelOperator(request, id);
      return app.db.withSystem((tx) => listVersions(tx, id));
    },
  );

  app.post(
    '/api/ConfigWhiteLabels/:id/customizacoes/versoes/:versao/restaurar',
    {
      schema: {
        operationId: 'configWhiteLabelsCustomizacoesRestaurar',
        tags: ['ConfigWhiteLabels'],
        summary:
          'Restaura uma versão: grava uma nova versão com as personalizações dela (só schemas; nenhum dado é apagado)',
        params: versionParams,
        response: {
          200: { type: 'object', required: ['versao'], properties: { versao: { type: 'integer' } } },
          ...configErrorResponses,
          ...errorResponses(422),
        },
      },
    },
    async (request) => {
      const { id, versao } = request.params as { id: number; versao: number };
      const autor = await operator(request, id);
      const tenant = await tenantOf(id);
      const novo = await app.db.withSystem(async (tx) => {
        const patches = await loadVersion(tx, id, versao);
        const { issues } = app.tenants.preview(tenant, patches);
        if (issues.length > 0) throw customizationRefused(issues);
        return writeVersion(tx, id, patches, autor, `Restauração da versão ${versao}`, versao);
      });
      await app.tenants.reload();
      app.realtime?.schemasPublished(id, novo);
      return { versao: novo };
    },
  );
}
