import type { FastifyInstance } from 'fastify';
import { productModules, type StoredModule, switchModules } from '../../../core/productModules.ts';
import { requireWhiteLabelOperator } from '../../plugins/auth.ts';
import { effectiveSettings } from '../../services/configWhiteLabelView.ts';
import { loadConfigRow } from '../../services/loadConfigRow.ts';
import { configErrorResponses, idParams } from './schemas.ts';
import { updateConfig } from './write.ts';

type PlanoModulo = { id?: string; nome?: string; descricao?: string; valor?: number; visivel?: boolean };

const text = { type: 'string' } as const;
export const modulosConfigSchema = {
  $id: 'ModulosConfig',
  type: 'object',
  description: 'Os módulos do produto de um white-label (ativos ou não) e os módulos adicionais dos planos',
  required: ['modulos', 'planoModulos'],
  properties: {
    modulos: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'label', 'ativo'],
        properties: { id: text, label: text, ativo: { type: 'boolean' } },
      },
    },
    planoModulos: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'nome', 'valor', 'visivel'],
        properties: {
          id: text,
          nome: text,
          descricao: text,
          valor: { type: 'number' },
          visivel: { type: 'boolean' },
        },
      },
    },
  },
} as const;

/** A list of {id, <flag>} switches (extra members of the form's rows are ignored). */
const switches = (flag: string) => ({
  type: 'array',
  maxItems: 200,
  items: { type: 'object', required: ['id', flag], properties: { id: text, [flag]: { type: 'boolean' } } },
});

const modulosBody = {
  type: 'object',
  required: ['modulos', 'planoModulos'],
  properties: { modulos: switches('ativo'), planoModulos: switches('visivel') },
};

/**
 * Administrador › Módulos: the product's modules of a white-label as switches (a white-label listing none
 * has them all active) and which plan add-ons are offered, read and saved as one form; the save goes through
 * the configuration's own update (merge, validation, reload of the tenants).
 */
export async function configWhiteLabelModulosRoutes(app: FastifyInstance): Promise<void> {
  app.addSchema(modulosConfigSchema);
  const known = () =>
    ((
      app.tenants.schemaFiles['schemas/permissions/keys.json'] as {
        modules?: Record<string, { label?: string }>;
      }
    )?.modules ?? {}) as Record<string, { label?: string }>;
  const answer = (settings: { modulos?: StoredModule[]; planoModulos?: PlanoModulo[] }) => ({
    modulos: productModules(known(), settings.modulos ?? []),
    planoModulos: (settings.planoModulos ?? []).map((modulo) => ({
      ...modulo,
      id: modulo.id ?? '',
      nome: modulo.nome ?? modulo.id ?? '',
      valor: modulo.valor ?? 0,
      visivel: modulo.visivel !== false,
    })),
  });

  app.get(
    '/api/ConfigWhiteLabels/:id/modulos',
    {
      schema: {
        operationId: 'configWhiteLabelsModulos',
        tags: ['ConfigWhiteLabels'],
        summary:
          'Os módulos do produto (ativos ou não) e os adicionais dos planos de um white-label; seus operadores',
        params: idParams,
        response: { 200: { $ref: 'ModulosConfig#' }, ...configErrorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      requireWhiteLabelOperator(request, id);
      const row = await app.db.withSystem((tx) => loadConfigRow(tx, id, true));
      return answer(effectiveSettings(row) as never);
    },
  );

  app.put(
    '/api/ConfigWhiteLabels/:id/modulos',
    {
      schema: {
        operationId: 'configWhiteLabelsModulosUpdate',
        tags: ['ConfigWhiteLabels'],
        summary:
          'Liga e desliga os módulos do produto de um white-label e escolhe os adicionais visíveis; seus operadores',
        params: idParams,
        body: modulosBody,
        response: { 200: { $ref: 'ModulosConfig#' }, ...configErrorResponses },
      },
    },
    async (request) => {
      const { id } = request.params as { id: number };
      requireWhiteLabelOperator(request, id);
      const body = request.body as {
        modulos: Array<{ id: string; ativo: boolean }>;
        planoModulos: Array<{ id: string; visivel: boolean }>;
      };
      const row = await app.db.withSystem((tx) => loadConfigRow(tx, id, true));
      const settings = effectiveSettings(row) as { modulos?: StoredModule[]; planoModulos?: PlanoModulo[] };
      const saved = await updateConfig(app, id, {
        modulos: switchModules(known(), settings.modulos ?? [], body.modulos),
        planoModulos: (settings.planoModulos ?? []).map((modulo) => ({
          ...modulo,
          visivel: body.planoModulos.find((change) => change.id === modulo.id)?.visivel ?? modulo.visivel,
        })),
      });
      return answer(saved as never);
    },
  );
}
