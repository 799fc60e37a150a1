import { TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { widgetTextFieldProps } from './widgetTextFieldProps.ts';

const CEP_DIGITS = 8;

/** Masks a CEP as typed: '01310100' → '01310-100'. */
function cepMask(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, CEP_DIGITS);
  return digits.length > 5 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
}

/** CEP masked as 00000-000; stores the masked text. */
export function CepWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <TextField
      {...widgetTextFieldProps(props)}
      value={cepMask(value)}
      onChange={(event) => props.onChange(cepMask(event.target.value) || props.options.emptyValue)}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
    />
  );
}
