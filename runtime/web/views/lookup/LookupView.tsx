import { Box, LinearProgress, Paper, TablePagination, Typography } from '@mui/material';
import { fillTemplate } from '../../../core/screens/fillTemplate.ts';
import { paginationLabels } from '../../ui/paginationLabels.ts';
import { SearchField } from '../../ui/SearchField.tsx';
import { DeclaredTable } from '../tool/DeclaredTable.tsx';
import type { LookupScreen } from './lookupTypes.ts';
import { useLookupController } from './useLookupController.ts';

/** The generic renderer of `lookup` screens: heading, search box, progress, result table and pager. */
export function LookupView({ declaration }: { declaration: LookupScreen }) {
  const { search } = declaration;
  const c = useLookupController(search);
  return (
    <Box sx={{ maxWidth: 1200, mx: 'auto' }}>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h5" component="h1">
          {declaration.title}
        </Typography>
        {declaration.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {declaration.description}
          </Typography>
        )}
      </Box>
      <Paper>
        <Box sx={{ p: 2 }}>
          <SearchField label={search.label} value={c.text} onChange={c.setText} />
        </Box>
        <Box sx={{ height: 4 }}>
          {c.loading && <LinearProgress aria-label={search.loadingLabel ?? 'Carregando'} />}
        </Box>
        <Box sx={{ overflowX: 'auto' }}>
          <DeclaredTable label={search.gridLabel} columns={search.columns} rows={c.visible} />
        </Box>
        {!c.loading && c.rows.length === 0 && search.empty && (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {fillTemplate(search.empty, { busca: c.query })}
          </Typography>
        )}
        <TablePagination
          component="div"
          count={c.rows.length}
          page={c.page}
          onPageChange={(_event, next) => c.setPage(next)}
          rowsPerPage={c.perPage}
          onRowsPerPageChange={(event) => c.changePerPage(Number(event.target.value))}
          rowsPerPageOptions={search.pageSizes ?? [25, 50, 100]}
          {...paginationLabels}
        />
      </Paper>
    </Box>
  );
}
