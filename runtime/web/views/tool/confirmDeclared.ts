import type { Formula } from '../../../core/screens/evaluateRule.ts';
import type { Notify } from '../../ui/NotifyProvider.tsx';
import { formulaText } from './fillFormatted.ts';

/**
 * Asks a declared confirmation (title, message — a formula — with {path|format} placeholders read from `data`,
 * button label); true without a dialog.
 */
export function confirmDeclared(
  notify: Notify,
  dialog: { title: string; message: Formula; confirmLabel?: string } | undefined,
  data: unknown,
): Promise<boolean> {
  if (!dialog) return Promise.resolve(true);
  return notify.confirm({
    title: dialog.title,
    message: formulaText(dialog.message, data),
    confirmLabel: dialog.confirmLabel,
  });
}
