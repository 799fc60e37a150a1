import { Autocomplete, CircularProgress, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { CITY_SEARCH_LIMIT } from '../../core/constants.ts';
import { useRuntime } from '../app/RuntimeContext.tsx';
import type { Cidade } from './useSignUpForm.ts';

/** Pause after the last keystroke before asking the server (the spec is silent; 300 ms feels immediate). */
const SEARCH_DEBOUNCE_MS = 300;

interface CitySelectProps {
  uf: string;
  value: Cidade | null;
  onChange: (cidade: Cidade | null) => void;
  error?: string;
}

/** City search of the sign-up (spec 000 §7): GET Ceps/ngcidades, 10 cities of the chosen state, debounced. */
export function CitySelect({ uf, value, onChange, error }: CitySelectProps) {
  const { api } = useRuntime();
  const [input, setInput] = useState('');
  const [options, setOptions] = useState<Cidade[]>([]);
  const [loading, setLoading] = useState(false);
  const [searchedUf, setSearchedUf] = useState(uf);
  if (uf !== searchedUf) {
    // Another state: the typed text belonged to the previous one.
    setSearchedUf(uf);
    setInput('');
  }

  useEffect(() => {
    if (!uf) {
      setOptions([]);
      return;
    }
    let cancelled = false;
    setLoading(true);
    const timer = setTimeout(async () => {
      const { data } = await api
        .GET('/api/Ceps/ngcidades', { params: { query: { limit: CITY_SEARCH_LIMIT, query: input, uf } } })
        .catch(() => ({ data: undefined }));
      if (cancelled) return;
      setOptions(data ?? []);
      setLoading(false);
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [api, uf, input]);

  return (
    <Autocomplete
      options={options}
      value={value}
      onChange={(_event, cidade) => onChange(cidade)}
      inputValue={input}
      onInputChange={(_event, text) => setInput(text)}
      getOptionLabel={(cidade) => cidade.nome ?? ''}
      isOptionEqualToValue={(option, chosen) => option.codigo === chosen.codigo}
      getOptionKey={(cidade) => String(cidade.codigo)}
      filterOptions={(list) => list}
      disabled={!uf}
      loading={loading}
      loadingText="Carregando..."
      noOptionsText="Nenhuma cidade encontrada"
      renderInput={(params) => (
        <TextField
          {...params}
          label="Cidade"
          placeholder={uf ? 'Digite o nome da cidade' : 'Escolha o estado primeiro'}
          error={Boolean(error)}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            input: {
              ...params.slotProps.input,
              endAdornment: (
                <>
                  {loading && <CircularProgress color="inherit" size={18} />}
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
