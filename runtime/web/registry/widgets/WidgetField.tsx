import { type FieldProps, getUiOptions, type WidgetProps } from '@rjsf/utils';

/**
 * Lets a registry widget edit a whole object or array value (e.g. the permission map of a profile):
 * rjsf only consults 'ui:widget' for scalar fields, so such fields name this field with 'ui:field' and
 * their widget with 'ui:widget'.
 */
export function WidgetField(props: FieldProps) {
  const { uiSchema, registry, fieldPathId, schema, formData, disabled, readonly, required, name } = props;
  const options = getUiOptions(uiSchema);
  const Widget = registry.widgets[String(options.widget ?? '')];
  if (!Widget) return null;
  const rawErrors = props.errorSchema?.__errors ?? [];
  const widgetProps: WidgetProps = {
    id: fieldPathId.$id,
    name,
    schema,
    uiSchema,
    registry,
    value: formData,
    label: String(options.title ?? schema.title ?? name),
    required,
    disabled,
    readonly,
    rawErrors,
    options,
    onChange: (value) => props.onChange(value, fieldPathId.path),
    onBlur: props.onBlur,
    onFocus: props.onFocus,
  };
  // SchemaField wraps this in the FieldTemplate, which already renders errors and help.
  return <Widget {...widgetProps} />;
}
