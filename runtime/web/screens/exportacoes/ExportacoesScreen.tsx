import { Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { ReportsEmptyState } from '../../shell/reports/ReportsEmptyState.tsx';
import { ReportsTable } from '../../shell/reports/ReportsTable.tsx';
import { useReports } from '../../shell/reports/useReports.ts';

/**
 * Relatórios › Relatórios exportados as a page: the same list, live refresh, download and delete as the
 * header's dialog (spec 000 §2.7), with room for a long history.
 */
export default function ExportacoesScreen() {
  const { relatorios, loading, refresh, remove, fileHref } = useReports(true);
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
          Relatórios exportados ({relatorios.length})
        </Typography>
        <Button startIcon={<Icon>refresh</Icon>} onClick={() => void refresh()} disabled={loading}>
          Atualizar
        </Button>
      </Box>
      <Paper>
        <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Carregando relatórios" />}</Box>
        {relatorios.length === 0 ? (
          !loading && <ReportsEmptyState />
        ) : (
          <ReportsTable relatorios={relatorios} fileHref={fileHref} onDelete={(r) => void remove(r)} />
        )}
      </Paper>
    </>
  );
}
