import { TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { widgetTextFieldProps } from './widgetTextFieldProps.ts';

/**
 * A multi-line text that counts its characters against the schema's maxLength ("12/2000 caracteres"
 * under it while the field has no error); ui:options.rows is its starting height.
 */
export function CounterTextareaWidget(props: WidgetProps) {
  const value = typeof props.value === 'string' ? props.value : '';
  const max = props.schema.maxLength;
  const rows = Number(props.options.rows) || 3;
  return (
    <TextField
      {...widgetTextFieldProps(props)}
      multiline
      minRows={rows}
      value={value}
      onChange={(event) => props.onChange(event.target.value || props.options.emptyValue)}
      helperText={props.rawErrors?.length ? undefined : `${value.length}/${max ?? '∞'} caracteres`}
      slotProps={{ htmlInput: max ? { maxLength: max } : {} }}
    />
  );
}
