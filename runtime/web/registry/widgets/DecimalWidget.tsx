import { TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { widgetTextFieldProps } from './widgetTextFieldProps.ts';

/** 1234.5 → '1.234,5' (up to `precision` decimals, none forced). */
const show = (value: unknown, precision: number) =>
  typeof value === 'number' ? value.toLocaleString('pt-BR', { maximumFractionDigits: precision }) : '';

/** '1.234,5' or '1234.5' → 1234.5; undefined when blank or not a number. */
function read(text: string): number | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const normal = trimmed.includes(',') ? trimmed.replace(/\./g, '').replace(',', '.') : trimmed;
  const value = Number(normal);
  return Number.isFinite(value) ? value : undefined;
}

/**
 * A decimal quantity or price typed the Brazilian way ('1.234,5678'): keeps the text while the person
 * types and stores a number (ui:options.precision decimals at most, default 4).
 */
export function DecimalWidget(props: WidgetProps) {
  const precision = Number(props.options.precision ?? 4);
  const [text, setText] = useState(() => show(props.value, precision));
  useEffect(() => {
    setText((current) => (read(current) === props.value ? current : show(props.value, precision)));
  }, [props.value, precision]);
  return (
    <TextField
      {...widgetTextFieldProps(props)}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const value = read(event.target.value);
        props.onChange(value === undefined ? props.options.emptyValue : Number(value.toFixed(precision)));
      }}
      slotProps={{ htmlInput: { inputMode: 'decimal', style: { textAlign: 'right' } } }}
    />
  );
}
