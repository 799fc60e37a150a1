import { Box, Button, Checkbox, FormControlLabel } from '@mui/material';
import { type CustomFilterProps, useGridFilter } from 'ag-grid-react';
import type { Scalar } from '../../../core/loopbackFilter.ts';
import type { OptionsFilterModel } from './filterModelToWhere.ts';

export interface FilterOption {
  value: Scalar;
  label: string;
}

type Props = CustomFilterProps<unknown, unknown, OptionsFilterModel> & { options: FilterOption[] };

/**
 * Column filter of enum and boolean columns: tick the values to keep (AG Grid Community has no set
 * filter). The model is translated to `inq` by filterModelToWhere; rows are filtered by the server.
 */
export function OptionsFilter({ model, onModelChange, options }: Props) {
  // Rows come filtered from the server (infinite row model), so every row the grid holds passes.
  useGridFilter({ doesFilterPass: () => true });
  const selected = model?.values ?? [];
  const toggle = (value: Scalar) => {
    const values = selected.includes(value)
      ? selected.filter((item) => item !== value)
      : [...selected, value];
    onModelChange(values.length ? { filterType: 'options', values } : null);
  };
  return (
    <Box sx={{ p: 1.5, maxHeight: 320, overflowY: 'auto', minWidth: 200 }}>
      {options.map((option) => (
        <FormControlLabel
          key={String(option.value)}
          sx={{ display: 'flex', mr: 0 }}
          control={
            <Checkbox
              size="small"
              checked={selected.includes(option.value)}
              onChange={() => toggle(option.value)}
            />
          }
          label={option.label}
        />
      ))}
      <Button size="small" disabled={!selected.length} onClick={() => onModelChange(null)} sx={{ mt: 0.5 }}>
        Limpar
      </Button>
    </Box>
  );
}
