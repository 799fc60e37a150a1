import { Box, Button, LinearProgress, Paper, TablePagination, Typography } from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { conditionHolds } from '../../../core/screens/evaluateRule.ts';
import { fillTemplate } from '../../../core/screens/fillTemplate.ts';
import { paginationLabels } from '../../ui/paginationLabels.ts';
import { DeclaredTable } from '../tool/DeclaredTable.tsx';
import { DeclaredFormSection } from './DeclaredFormSection.tsx';
import { LookupActions, LookupHeader } from './LookupHeader.tsx';
import { LookupIntro } from './LookupIntro.tsx';
import { LookupPart } from './LookupPart.tsx';
import { LookupToolbar } from './LookupToolbar.tsx';
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
  params,
}: {
  declaration: LookupScreen;
  heading?: boolean;
  page?: boolean;
  /** The values of the route's ":name" segments. */
  params?: Record<string, string>;
}) {
  const { search, form } = declaration;
  const c = useLookupController(search, params);
  const [creating, setCreating] = useState(false);
  // A saved inline form starts empty again.
  const [sent, setSent] = useState(0);
  const allowed = useFormButtonAllowed();
  const inline = form?.inline && form.create && allowed(form.create) ? form.create : undefined;
  const { actions, dialog } = useLookupRowActions(declaration, c.reload, {
    creating,
    onCreateClosed: () => setCreating(false),
    params,
  });
  const searchable = Boolean(search.param && search.label);
  const first =
    search.first && c.data !== undefined && (!search.first.rule || conditionHolds(search.first.rule, c.data))
      ? search.first
      : undefined;
  const headerActions = <LookupActions declaration={declaration} c={c} size="small" />;
  const filters = c.shownFilters;
  // Without `items` the page has no list, only its parts (a status page).
  const table =
    search.items !== undefined && search.gridLabel && search.columns
      ? { label: search.gridLabel, columns: search.columns }
      : null;
  const progress = c.loading && <LinearProgress aria-label={search.loadingLabel ?? 'Carregando'} />;
  const navigate = useNavigate();
  const empty = !c.query && search.emptyAll ? search.emptyAll : search.empty;
  // A section's h2 is its title; a page's, the list's own title when it has one.
  const title = heading ? declaration.title : page ? search.title : undefined;
  return (
    <>
      {page && <LookupHeader declaration={declaration} c={c} onCreate={() => setCreating(true)} />}
      {declaration.back && (
        <Button sx={{ mb: 1 }} onClick={() => navigate(-1)}>
          {declaration.back}
        </Button>
      )}
      {declaration.intro && c.data !== undefined && <LookupIntro intro={declaration.intro} answer={c.data} />}
      {form && inline && (
        <DeclaredFormSection
          key={sent}
          form={form}
          button={inline}
          onSaved={() => {
            setSent((current) => current + 1);
            c.reload();
          }}
        />
      )}
      {!table && <Box sx={{ height: 4 }}>{progress}</Box>}
      {table && (
        <Paper component={title ? 'section' : 'div'} aria-label={title}>
          <Box sx={{ p: 2, display: title || searchable || filters.length > 0 ? undefined : 'none' }}>
            {title && (
              <Typography variant="h6" component="h2" sx={{ mb: searchable || filters.length > 0 ? 1.5 : 0 }}>
                {title}
              </Typography>
            )}
            <LookupToolbar search={search} c={c} />
          </Box>
          {!c.idle && (
            <>
              <Box sx={{ height: 4 }}>{progress}</Box>
              <Box sx={{ overflowX: 'auto' }}>
                <DeclaredTable
                  label={table.label}
                  columns={table.columns}
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
            </>
          )}
        </Paper>
      )}
      {dialog}
      {c.data !== undefined && declaration.parts && (
        <Box sx={{ mt: 3, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          {declaration.parts.map((part, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the declared parts never move
            <LookupPart key={index} part={part} answer={c.data} />
          ))}
        </Box>
      )}
    </>
  );
}
