import type { DocumentTransition } from '../../../core/documents/documentDefinition.ts';
import type { PostingEffect } from '../../../core/documents/postingEffects.ts';
import { HttpError } from '../../errors.ts';
import { postingServices } from '../../postings/index.ts';
import { getRecord } from '../records/getRecord.ts';
import { applyIncludes } from '../records/includeRelations.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { documentStatus } from './documentStatus.ts';
import { lockDocument } from './lockDocument.ts';
import { recordHistory } from './recordHistory.ts';

const q = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * POST /api/<Resource>/{id}/<action>: locks the document, checks that its state is one the transition
 * starts from (409 otherwise), runs the transition's effects (posting services) and sets the new state,
 * all in the caller's transaction — a refused effect rolls everything back. Records the history entry and
 * returns the document with its child collections.
 */
export async function runTransition(
  context: RecordContext,
  id: number,
  transition: DocumentTransition,
  agora: string,
): Promise<{ row: Record<string, unknown>; de: string }> {
  const { tx, record, scope } = context;
  const { entity } = record;
  const document = entity.document;
  if (!document) throw new Error(`${entity.name} não é um documento`);
  const doc = await lockDocument(context, id);
  const de = documentStatus(document, doc);
  if (!transition.from.includes(de)) {
    const article = entity.gender === 'f' ? 'a' : 'o';
    throw new HttpError(
      409,
      'TRANSICAO_INVALIDA',
      `Não é possível ${transition.label.toLowerCase()}: ${article} ${entity.label.toLowerCase()} está ${document.states[de]?.label.toLowerCase() ?? de}.`,
      { situacao: de, acao: transition.action },
    );
  }
  const include = Object.keys(entity.children).map((relation) => ({ relation }));
  // Items are read with the document's permission, as they are written.
  const resolvers = { targetOf: context.lookupTarget, lookupTarget: context.lookupTarget };
  await applyIncludes(tx, record, [doc], include, scope, resolvers);
  for (const effect of transition.effects ?? [])
    await postingServices[effect as PostingEffect]({ ...context, doc, transition, agora });
  const column = record.fieldMap[document.statusField]?.column ?? document.statusField;
  await tx.query(
    `UPDATE ${q(entity.table)} SET ${q(column)} = $2, versao = versao + 1, alterado_em = now(), alterado_por = $3 WHERE id = $1`,
    [id, transition.to, scope.usuarioId],
  );
  await recordHistory(tx, scope, {
    entidade: entity.base,
    registroId: id,
    acao: transition.action,
    de,
    para: transition.to,
  });
  return { row: await getRecord(context, id, { include }), de };
}
