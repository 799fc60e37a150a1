import type { Notify } from '../../ui/NotifyProvider.tsx';
import { fillFormatted } from './fillFormatted.ts';

/**
 * Asks a declared confirmation (title, message with {path|format} placeholders read from `data`,
 * button label); true without a dialog.
 */
export function confirmDeclared(
  notify: Notify,
  dialog: { title: string; message: string; confirmLabel?: string } | undefined,
  data: unknown,
): Promise<boolean> {
  if (!dialog) return Promise.resolve(true);
  return notify.confirm({
    title: dialog.title,
    message: fillFormatted(dialog.message, data),
    confirmLabel: dialog.confirmLabel,
  });
}
