import { TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { phoneMask } from '../../../core/phoneMask.ts';
import { widgetTextFieldProps } from './widgetTextFieldProps.ts';

/** Brazilian phone shown as (00) 0000-0000 or (00) 0 0000-0000; stores the digits only (fits maxLength 15). */
export function PhoneWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  return (
    <TextField
      {...widgetTextFieldProps(props)}
      type="tel"
      value={phoneMask(value)}
      onChange={(event) => {
        const digits = phoneMask(event.target.value).replace(/\D/g, '');
        props.onChange(digits || props.options.emptyValue);
      }}
      slotProps={{ htmlInput: { inputMode: 'tel' } }}
    />
  );
}
