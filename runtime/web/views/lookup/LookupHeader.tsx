import { Button } from '@mui/material';
import Icon from '@mui/material/Icon';
import { useState } from 'react';
import { checkPermission } from '../../../core/checkPermission.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { callOperation } from '../../api/callOperation.ts';
import { useRuntime, useSession } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { fillFormatted, formulaText } from '../tool/fillFormatted.ts';
import { fillQuery } from './fillQuery.ts';
import type { LookupScreen } from './lookupTypes.ts';
import { useFormButtonAllowed } from './useFormButtonAllowed.ts';
import type { useLookupController } from './useLookupController.ts';

type Action = NonNullable<LookupScreen['actions']>[number];
type Controller = ReturnType<typeof useLookupController>;

/**
 * The declared `actions` of a lookup the user may take, as buttons (contained beside the title; `small`
 * text buttons in a row): each asks its confirmation (filled from the last answer), calls its operation
 * with the lookup's request values and its own `values`, toasts its success and reads the rows again.
 */
export function LookupActions({
  declaration,
  c,
  size,
}: {
  declaration: LookupScreen;
  c: Controller;
  size?: 'small';
}) {
  const { api } = useRuntime();
  const { user } = useSession();
  const notify = useNotify();
  const showError = useActionError();
  const [running, setRunning] = useState(false);
  const actions = (declaration.actions ?? []).filter(
    (action) =>
      (!action.staffOnly || user?.isAvanco === true) &&
      (!action.permission ||
        checkPermission(user, action.permission, PermissionLevel[action.level ?? 'ALTERAR'])),
  );

  const run = async (action: Action) => {
    const answer = c.data ?? {};
    const { confirm } = action;
    if (
      confirm &&
      !(await notify.confirm({
        ...(confirm.title ? { title: fillFormatted(confirm.title, answer) } : {}),
        message: fillFormatted(confirm.message, answer),
        confirmLabel: confirm.label ?? action.label,
      }))
    )
      return;
    setRunning(true);
    try {
      const { error } = await callOperation(api, action.operationId, {
        ...c.values,
        ...fillQuery(action.values, answer),
      });
      if (error) throw error;
      if (action.success) notify.toast(formulaText(action.success, answer), { severity: 'success' });
      c.reload();
    } catch (error) {
      await showError(error);
    } finally {
      setRunning(false);
    }
  };

  return actions.map((action) => (
    <Button
      key={action.operationId}
      variant={size ? 'text' : 'contained'}
      size={size}
      startIcon={action.icon && !size ? <Icon>{action.icon}</Icon> : undefined}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
      disabled={running || c.loading}
      onClick={() => void run(action)}
    >
      {size ? (action.rowLabel ?? action.label) : action.label}
    </Button>
  ));
}

/**
 * A lookup page's h1 and description, with on the right the declared form's create button (a dialog;
 * not for an `inline` form) and the declared actions (LookupActions).
 */
export function LookupHeader({
  declaration,
  c,
  onCreate,
}: {
  declaration: LookupScreen;
  c: Controller;
  onCreate(): void;
}) {
  const allowed = useFormButtonAllowed();
  const create = declaration.form && !declaration.form.inline ? declaration.form.create : undefined;
  const hasActions = (declaration.actions ?? []).length > 0;
  const createButton = create && allowed(create) && (
    <Button
      variant="contained"
      startIcon={create.icon ? <Icon>{create.icon}</Icon> : undefined}
      onClick={onCreate}
    >
      {create.label}
    </Button>
  );
  return (
    <PageHeader
      title={declaration.title}
      description={declaration.description}
      actions={
        createButton || hasActions ? (
          <>
            {createButton}
            <LookupActions declaration={declaration} c={c} />
          </>
        ) : undefined
      }
    />
  );
}
