import { Box, LinearProgress, Paper } from '@mui/material';
import { useMemo } from 'react';
import { emptyStateTexts } from './emptyStateTexts.ts';
import { ListEmptyState } from './ListEmptyState.tsx';
import { ListGrid } from './ListGrid.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { useListController } from './useListController.ts';

/**
 * The generic list screen of an entity (spec 000 §2.5 routes): toolbar, AG Grid and, when there is no
 * record yet, the empty state. All logic lives in useListController.
 */
export function ListView({ entityName }: { entityName: string }) {
  const list = useListController(entityName);
  const texts = useMemo(
    () => emptyStateTexts(list.entity, list.grid, list.canCreate),
    [list.entity, list.grid, list.canCreate],
  );
  return (
    <>
      <ListToolbar list={list} />
      <Paper
        variant="outlined"
        sx={{
          position: 'relative',
          overflow: 'hidden',
          height: { xs: 'calc(100dvh - 228px)', sm: 'calc(100dvh - 176px)', md: 'calc(100dvh - 184px)' },
          minHeight: 340,
          border: 0,
          bgcolor: 'transparent',
        }}
      >
        {list.loading && (
          <LinearProgress
            aria-label="Carregando"
            sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 2 }}
          />
        )}
        <ListGrid list={list} />
        {list.empty && (
          <Box
            sx={{
              position: 'absolute',
              inset: 0,
              zIndex: 3,
              bgcolor: 'background.paper',
              overflowY: 'auto',
              borderRadius: 2,
              border: 1,
              borderColor: 'divider',
            }}
          >
            <ListEmptyState texts={texts} />
          </Box>
        )}
      </Paper>
    </>
  );
}
