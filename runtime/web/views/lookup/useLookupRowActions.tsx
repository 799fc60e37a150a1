import { type ReactNode, useState } from 'react';
import { useRuntime, useSession } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { RowActionButton } from '../list/RowActions.tsx';
import { rowActionAllowed, rowActionShown } from '../list/rowActionAllowed.ts';
import { runRowAction } from '../list/runRowAction.ts';
import { fillFormatted } from '../tool/fillFormatted.ts';
import { DeclaredFormDialog } from './DeclaredFormDialog.tsx';
import type { LookupScreen } from './lookupTypes.ts';
import { useFormButtonAllowed } from './useFormButtonAllowed.ts';

type Row = Record<string, unknown>;

/**
 * The buttons of a lookup's rows — the declared form's edit first, then the row actions the user may
 * take (by the screen's permission unless their own), texts filled from the row — and the form dialog
 * (a row's, or a new record's while `creating`). After a save or an action, `reload` reads the rows again.
 */
export function useLookupRowActions(
  declaration: LookupScreen,
  reload: () => void,
  create: { creating?: boolean; onCreateClosed?(): void; params?: Record<string, string> },
): { actions?: (row: unknown) => ReactNode; dialog: ReactNode } {
  const { api } = useRuntime();
  const { user } = useSession();
  const notify = useNotify();
  const showError = useActionError();
  const allowed = useFormButtonAllowed();
  const [editing, setEditing] = useState<Row | null>(null);
  const { form } = declaration;
  const edit = form?.edit && allowed(form.edit) ? form.edit : null;
  const rowActions = (declaration.rowActions ?? []).filter((action) =>
    rowActionAllowed(user, action, declaration.permission),
  );
  const close = () => {
    setEditing(null);
    create.onCreateClosed?.();
  };
  const button = editing ? form?.edit : create.creating ? form?.create : undefined;
  return {
    actions:
      rowActions.length === 0 && !edit
        ? undefined
        : (row: unknown) => (
            <>
              {edit && (
                <RowActionButton
                  label={fillFormatted(edit.label, row)}
                  tooltip={edit.tooltip && fillFormatted(edit.tooltip, row)}
                  icon={edit.icon ?? 'edit'}
                  onClick={() => setEditing(row as Row)}
                />
              )}
              {rowActions
                .filter((action) => rowActionShown(action, row))
                .map((action) => (
                  <RowActionButton
                    key={action.action}
                    label={fillFormatted(action.label, row)}
                    tooltip={action.tooltip && fillFormatted(action.tooltip, row)}
                    icon={action.icon ?? 'play_arrow'}
                    onClick={() =>
                      void runRowAction({ api, notify, showError }, action, row as Row).then(
                        (done) => done && reload(),
                      )
                    }
                  />
                ))}
            </>
          ),
    dialog:
      form && button ? (
        <DeclaredFormDialog
          form={form}
          button={button}
          params={create.params}
          row={editing ?? undefined}
          onClose={close}
          onSaved={() => {
            close();
            reload();
          }}
        />
      ) : null,
  };
}
