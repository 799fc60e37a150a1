import { AG_GRID_LOCALE_BR } from '@ag-grid-community/locale';
import { Box, useTheme } from '@mui/material';
import type { RowDoubleClickedEvent } from 'ag-grid-community';
import { AgGridReact } from 'ag-grid-react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTenant } from '../../app/RuntimeContext.tsx';
import { buildColumnDefs } from './buildColumnDefs.tsx';
import { gridTheme } from './gridTheme.ts';
import type { RecordRow } from './listTypes.ts';
import { registerGridModules } from './registerGridModules.ts';
import type { ListController } from './useListController.ts';

registerGridModules();

/** pt-BR grid texts; the no-rows overlay only shows when a search or filter matched nothing. */
const LOCALE_TEXT = {
  ...AG_GRID_LOCALE_BR,
  noRowsToShow: 'Nenhum registro encontrado para a pesquisa ou os filtros.',
};

/** The AG Grid of a list screen: infinite row model fed by the controller's datasource, pt-BR texts. */
export function ListGrid({ list }: { list: ListController }) {
  // The contrast-safe primary of the MUI theme (deriveThemePalette), not the raw brand colour.
  const primary = useTheme().palette.primary.main;
  const navigate = useNavigate();
  const theme = useMemo(() => gridTheme(primary), [primary]);
  const {
    canEdit,
    canView,
    canCopy,
    canDelete,
    paths,
    remove,
    grid,
    entity,
    enums,
    rowActions,
    runRowAction,
  } = list;
  const { schemas } = useTenant();
  const columnDefs = useMemo(
    () =>
      buildColumnDefs(
        grid,
        entity.fields,
        enums,
        {
          canEdit,
          canView,
          canCopy,
          canDelete,
          onEdit: (row) => navigate(paths.edit(row.id)),
          onCopy: (row) => navigate(paths.copy(row.id)),
          onDelete: (row) => void remove(row),
          extra: rowActions,
          ...(grid.rowActionsInline !== undefined ? { inline: grid.rowActionsInline } : {}),
          onAction: (action, row) => void runRowAction(action, row),
        },
        (target) => (schemas.entities?.[target]?.entity as { resource?: string } | undefined)?.resource,
      ),
    [
      grid,
      entity,
      enums,
      canEdit,
      canView,
      canCopy,
      canDelete,
      navigate,
      remove,
      paths,
      schemas,
      rowActions,
      runRowAction,
    ],
  );
  const onRowDoubleClicked = (event: RowDoubleClickedEvent<RecordRow>) => {
    if (event.data && (canEdit || canView)) navigate(paths.edit(event.data.id));
  };
  return (
    <Box
      sx={{
        height: '100%',
        '& .list-header-center .ag-header-cell-label': { justifyContent: 'center' },
      }}
    >
      <AgGridReact<RecordRow>
        theme={theme}
        localeText={LOCALE_TEXT}
        rowModelType="infinite"
        datasource={list.datasource}
        cacheBlockSize={list.pageSize}
        maxBlocksInCache={20}
        infiniteInitialRowCount={1}
        getRowId={(params) => String(params.data.id)}
        columnDefs={columnDefs}
        defaultColDef={{ resizable: true, suppressHeaderMenuButton: true }}
        onGridReady={(event) => list.setGridApi(event.api)}
        onGridPreDestroyed={() => list.setGridApi(null)}
        onRowDoubleClicked={onRowDoubleClicked}
        suppressCellFocus
        ensureDomOrder
      />
    </Box>
  );
}
