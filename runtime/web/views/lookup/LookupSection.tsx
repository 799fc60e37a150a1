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
import { useState } from 'react';
import { conditionHolds } from '../../../core/screens/evaluateRule.ts';
import { fillTemplate } from '../../../core/screens/fillTemplate.ts';
import { paginationLabels } from '../../ui/paginationLabels.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { DeclaredTable } from '../tool/DeclaredTable.tsx';
import { DeclaredFormSection } from './DeclaredFormSection.tsx';
import { LookupActions, LookupHeader } from './LookupHeader.tsx';
import { LookupPart } from './LookupPart.tsx';
import type { LookupScreen } from './lookupTypes.ts';
import { useFormButtonAllowed } from './useFormButtonAllowed.ts';
import { useLookupController } from './useLookupController.ts';
import { useLookupRowActions } from './useLookupRowActions.tsx';

/**
 * A `lookup`: as a page (`page`: the h1, description, create button and declared actions of
 * LookupHeader, an `inline` create form) or as a section of a registered screen (`heading`: its title as
 * the section's h2); then the search box and filters, progress, result table, the "nothing found" text
 * and the pager, the rows' buttons and the form dialog (useLookupRowActions), and the `parts` read from
 * the same answer. Without a search `param` there is no search box.
 */
export function LookupSection({
  declaration,
  heading,
  page,
}: {
  declaration: LookupScreen;
  heading?: boolean;
  page?: boolean;
}) {
  const { search, form } = declaration;
  const c = useLookupController(search);
  const [creating, setCreating] = useState(false);
  // A saved inline form starts empty again.
  const [sent, setSent] = useState(0);
  const allowed = useFormButtonAllowed();
  const inline = form?.inline && allowed(form.create) ? form : undefined;
  const { actions, dialog } = useLookupRowActions(declaration, c.reload, {
    creating,
    onCreateClosed: () => setCreating(false),
  });
  const searchable = Boolean(search.param && search.label);
  const first =
    search.first && c.data !== undefined && (!search.first.rule || conditionHolds(search.first.rule, c.data))
      ? search.first
      : undefined;
  const headerActions = <LookupActions declaration={declaration} c={c} size="small" />;
  const filters = c.shownFilters;
  const empty = !c.query && search.emptyAll ? search.emptyAll : search.empty;
  // A section's h2 is its title; a page's, the list's own title when it has one.
  const title = heading ? declaration.title : page ? search.title : undefined;
  return (
    <>
      {page && <LookupHeader declaration={declaration} c={c} onCreate={() => setCreating(true)} />}
      {inline && (
        <DeclaredFormSection
          key={sent}
          form={inline}
          onSaved={() => {
            setSent((current) => current + 1);
            c.reload();
          }}
        />
      )}
      <Paper component={title ? 'section' : 'div'} aria-label={title}>
        <Box sx={{ p: 2, display: title || searchable || filters.length > 0 ? undefined : 'none' }}>
          {title && (
            <Typography variant="h6" component="h2" sx={{ mb: searchable || filters.length > 0 ? 1.5 : 0 }}>
              {title}
            </Typography>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {search.param && search.label && (
              <SearchField label={search.label} value={c.text} onChange={c.setText} />
            )}
            {filters.map(([name, filter]) =>
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
        </Box>
        <Box sx={{ height: 4 }}>
          {c.loading && <LinearProgress aria-label={search.loadingLabel ?? 'Carregando'} />}
        </Box>
        <Box sx={{ overflowX: 'auto' }}>
          <DeclaredTable
            label={search.gridLabel}
            columns={search.columns}
            rows={c.visible}
            actions={actions}
            answer={c.data}
            first={first?.cells}
            firstActions={search.first?.actions ? headerActions : undefined}
          />
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
      {c.data !== undefined &&
        (declaration.parts ?? []).map((part) => (
          <LookupPart key={part.gridLabel} part={part} answer={c.data} />
        ))}
    </>
  );
}
