import { TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { widgetTextFieldProps } from './widgetTextFieldProps.ts';

/** Calendar date with the browser's date input; stores 'YYYY-MM-DD' (a longer ISO value is cut to the date). */
export function DateWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value.slice(0, 10) : '';
  return (
    <TextField
      {...widgetTextFieldProps(props)}
      type="date"
      value={value}
      onChange={(event) => props.onChange(event.target.value || props.options.emptyValue)}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
}
