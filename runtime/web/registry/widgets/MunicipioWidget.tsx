import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import type { FormContext } from '../../views/form/formTypes.ts';
import { useFormValue } from '../../views/form/useFormValue.ts';
import { type Cidade, useCitySearch } from './useCitySearch.ts';
import { widgetTextFieldProps } from './widgetTextFieldProps.ts';

/**
 * City picker over the IBGE municipalities, searching within the form's UF when it has one (ui:options
 * ufField, default 'uf'); stores the 7-digit IBGE code.
 */
export function MunicipioWidget(props: WidgetProps) {
  const context = props.registry.formContext as Partial<FormContext> | undefined;
  const uf = useFormValue(context, String(props.options.ufField ?? 'uf'));
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const { options, loading, current } = useCitySearch({
    code: props.value,
    query,
    uf: typeof uf === 'string' && /^[A-Z]{2}$/.test(uf) && uf !== 'EX' ? uf : '',
    open,
  });
  const { onBlur, onFocus, ...fieldProps } = widgetTextFieldProps(props);
  return (
    <Autocomplete
      id={props.id}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      value={typeof props.value === 'number' ? current : null}
      onChange={(_event, cidade: Cidade | null) => props.onChange(cidade?.codigo ?? props.options.emptyValue)}
      onInputChange={(_event, text, reason) => setQuery(reason === 'input' ? text : '')}
      getOptionLabel={(cidade) => (cidade.uf ? `${cidade.nome} - ${cidade.uf}` : (cidade.nome ?? ''))}
      getOptionKey={(cidade) => String(cidade.codigo)}
      isOptionEqualToValue={(option, chosen) => option.codigo === chosen.codigo}
      filterOptions={(list) => list}
      disabled={fieldProps.disabled}
      loading={loading}
      loadingText="Carregando..."
      noOptionsText="Nenhuma cidade encontrada"
      onBlur={onBlur}
      onFocus={onFocus}
      renderInput={(params) => (
        <TextField
          {...params}
          {...fieldProps}
          placeholder={fieldProps.placeholder ?? 'Digite o nome da cidade'}
          slotProps={{
            ...params.slotProps,
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
