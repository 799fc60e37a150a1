import { TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { cpfCnpjMask } from '../../auth/cpfCnpjMask.ts';
import { widgetTextFieldProps } from './widgetTextFieldProps.ts';

/** CPF or CNPJ (numeric or alphanumeric, upper-cased), masked as typed; stores the masked text. */
export function CpfCnpjWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <TextField
      {...widgetTextFieldProps(props)}
      value={cpfCnpjMask(value)}
      onChange={(event) => props.onChange(cpfCnpjMask(event.target.value) || props.options.emptyValue)}
      slotProps={{ htmlInput: { maxLength: 18, autoCapitalize: 'characters', inputMode: 'text' } }}
    />
  );
}
