import { MenuItem, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { widgetTextFieldProps } from './widgetTextFieldProps.ts';

/**
 * Select over the codes of an enum (the schema's oneOf of {const, title}, which rjsf hands over as
 * enumOptions). Options are addressed by index so integer and string codes keep their type; a field that
 * is not required offers an empty choice. An array value makes it a multiple select.
 */
export function EnumWidget(props: WidgetProps) {
  const options = props.options.enumOptions ?? [];
  const multiple = Array.isArray(props.value);
  const indexOf = (code: unknown) => options.findIndex((option) => option.value === code);
  const selected = multiple
    ? (props.value as unknown[])
        .map(indexOf)
        .filter((index) => index >= 0)
        .map(String)
    : indexOf(props.value) >= 0
      ? String(indexOf(props.value))
      : '';
  const empty = multiple ? [] : props.options.emptyValue;
  return (
    <TextField
      {...widgetTextFieldProps(props)}
      select
      value={selected}
      onChange={(event) => {
        const raw = event.target.value as string | string[];
        if (Array.isArray(raw)) props.onChange(raw.map((index) => options[Number(index)]?.value));
        else props.onChange(raw === '' ? empty : options[Number(raw)]?.value);
      }}
      slotProps={{
        select: { multiple },
        inputLabel: { shrink: multiple ? selected.length > 0 : selected !== '' },
      }}
    >
      {!multiple && !props.required && (
        <MenuItem value="">
          <em>Não informado</em>
        </MenuItem>
      )}
      {options.map((option, index) => (
        <MenuItem key={String(option.value)} value={String(index)}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
