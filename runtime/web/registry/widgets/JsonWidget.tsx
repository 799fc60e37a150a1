import { TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { widgetTextFieldProps } from './widgetTextFieldProps.ts';

const show = (value: unknown): string =>
  value === undefined || value === null ? '' : JSON.stringify(value, null, 2);

/**
 * Fallback editor of a json field without a dedicated widget: the value as indented JSON text; it is
 * stored each time the text parses, and a text that does not parse is flagged and kept unsaved.
 */
export function JsonWidget(props: WidgetProps) {
  const [text, setText] = useState(() => show(props.value));
  const [invalid, setInvalid] = useState(false);
  const field = widgetTextFieldProps(props);
  return (
    <TextField
      {...field}
      multiline
      minRows={4}
      value={text}
      error={field.error || invalid}
      helperText={invalid ? 'JSON inválido' : undefined}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        if (!next.trim()) {
          setInvalid(false);
          props.onChange(props.options.emptyValue);
          return;
        }
        try {
          props.onChange(JSON.parse(next));
          setInvalid(false);
        } catch {
          setInvalid(true);
        }
      }}
      slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace', fontSize: 13 } } }}
    />
  );
}
