import {
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  Tooltip,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { REPORTS_DIALOG_MAX_HEIGHT_PX } from '../../../core/constants.ts';
import { ReportsEmptyState } from './ReportsEmptyState.tsx';
import { ReportsTable } from './ReportsTable.tsx';
import { useReports } from './useReports.ts';

/** Exported reports dialog (spec 000 §2.4): count in the title, Atualizar, loading bar, 390 px body. */
export function ReportsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { relatorios, loading, refresh, remove, fileHref } = useReports(open);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="reports-dialog-title">
      <DialogTitle id="reports-dialog-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1.5 }}>
        <Box component="span" sx={{ flexGrow: 1 }}>
          Relatórios exportados ({relatorios.length})
        </Box>
        <Button
          size="small"
          startIcon={<Icon>refresh</Icon>}
          onClick={() => void refresh()}
          disabled={loading}
        >
          Atualizar
        </Button>
        <Tooltip title="Fechar">
          <IconButton aria-label="Fechar" onClick={onClose}>
            <Icon>close</Icon>
          </IconButton>
        </Tooltip>
      </DialogTitle>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label="Carregando relatórios" />}</Box>
      <DialogContent dividers sx={{ p: 0, maxHeight: REPORTS_DIALOG_MAX_HEIGHT_PX }}>
        {relatorios.length === 0 ? (
          !loading && <ReportsEmptyState />
        ) : (
          <ReportsTable relatorios={relatorios} fileHref={fileHref} onDelete={(r) => void remove(r)} />
        )}
      </DialogContent>
    </Dialog>
  );
}
