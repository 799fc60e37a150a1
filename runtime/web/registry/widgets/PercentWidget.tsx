import { InputAdornment, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { widgetTextFieldProps } from './widgetTextFieldProps.ts';

/** Decimal places a percent column keeps (numeric(9,4)). */
const PERCENT_DECIMALS = 4;

/** '12.5' → '12,5' (pt-BR decimal comma, no grouping). */
const show = (value: unknown): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(value).replace('.', ',') : '';

/** Keeps digits, one comma (a dot counts as one) and a leading minus, with at most four decimals. */
function clean(text: string): string {
  const negative = text.trim().startsWith('-');
  const [integer = '', ...rest] = text
    .replace(/\./g, ',')
    .replace(/[^\d,]/g, '')
    .split(',');
  const fraction = rest.join('').slice(0, PERCENT_DECIMALS);
  return `${negative ? '-' : ''}${integer}${rest.length ? `,${fraction}` : ''}`;
}

/** Percentage typed with a decimal comma and shown with a '%' suffix; stores a number (12,5 % → 12.5). */
export function PercentWidget(props: WidgetProps) {
  const [text, setText] = useState(() => show(props.value));
  const [shown, setShown] = useState<unknown>(props.value);
  if (props.value !== shown) {
    // Changed from outside (load, reset): show the new value unless it is what the text already says.
    setShown(props.value);
    if (Number(clean(text).replace(',', '.')) !== props.value) setText(show(props.value));
  }
  return (
    <TextField
      {...widgetTextFieldProps(props)}
      value={text}
      onChange={(event) => {
        const next = clean(event.target.value);
        setText(next);
        const number = Number(next.replace(',', '.'));
        const value = next === '' || next === '-' || !Number.isFinite(number) ? undefined : number;
        setShown(value);
        props.onChange(value ?? props.options.emptyValue);
      }}
      slotProps={{
        htmlInput: { inputMode: 'decimal', style: { textAlign: 'right' } },
        input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
      }}
    />
  );
}
