import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ResolvedEntity, resolveEntity } from '../../../core/resolveEntity.ts';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import type { AuthInfo } from '../../context.ts';
import { requirePermission } from '../../plugins/auth.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { recordEntity } from '../records/recordEntity.ts';

/** What an Estoque tool receives: the records context of produto (tenant transaction) and the user. */
export interface EstoqueToolContext extends RecordContext {
  auth: AuthInfo;
}

const bases = new WeakMap<object, Map<string, ResolvedEntity>>();

/** The base entity the schema sync built the table from (tenant patches never reach a missing column). */
function baseEntity(files: SchemaFiles, name: string): ResolvedEntity {
  let byName = bases.get(files);
  if (!byName) {
    byName = new Map();
    bases.set(files, byName);
  }
  let entity = byName.get(name);
  if (!entity) {
    entity = resolveEntity(name, files);
    byName.set(name, entity);
  }
  return entity;
}

/**
 * Runs a tool of the Estoque screens: checks the screen's own permission key (the menu entry's data.key)
 * at `level`, resolves produto as the request's white-label sees it and opens the tenant transaction
 * (role erp_app, RLS on the user's company) — the same set-up as the generic records API, so its
 * validation and write services can be reused as they are.
 */
export async function runEstoqueTool<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  key: string,
  level: number,
  fn: (context: EstoqueToolContext) => Promise<T>,
): Promise<T> {
  const auth = requirePermission(request, key, level);
  const baseFiles = app.tenants.schemaFiles;
  const schemas = (request.tenant?.schemas as SchemaFiles | undefined) ?? baseFiles;
  const lookupTarget = (name: string) => recordEntity(schemas, name, baseEntity(baseFiles, name));
  const record = lookupTarget('produto');
  const scope = { empresaId: auth.empresaId, filialId: auth.filialId, usuarioId: auth.usuarioId };
  return app.db.withTenant(scope, (tx) =>
    fn({ tx, record, scope, targetOf: lookupTarget, lookupTarget, auth }),
  );
}
