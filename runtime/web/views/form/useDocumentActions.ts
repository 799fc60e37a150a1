import { useCallback, useMemo, useState } from 'react';
import type { DocumentAction, DocumentTransition } from '../../../core/documents/documentDefinition.ts';
import { documentLifecycle } from '../../../core/documents/documentLifecycle.ts';
import { visibleActions } from '../../../core/documents/visibleActions.ts';
import type { ResolvedEntity } from '../../../core/resolveEntity.ts';
import { useRuntime, useSession } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { recordsRequest } from './recordsRequest.ts';

/** A fresh Idempotency-Key per click: a network retry of the same click never posts twice. */
const newKey = () =>
  globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * The lifecycle of a document in the form (entity `document`, edit mode): state chip, editability and the
 * transitions the user may take (runtime/core documentLifecycle, the server's rule), plus the entity's
 * actions without a state change the record shows (visibleActions); `run` asks the declared confirmation,
 * POSTs /api/<Resource>/{id}/<action> with an Idempotency-Key, toasts and calls `onDone` to read the
 * record again. Errors go to the action error dialog (e.g. "Estoque insuficiente…").
 */
export function useDocumentActions(
  entity: ResolvedEntity,
  id: number | undefined,
  record: Record<string, unknown> | undefined,
  onDone: () => void,
) {
  const { api } = useRuntime();
  const { user } = useSession();
  const notify = useNotify();
  const showActionError = useActionError();
  const [running, setRunning] = useState<string | null>(null);
  const view = useMemo(
    () =>
      entity.document && record && id !== undefined
        ? documentLifecycle(entity.document, record, entity.permission, user)
        : null,
    [entity, record, id, user],
  );
  const actions = useMemo(
    () => (record && id !== undefined ? visibleActions(entity.actions, record, entity.permission, user) : []),
    [entity, record, id, user],
  );
  const run = useCallback(
    async (transition: DocumentTransition | DocumentAction) => {
      if (
        transition.confirm &&
        !(await notify.confirm({ message: transition.confirm, confirmLabel: transition.label }))
      )
        return;
      setRunning(transition.action);
      try {
        await recordsRequest(api, 'POST', `/api/${entity.resource}/${id}/${transition.action}`, {
          body: {},
          headers: { 'Idempotency-Key': newKey() },
        });
        if ('to' in transition) {
          const to = entity.document?.states[transition.to]?.label ?? transition.to;
          notify.toast(`Situação alterada para ${to}.`, { severity: 'success' });
        } else notify.toast(`${transition.label}: feito.`, { severity: 'success' });
        onDone();
      } catch (error) {
        void showActionError(error);
      } finally {
        setRunning(null);
      }
    },
    [api, entity, id, notify, onDone, showActionError],
  );
  return { view, actions, running, run };
}
