import type { DocumentTransition } from '../../../core/documents/documentDefinition.ts';
import type { PostingEffect } from '../../../core/documents/postingEffects.ts';
import { HttpError } from '../../errors.ts';
import type { DomainEvent } from '../../postings/domainEvents.ts';
import { postingServices } from '../../postings/index.ts';
import { selectList } from '../records/buildRecordQuery.ts';
import { applyIncludes } from '../records/includeRelations.ts';
import type { RecordContext } from '../records/recordContext.ts';
import { amendDocument } from './amendDocument.ts';
import { documentStatus } from './documentStatus.ts';
import { lockDocument } from './lockDocument.ts';

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
  /** Collects the domain events of other documents the effects changed (PostingContext.events). */
  events?: DomainEvent[],
): Promise<{ row: Record<string, unknown>; de: string }> {
  const { tx, record, scope } = context;
  const { entity } = record;
  const document = entity.document;
  if (!document) throw new Error(`${entity.name} não é um documento`);
  const doc = await lockDocument(context, id);
  const de = documentStatus(document, doc);
  if (!transition.from.includes(de)) {
    const article = entity.gender === 'f' ? 'a' : 'o';
    const estado = document.states[de]?.label.toLowerCase() ?? de;
    // Repeating a transition already taken names the document: "O pedido de venda 123 já foi faturado."
    if (de === transition.to) {
      const numero = document.numbering ? doc[document.numbering.field] : undefined;
      throw new HttpError(
        409,
        'TRANSICAO_INVALIDA',
        `${article.toUpperCase()} ${entity.label.toLowerCase()}${numero === undefined || numero === null ? '' : ` ${numero}`} já foi ${estado}.`,
        { situacao: de, acao: transition.action },
      );
    }
    throw new HttpError(
      409,
      'TRANSICAO_INVALIDA',
      `Não é possível ${transition.label.toLowerCase()}: ${article} ${entity.label.toLowerCase()} está ${estado}.`,
      { situacao: de, acao: transition.action },
    );
  }
  const include = Object.keys(entity.children).map((relation) => ({ relation }));
  // Items are read with the document's permission, as they are written.
  const resolvers = { targetOf: context.lookupTarget, lookupTarget: context.lookupTarget };
  await applyIncludes(tx, record, [doc], include, scope, resolvers);
  for (const effect of transition.effects ?? [])
    await postingServices[effect as PostingEffect]({ ...context, doc, transition, agora, events });
  // Amend: the new version (initial state, a copy of what was typed) is created after the estorno.
  const novaVersao = transition.amend ? await amendDocument(context, doc) : undefined;
  const nextField = transition.amend ? document.amend?.nextField : undefined;
  const next = nextField
    ? `, ${q(record.fieldMap[nextField]?.column ?? nextField)} = ${Number(novaVersao)}`
    : '';
  const column = record.fieldMap[document.statusField]?.column ?? document.statusField;
  // One statement sets the new state, appends the history entry (as recordHistory does) and returns the
  // document in API shape; posting services write ledgers, never the document or its items, so the items
  // read above are still the document's.
  const updated = await tx.one<Record<string, unknown>>(
    `WITH doc AS (
       UPDATE ${q(entity.table)} SET ${q(column)} = $2${next}, versao = versao + 1, alterado_em = now(), alterado_por = $3
        WHERE id = $1 RETURNING *),
     hist AS (
       INSERT INTO documento_historico (empresa_id, entidade, registro_id, acao, situacao_de, situacao_para, usuario_id, diferencas)
       SELECT $4, $5, $1, $6, $7, $2, $3, '{}' FROM doc)
     SELECT ${selectList(record)} FROM doc AS ${q(entity.table)}`,
    [id, transition.to, scope.usuarioId, scope.empresaId, entity.base, transition.action, de],
  );
  const row = { ...updated };
  for (const relation of Object.keys(entity.children)) row[relation] = doc[relation];
  return { row, de };
}
