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
 * Runs a tool of a screen with behaviour of its own: checks the screen's permission key (the menu
 * entry's data.key) at `level`, resolves `entityName` as the request's white-label sees it and opens the
 * tenant transaction (role erp_app, RLS on the user's company and branch) — the same set-up as the
 * generic records API, so its validation and write services can be reused as they are. A branch-scoped
 * entity needs a selected branch.
 */
export async function runScreenTool<T>(
  app: FastifyInstance,
  request: FastifyRequest,
  access: { key: string; level: number; entityName: string },
  fn: (context: ScreenToolContext) => Promise<T>,
): Promise<T> {
  const auth = requirePermission(request, access.key, access.level);
  const baseFiles = app.tenants.schemaFiles;
  const schemas = (request.tenant?.schemas as SchemaFiles | undefined) ?? baseFiles;
  const lookupTarget = (name: string) => recordEntity(schemas, name, baseEntity(baseFiles, name));
  const record = lookupTarget(access.entityName);
  if (record.entity.scope === 'filial' && !auth.filialId) {
    throw new HttpError(400, 'FILIAL_NAO_SELECIONADA', 'Selecione uma filial para continuar.');
  }
  const scope = { empresaId: auth.empresaId, filialId: auth.filialId, usuarioId: auth.usuarioId };
  return app.db.withTenant(scope, (tx) =>
    fn({ tx, record, scope, targetOf: lookupTarget, lookupTarget, auth }),
  );
}
