import type { DocumentAction } from '../../../core/documents/documentDefinition.ts';
import type { PostingEffect } from '../../../core/documents/postingEffects.ts';
import type { DomainEvent } from '../../postings/domainEvents.ts';
import { postingServices } from '../../postings/index.ts';
import { selectList } from '../records/buildRecordQuery.ts';
import { applyIncludes } from '../records/includeRelations.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { lockDocument } from './lockDocument.ts';
import { rowDiff } from './recordHistory.ts';

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * POST /api/<Resource>/{id}/<action> of an action without a state change (entity `actions`): locks the
 * record, runs the action's effects (posting services, which decide whether it may run and answer 409
 * otherwise) in the caller's transaction, bumps the version and appends the history entry with the fields
 * the effects changed. Returns the record with its child collections.
 */
export async function runAction(
  context: RecordContext,
  id: number,
  action: DocumentAction,
  agora: string,
  /** Collects the domain events of other documents the effects changed (PostingContext.events). */
  events?: DomainEvent[],
): Promise<Record<string, unknown>> {
  const { tx, record, scope } = context;
  const { entity } = record;
  const doc = await lockDocument(context, id);
  const before = { ...doc };
  const include = Object.keys(entity.children).map((relation) => ({ relation }));
  const resolvers = { targetOf: context.lookupTarget, lookupTarget: context.lookupTarget };
  await applyIncludes(tx, record, [doc], include, scope, resolvers);
  for (const effect of action.effects)
    await postingServices[effect as PostingEffect]({ ...context, doc, transition: action, agora, events });
  const updated = await tx.one<Record<string, unknown>>(
    `WITH doc AS (
       UPDATE ${q(entity.table)} SET versao = versao + 1, alterado_em = now(), alterado_por = $2
        WHERE id = $1 RETURNING *)
     SELECT ${selectList(record)} FROM doc AS ${q(entity.table)}`,
    [id, scope.usuarioId],
  );
  await tx.query(
    `INSERT INTO documento_historico (empresa_id, entidade, registro_id, acao, usuario_id, diferencas)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      scope.empresaId,
      entity.base,
      id,
      action.action,
      scope.usuarioId,
      JSON.stringify(rowDiff(before, updated)),
    ],
  );
  const row = { ...updated };
  for (const relation of Object.keys(entity.children)) row[relation] = doc[relation];
  return row;
}
