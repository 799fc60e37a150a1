import { type OperationId, operations } from '../../../../generated/operations.ts';
import { callOperation } from '../../api/callOperation.ts';
import type { ApiClient } from '../../api/createApiClient.ts';
import type { Notify } from '../../ui/NotifyProvider.tsx';
import { saveBlob } from '../tool/downloadArquivo.ts';
import { fillFormatted } from '../tool/fillFormatted.ts';
import type { GridRowAction } from './listTypes.ts';

/**
 * A declared row action (of a grid or a lookup, grid meta-schema `rowAction`): asks its `input` text (sent as
 * a body field) or its confirmation —
 * title and message filled from the row's {field} placeholders, the button says the action's label unless
 * it declares its own —, calls its operation with the
 * row's id and toasts its success (placeholders filled too). Resolves true when the operation ran (the caller reads the rows again);
 * a `download` saves the answer under its fileName instead, a `route` opens that page, and both resolve false (nothing changed).
 */
export async function runRowAction(
  context: { api: ApiClient; notify: Notify; showError(error: unknown): Promise<unknown> },
  action: GridRowAction,
  row: { id?: unknown },
  done = 'Ação realizada com sucesso.',
): Promise<boolean> {
  const { api, notify, showError } = context;
  // A typed text (a justificativa) asked instead of the plain confirmation.
  let typed: Record<string, string> = {};
  if (action.input) {
    const text = await notify.prompt({
      title: fillFormatted(action.confirmTitle ?? action.label, row),
      ...(action.confirm ? { message: fillFormatted(action.confirm, row) } : {}),
      label: action.input.label,
      ...(action.input.minLength !== undefined ? { minLength: action.input.minLength } : {}),
      ...(action.input.maxLength !== undefined ? { maxLength: action.input.maxLength } : {}),
      ...(action.input.help ? { help: action.input.help } : {}),
      confirmLabel: action.confirmLabel ?? action.label,
    });
    if (text === null) return false;
    typed = { [action.input.field]: text };
  } else if (action.confirm) {
    const ok = await notify.confirm({
      ...(action.confirmTitle ? { title: fillFormatted(action.confirmTitle, row) } : {}),
      message: fillFormatted(action.confirm, row),
      confirmLabel: action.confirmLabel ?? action.label,
    });
    if (!ok) return false;
  }
  if (action.route || !action.action) {
    // A row that opens a page (its detail): nothing changed here.
    window.location.hash = `#/${fillFormatted(action.route ?? '', row).replace(/^[#/]+/, '')}`;
    return false;
  }
  // Path segments other than the id are read from the row (e.g. a table keyed by its UF).
  const values: Record<string, unknown> = { ...typed, id: row.id };
  for (const [, name] of operations[action.action as OperationId]?.path.matchAll(/\{(\w+)\}/g) ?? [])
    values[name as string] ??= (row as Record<string, unknown>)[name as string];
  const { data, error } = await callOperation(
    api,
    action.action,
    values,
    action.download ? { parseAs: 'blob' } : {},
  );
  if (!error && action.download) {
    saveBlob(data as Blob, fillFormatted(action.download.fileName, row));
    return false;
  }
  if (error) {
    await showError(error);
    return false;
  }
  notify.toast(action.success ? fillFormatted(action.success, row) : done, { severity: 'success' });
  return true;
}
