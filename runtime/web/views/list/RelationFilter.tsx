import { Autocomplete, Box, Button, TextField } from '@mui/material';
import { type CustomFilterProps, useGridFilter } from 'ag-grid-react';
import { useState } from 'react';
import { type RecordOption, useRecordSearch } from '../../registry/widgets/useRecordSearch.ts';
import type { OptionsFilterModel } from './filterModelToWhere.ts';

type Props = CustomFilterProps<unknown, unknown, OptionsFilterModel> & { resource: string; display: string };

/**
 * Column filter of a relation column (a product, a depósito): search the related records by their naming
 * field and choose one or more; the model holds their ids, which filterModelToWhere turns into `inq` on the
 * column's field. Rows are filtered by the server.
 */
export function RelationFilter({ model, onModelChange, resource, display }: Props) {
  useGridFilter({ doesFilterPass: () => true });
  const ids = (model?.values ?? []).map(Number);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const { options, loading, current } = useRecordSearch({ resource, display, value: ids, query, open });
  const label = (option: RecordOption) => String(option[display] ?? `#${option.id}`);
  return (
    <Box sx={{ p: 1.5, width: 300 }} className="ag-custom-component-popup">
      <Autocomplete<RecordOption, true>
        multiple
        size="small"
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        options={options}
        loading={loading}
        value={current}
        filterOptions={(list) => list}
        getOptionLabel={label}
        isOptionEqualToValue={(option, value) => option.id === value.id}
        onInputChange={(_event, text) => setQuery(text)}
        onChange={(_event, chosen) =>
          onModelChange(
            chosen.length ? { filterType: 'options', values: chosen.map((item) => item.id) } : null,
          )
        }
        loadingText="Carregando…"
        noOptionsText="Nenhum registro encontrado"
        slotProps={{ popper: { className: 'ag-custom-component-popup' } }}
        renderInput={(params) => <TextField {...params} label="Filtrar por" autoFocus />}
      />
      <Button size="small" disabled={!ids.length} onClick={() => onModelChange(null)} sx={{ mt: 1 }}>
        Limpar
      </Button>
    </Box>
  );
}
