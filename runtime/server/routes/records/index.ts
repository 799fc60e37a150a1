import type { FastifyInstance } from 'fastify';
import { childCollectionSchemas } from '../../../core/childCollectionSchemas.ts';
import { entityJsonSchema, type JsonSchema } from '../../../core/entityJsonSchema.ts';
import {
  entityNames,
  entityTypeName,
  enumsOf,
  type ResolvedEntity,
  resolveEntity,
} from '../../../core/resolveEntity.ts';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import { readSchemaFiles } from '../../schemas/readSchemaFiles.ts';
import type { TenantRegistry } from '../../services/tenantRegistry.ts';
import { recordHandler } from './recordHandler.ts';
import { registerRecordRoutes } from './registerRecordRoutes.ts';

/**
 * Moves `default` into the description: openapi-typescript types a property with a default as required,
 * and the server fills defaults itself (the browser form reads them from entityJsonSchema directly).
 */
function documentDefaults(schema: JsonSchema): JsonSchema {
  const properties = Object.entries(schema.properties as Record<string, JsonSchema>).map(
    ([name, property]) => {
      if (!('default' in property)) return [name, property];
      const { default: fallback, ...rest } = property;
      const note = `Padrão: ${JSON.stringify(fallback)}.`;
      return [name, { ...rest, description: rest.description ? `${rest.description} ${note}` : note }];
    },
  );
  return { ...schema, properties: Object.fromEntries(properties) };
}

/**
 * The generic records API: for every entity file of the base schemas, the LoopBack routes under
 * /api/<Resource> with its components <Name> (record), <Name>Input (create/replace) and <Name>Patch.
 * An unmanaged entity (`managed: false`) and a resource already served by a hand-written module
 * (registered before this one) are left to their own routes.
 */
export async function recordsRoutes(app: FastifyInstance): Promise<void> {
  const tenants = app.tenants as TenantRegistry | undefined;
  const files: SchemaFiles = tenants?.schemaFiles ?? (await readSchemaFiles()).files;
  const entities = new Map(entityNames(files).map((name) => [name, resolveEntity(name, files)]));
  const resources = new Set<string>();
  const served = [...entities.values()].filter((entity) => {
    if (entity.managed === false) return false;
    const taken =
      resources.has(entity.resource) || app.hasRoute({ method: 'GET', url: `/api/${entity.resource}` });
    if (taken)
      app.log.warn(
        `records: /api/${entity.resource} já tem rotas próprias; entidade ${entity.name} ignorada`,
      );
    resources.add(entity.resource);
    return !taken;
  });
  const context = { entities: Object.fromEntries(entities), enums: enumsOf(files) };
  const refTargets = new Set(served.map((entity) => entity.name));
  const nested = new Map<string, string>();
  const resolve = (name: string) => (refTargets.has(name) ? entities.get(name) : undefined);
  // Child items are typed by the child's components: <Child> when read, <Child>Nested when written.
  const ref = (child: ResolvedEntity, mode: 'input' | 'output') =>
    mode === 'output' ? `${entityTypeName(child.name)}#` : `${entityTypeName(child.name)}Nested#`;
  for (const entity of served) {
    const type = entityTypeName(entity.name);
    const children = (mode: 'input' | 'output') =>
      childCollectionSchemas(entity, context, mode, resolve, ref);
    app.addSchema(
      entityJsonSchema(entity, context, {
        mode: 'output',
        $id: type,
        openCustom: true,
        refTargets,
        childItems: children('output'),
      }),
    );
    app.addSchema(
      documentDefaults(
        entityJsonSchema(entity, context, {
          mode: 'input',
          $id: `${type}Input`,
          openCustom: true,
          childItems: children('input'),
        }),
      ),
    );
    app.addSchema(
      entityJsonSchema(entity, context, {
        mode: 'patch',
        $id: `${type}Patch`,
        openCustom: true,
        childItems: children('input'),
      }),
    );
    for (const spec of Object.values(entity.children)) nested.set(spec.entity, spec.foreignKey);
  }
  for (const [name, foreignKey] of nested) {
    const child = entities.get(name);
    if (!child || !refTargets.has(name)) continue;
    const $id = `${entityTypeName(name)}Nested`;
    app.addSchema(
      documentDefaults(
        entityJsonSchema(child, context, { mode: 'input', $id, ownedBy: foreignKey, openCustom: true }),
      ),
    );
  }
  const baseOf = (name: string) => entities.get(name);
  for (const entity of served) registerRecordRoutes(app, entity, recordHandler(app, entity, files, baseOf));
}
