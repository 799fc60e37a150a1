import {
  Box,
  LinearProgress,
  MenuItem,
  Paper,
  Stack,
  TablePagination,
  TextField,
  Typography,
} from '@mui/material';
import { fillTemplate } from '../../../core/screens/fillTemplate.ts';
import { paginationLabels } from '../../ui/paginationLabels.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { DeclaredTable } from '../tool/DeclaredTable.tsx';
import type { LookupScreen } from './lookupTypes.ts';
import { useLookupController } from './useLookupController.ts';
import { useLookupRowActions } from './useLookupRowActions.tsx';

/**
 * The body of a `lookup`: search box and filters, progress, result table, the "nothing found" text and
 * the pager, the rows' buttons and the form dialog (useLookupRowActions). A `section` declaration shows here with its title as the section's h2 (`heading`); without a
 * search `param` there is no search box.
 */
export function LookupSection({
  declaration,
  heading,
  creating,
  onCreateClosed,
}: {
  declaration: LookupScreen;
  heading?: boolean;
  /** The declared form's dialog for a new record is open (its button is the view's). */
  creating?: boolean;
  onCreateClosed?(): void;
}) {
  const { search } = declaration;
  const c = useLookupController(search);
  const { actions, dialog } = useLookupRowActions(declaration, c.reload, { creating, onCreateClosed });
  const searchable = Boolean(search.param && search.label);
  const empty = !c.query && search.emptyAll ? search.emptyAll : search.empty;
  return (
    <Paper component={heading ? 'section' : 'div'} aria-label={heading ? declaration.title : undefined}>
      <Box sx={{ p: 2, display: heading || searchable || search.filters ? undefined : 'none' }}>
        {heading && (
          <Typography variant="h6" component="h2" sx={{ mb: searchable || search.filters ? 1.5 : 0 }}>
            {declaration.title}
          </Typography>
        )}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          {search.param && search.label && (
            <SearchField label={search.label} value={c.text} onChange={c.setText} />
          )}
          {Object.entries(search.filters ?? {}).map(([name, filter]) => (
            <TextField
              key={name}
              select
              size="small"
              label={filter.label}
              value={c.filters[name] ?? ''}
              onChange={(event) => c.changeFilter(name, event.target.value)}
              sx={{ width: filter.width ?? 180, flexShrink: 0 }}
            >
              <MenuItem value="">{filter.all ?? 'Todos'}</MenuItem>
              {(c.options?.[name] ?? []).map((option) => (
                <MenuItem key={option.code} value={option.code}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
          ))}
        </Stack>
      </Box>
      <Box sx={{ height: 4 }}>
        {c.loading && <LinearProgress aria-label={search.loadingLabel ?? 'Carregando'} />}
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <DeclaredTable label={search.gridLabel} columns={search.columns} rows={c.visible} actions={actions} />
      </Box>
      {!c.loading && c.total === 0 && empty && (
        <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
          {fillTemplate(empty, { busca: c.query })}
        </Typography>
      )}
      <TablePagination
        component="div"
        count={c.total}
        page={c.page}
        onPageChange={(_event, next) => c.setPage(next)}
        rowsPerPage={c.perPage}
        onRowsPerPageChange={(event) => c.changePerPage(Number(event.target.value))}
        rowsPerPageOptions={search.pageSizes ?? [25, 50, 100]}
        {...paginationLabels}
      />
      {dialog}
    </Paper>
  );
}
