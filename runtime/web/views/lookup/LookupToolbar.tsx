import { Box, Button, MenuItem, Stack, TextField } from '@mui/material';
import type { FormEvent } from 'react';
import { SearchField } from '../../ui/SearchField.tsx';
import type { LookupScreen } from './lookupTypes.ts';
import type { useLookupController } from './useLookupController.ts';

/**
 * The search box of a lookup (with its `submit` button, as a form: Enter searches too) and its filters: a
 * select of options (an empty choice unless the filter has a default) or a typed integer.
 */
export function LookupToolbar({
  search,
  c,
}: {
  search: LookupScreen['search'];
  c: ReturnType<typeof useLookupController>;
}) {
  return (
    <Stack
      component={search.submit ? 'form' : 'div'}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: { sm: 'center' } }}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        c.submit();
      }}
    >
      {search.param && search.label && (
        <SearchField label={search.label} value={c.text} onChange={c.setText} />
      )}
      {search.submit && (
        <Box>
          <Button type="submit" variant="contained" disabled={c.loading}>
            {search.submit}
          </Button>
        </Box>
      )}
      {c.shownFilters.map(([name, filter]) =>
        filter.input ? (
          <TextField
            key={name}
            size="small"
            type="number"
            label={filter.label}
            value={c.filters[name] ?? ''}
            onChange={(event) => c.changeFilter(name, Number(event.target.value) || undefined)}
            sx={{ width: filter.width ?? 180, flexShrink: 0 }}
          />
        ) : (
          <TextField
            key={name}
            select
            size="small"
            label={filter.label}
            value={c.filters[name] ?? ''}
            onChange={(event) => c.changeFilter(name, event.target.value)}
            sx={{ width: filter.width ?? 180, flexShrink: 0 }}
          >
            {filter.default === undefined && <MenuItem value="">{filter.all ?? 'Todos'}</MenuItem>}
            {(c.options?.[name] ?? []).map((option) => (
              <MenuItem key={option.code} value={option.code}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        ),
      )}
    </Stack>
  );
}
