import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type ResolvedEntity, resolveEntity } from '../../../core/resolveEntity.ts';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import type { AuthInfo } from '../../context.ts';
import { HttpError } from '../../errors.ts';
import { requirePermission } from '../../plugins/auth.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { recordEntity } from '../records/recordEntity.ts';

/** What a screen tool receives: the records context of its main entity (tenant transaction) and the user. */
export interface ScreenToolContext extends RecordContext {
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
 * Entity lookup as the request's white-label sees it (tenant patches on labels, required flags…),
 * restricted to the columns of the base entity the schema sync built.
 */
export function screenEntityLookup(app: FastifyInstance, request: FastifyRequest) {
  const baseFiles = app.tenants.schemaFiles;
  const schemas = (request.tenant?.schemas as SchemaFiles | undefined) ?? baseFiles;
  return (name: string) => recordEntity(schemas, name, baseEntity(baseFiles, name));
}

/**
 * Runs a tool of a screen with behaviour of its own: checks the screen's permission key (the menu
 * entry's data.key) at `level`, resolves `entityName` as the request's white-label sees it and opens the
 * tenant transaction (role erp_app, RLS on the user's company and branch) — the same set-up as the
 * generic records API, so its validation and write services can be reused as they are. A branch-scoped
 * entity needs a selected branch. With `entityLevel`, the entity's own permission key is checked too
 * (e.g. a generic import needs CRIAR on the entity it writes).
 */
export async function runScreenTool<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  access: { key: string; level: number; entityName: string; entityLevel?: number },
  fn: (context: ScreenToolContext) => Promise<T>,
): Promise<T> {
  const auth = requirePermission(request, access.key, access.level);
  const lookupTarget = screenEntityLookup(app, request);
  const record = lookupTarget(access.entityName);
  if (access.entityLevel !== undefined)
    requirePermission(request, record.entity.permission, access.entityLevel);
  if (record.entity.scope === 'filial' && !auth.filialId) {
    throw new HttpError(400, 'FILIAL_NAO_SELECIONADA', 'Selecione uma filial para continuar.');
  }
  const scope = { empresaId: auth.empresaId, filialId: auth.filialId, usuarioId: auth.usuarioId };
  return app.db.withTenant(scope, (tx) =>
    fn({ tx, record, scope, targetOf: lookupTarget, lookupTarget, auth }),
  );
}
