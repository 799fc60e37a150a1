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
import { checkPermission } from '../../../core/checkPermission.ts';
import { fillTemplate } from '../../../core/screens/fillTemplate.ts';
import { PermissionLevel } from '../../../core/types.ts';
import { useRuntime, useSession } from '../../app/RuntimeContext.tsx';
import { useNotify } from '../../ui/NotifyProvider.tsx';
import { paginationLabels } from '../../ui/paginationLabels.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { useActionError } from '../../ui/useActionError.tsx';
import { RowActionButton } from '../list/RowActions.tsx';
import { runRowAction } from '../list/runRowAction.ts';
import { DeclaredTable } from '../tool/DeclaredTable.tsx';
import { fillFormatted } from '../tool/fillFormatted.ts';
import type { LookupScreen } from './lookupTypes.ts';
import { useLookupController } from './useLookupController.ts';

/**
 * The body of a `lookup`: search box and filters, progress, result table, the "nothing found" text and
 * the pager, and the declared row actions the user may take (by the screen's permission unless their
 * own). A `section` declaration shows here with its title as the section's h2 (`heading`); without a
 * search `param` there is no search box.
 */
export function LookupSection({ declaration, heading }: { declaration: LookupScreen; heading?: boolean }) {
  const { search } = declaration;
  const c = useLookupController(search);
  const { api } = useRuntime();
  const { user } = useSession();
  const notify = useNotify();
  const showError = useActionError();
  const rowActions = (declaration.rowActions ?? []).filter((action) => {
    const key = action.permission ?? declaration.permission;
    return !key || checkPermission(user, key, action.level ?? PermissionLevel.ALTERAR);
  });
  const actions =
    rowActions.length === 0
      ? undefined
      : (row: unknown) =>
          rowActions.map((action) => (
            <RowActionButton
              key={action.action}
              label={fillFormatted(action.label, row)}
              tooltip={action.tooltip && fillFormatted(action.tooltip, row)}
              icon={action.icon ?? 'play_arrow'}
              onClick={() =>
                void runRowAction({ api, notify, showError }, action, row as { id?: unknown }).then(
                  (done) => done && c.reload(),
                )
              }
            />
          ));
  const empty = !c.query && search.emptyAll ? search.emptyAll : search.empty;
  return (
    <Paper component={heading ? 'section' : 'div'} aria-label={heading ? declaration.title : undefined}>
      <Box sx={{ p: 2 }}>
        {heading && (
          <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
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
    </Paper>
  );
}
