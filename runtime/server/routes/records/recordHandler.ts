import type { FastifyInstance, FastifyRequest } from 'fastify';
import { checkPermission } from '../../../core/checkPermission.ts';
import type { ResolvedEntity } from '../../../core/resolveEntity.ts';
import { PermissionLevel } from '../../../core/types.ts';
import type { SchemaFiles } from '../../../core/validateSchemaSet.ts';
import { HttpError } from '../../errors.ts';
import { requireAvancoOrMaster, requirePermission } from '../../plugins/auth.ts';
import type { RecordContext } from '../../services/records/recordContext.ts';
import { recordEntity } from '../../services/records/recordEntity.ts';

/**
 * Runs one records operation for a request; `level` is the permission the HTTP method needs, on the
 * entity's key or on `permission` (a document transition declaring its own key).
 */
export type RecordRunner = <T>(
  request: FastifyRequest,
  level: number,
  fn: (context: RecordContext) => Promise<T>,
  permission?: string,
) => Promise<T>;

/**
 * Builds the runner shared by an entity's routes: checks the entity's permission key at `level` (writes
 * to a global entity: platform staff only), resolves the entity as the request's white-label sees it,
 * and opens the tenant transaction (RLS) for the user's company and selected branch.
 */
export function recordHandler(
  app: FastifyInstance,
  entity: ResolvedEntity,
  files: SchemaFiles,
  baseOf: (name: string) => ResolvedEntity | undefined,
): RecordRunner {
  return async (request, level, fn, permission) => {
    const schemas = (request.tenant?.schemas as SchemaFiles | undefined) ?? files;
    const record = recordEntity(schemas, entity.name, entity);
    const auth =
      entity.scope === 'global' && level > PermissionLevel.VISUALIZAR
        ? requireAvancoOrMaster(request)
        : requirePermission(request, permission ?? record.entity.permission, level);
    if (entity.scope === 'filial' && !auth.filialId) {
      throw new HttpError(
        400,
        'FILIAL_NAO_SELECIONADA',
        auth.apiKeyId === undefined
          ? 'Selecione uma filial para acessar este cadastro.'
          : 'Esta chave de API não tem filial: defina a filial da chave para acessar este cadastro.',
      );
    }
    const lookupTarget = (name: string) => recordEntity(schemas, name, baseOf(name));
    const targetOf = (name: string) => {
      const target = lookupTarget(name);
      if (!checkPermission(auth, target.entity.permission, PermissionLevel.VISUALIZAR)) {
        throw new HttpError(
          403,
          'ACESSO_NEGADO',
          `Você não tem permissão para ver ${target.entity.labelPlural.toLowerCase()}. Fale com o administrador da empresa.`,
        );
      }
      return target;
    };
    const scope = { empresaId: auth.empresaId, filialId: auth.filialId, usuarioId: auth.usuarioId };
    // A read (find, findOne, count, findById, exists) runs READ ONLY, in one round trip when it is one query.
    return app.db.withTenant(
      { empresaId: auth.empresaId, usuarioId: auth.usuarioId, filialId: auth.filialId },
      (tx) => fn({ tx, record, scope, targetOf, lookupTarget, auth }),
      { readOnly: level === PermissionLevel.VISUALIZAR },
    );
  };
}
