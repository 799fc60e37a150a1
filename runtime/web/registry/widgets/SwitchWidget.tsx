import { FormControlLabel, Switch } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';

/** A boolean as an on/off switch with its title beside it (uiSchema "ui:widget": "SwitchWidget"). */
export function SwitchWidget(props: WidgetProps) {
  return (
    <FormControlLabel
      control={
        <Switch
          id={props.id}
          checked={props.value === true}
          disabled={props.disabled || props.readonly}
          onChange={(event) => props.onChange(event.target.checked)}
        />
      }
      label={props.label}
    />
  );
}
