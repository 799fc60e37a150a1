import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { type RecordOption, useRecordSearch } from './useRecordSearch.ts';
import { widgetTextFieldProps } from './widgetTextFieldProps.ts';

/**
 * Picks a record of another entity (ui:options resource and display, set from the field's relation) with
 * an async search as the person types; stores the record's id, or the ids of the chosen records when the
 * field is a multiple relation (an array value).
 */
export function RelationWidget(props: WidgetProps) {
  const resource = String(props.options.resource ?? '');
  const display = String(props.options.display ?? 'nome');
  const excludeId = typeof props.options.excludeId === 'number' ? props.options.excludeId : undefined;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const multiple = props.multiple === true || Array.isArray(props.value);
  const { options, loading, current } = useRecordSearch({
    resource,
    display,
    value: props.value,
    query,
    open,
    excludeId,
    numericDisplay: props.options.numericDisplay === true,
  });
  const label = (record: RecordOption) => String(record[display] ?? `#${record.id}`);
  const { onBlur, onFocus, ...fieldProps } = widgetTextFieldProps(props);
  // A chosen record keeps the label up even before its text has loaded, and on a disabled field (whose
  // filled state MUI would not update): the label never sits over the value.
  const chosen = multiple
    ? current.length > 0
    : props.value !== null && props.value !== undefined && props.value !== '';
  return (
    <Autocomplete
      id={props.id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      multiple={multiple}
      disableCloseOnSelect={multiple}
      value={multiple ? current : (current[0] ?? null)}
      onChange={(_event, chosen) => {
        if (Array.isArray(chosen)) props.onChange(chosen.map((record) => record.id));
        else props.onChange(chosen ? chosen.id : props.options.emptyValue);
      }}
      onInputChange={(_event, text, reason) => setQuery(reason === 'input' ? text : '')}
      getOptionLabel={label}
      getOptionKey={(record) => record.id}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      filterOptions={(list) => list}
      disabled={fieldProps.disabled}
      loading={loading}
      loadingText="Carregando..."
      noOptionsText="Nenhum registro encontrado"
      onBlur={onBlur}
      onFocus={onFocus}
      renderInput={(params) => (
        <TextField
          {...params}
          {...fieldProps}
          slotProps={{
            ...params.slotProps,
            ...(chosen ? { inputLabel: { ...params.slotProps.inputLabel, shrink: true } } : {}),
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading && open && <CircularProgress color="inherit" size={18} />}
                  {params.slotProps.input.endAdornment}
                </>
              ),
            },
          }}
        />
      )}
    />
  );
}
