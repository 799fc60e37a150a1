import { useCallback } from 'react';
import { MESSAGES } from '../../core/constants.ts';
import { extractErrorMessage } from '../../core/extractErrorMessage.ts';
import { isInfoError } from '../../core/isInfoError.ts';
import { useNotify } from './NotifyProvider.tsx';

/**
 * The generic action error dialog of spec 000 §8: "Atenção!" with "Não foi possível realizar esta
 * ação." and "Detalhe: …" as a warning; for "Já existe" or HTTP 409 only the message, as info.
 */
export function useActionError() {
  const notify = useNotify();
  return useCallback(
    (error: unknown) => {
      const message = extractErrorMessage(error);
      if (isInfoError(error))
        return notify.alert({ title: MESSAGES.actionError.title, message, severity: 'info' });
      return notify.alert({
        title: MESSAGES.actionError.title,
        severity: 'warning',
        message: (
          <>
            {MESSAGES.actionError.text}
            <br />
            {MESSAGES.actionError.detail(message)}
          </>
        ),
      });
    },
    [notify],
  );
}
