import { isRecordLocked } from '../../../core/documents/isRecordLocked.ts';
import type { ResolvedEntity } from '../../../core/resolveEntity.ts';
import { HttpError } from '../../errors.ts';
import { documentStatus } from './documentStatus.ts';

/**
 * 409 when a document's state does not allow changes (a posted document is immutable until cancelled):
 * "Este lançamento de estoque está efetivado e não pode ser alterado. …", or when the entity's `lock`
 * holds for the row (a nota fiscal that launched stock or receivables), with the lock's message.
 */
export function assertEditable(entity: ResolvedEntity, row: Record<string, unknown>, verb = 'alterad'): void {
  if (isRecordLocked(entity.lock, row))
    throw new HttpError(409, 'REGISTRO_BLOQUEADO', entity.lock?.message ?? '');
  const document = entity.document;
  if (!document) return;
  const state = document.states[documentStatus(document, row)];
  if (state?.editable) return;
  const ending = entity.gender === 'f' ? 'a' : 'o';
  const undo = document.transitions.some((transition) => transition.effects?.length)
    ? ` Para desfazê-l${ending}, use o estorno.`
    : '';
  throw new HttpError(
    409,
    'DOCUMENTO_NAO_EDITAVEL',
    `Est${ending === 'a' ? 'a' : 'e'} ${entity.label.toLowerCase()} está ${state?.label.toLowerCase() ?? 'fechad'} e não pode ser ${verb}${ending}.${undo}`,
  );
}
