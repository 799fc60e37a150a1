import { TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { formatBRL, parseBRL } from '../../../core/formatMoney.ts';
import { widgetTextFieldProps } from './widgetTextFieldProps.ts';

/**
 * Cash-register entry: digits fill from the cents up, so typing 123456 (or 1234,56) shows 'R$ 1.234,56'.
 * A minus sign anywhere makes the amount negative; clearing the field stores nothing.
 */
function readTyped(text: string): number | undefined {
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (!digits) return undefined;
  const amount = Number(digits) / 100;
  return text.includes('-') ? -amount : amount;
}

/** Money in BRL ('R$ 1.234,56'); stores a number. */
export function MoneyWidget(props: WidgetProps) {
  const value = typeof props.value === 'number' ? props.value : parseBRL(String(props.value ?? ''));
  return (
    <TextField
      {...widgetTextFieldProps(props)}
      value={value === null ? '' : formatBRL(value)}
      onChange={(event) => props.onChange(readTyped(event.target.value) ?? props.options.emptyValue)}
      slotProps={{ htmlInput: { inputMode: 'numeric', style: { textAlign: 'right' } } }}
    />
  );
}
