import { labelValue, type WidgetProps } from '@rjsf/utils';

/** The TextField props every text-like widget shares: id, label, required, disabled, error, focus events. */
export function widgetTextFieldProps(props: WidgetProps) {
  const {
    id,
    label,
    hideLabel,
    required,
    disabled,
    readonly,
    rawErrors = [],
    placeholder,
    autofocus,
  } = props;
  return {
    id,
    name: props.htmlName ?? id,
    label: labelValue(label || undefined, hideLabel, undefined),
    required,
    disabled: disabled || readonly,
    error: rawErrors.length > 0,
    placeholder,
    autoFocus: autofocus,
    fullWidth: true,
    onBlur: () => props.onBlur(id, props.value),
    onFocus: () => props.onFocus(id, props.value),
  };
}
