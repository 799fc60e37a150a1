import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import Icon from '@mui/material/Icon';
import { MESSAGES } from '../../../core/constants.ts';
import { formatDate } from '../../../core/formatDate.ts';
import type { Alerta } from './alertaEventAction.ts';

/** Icon and palette colour of each alert type. */
const TIPOS: Record<Alerta['tipo'], { icon: string; color: 'info.main' | 'success.main' | 'warning.main' }> =
  {
    info: { icon: 'info', color: 'info.main' },
    success: { icon: 'check_circle', color: 'success.main' },
    warning: { icon: 'warning', color: 'warning.main' },
  };

/** One alert of the bell: type icon, text, date dd/MM/yyyy, Ver detalhes / Fechar when linked, delete. */
export function AlertItem({
  alerta,
  onOpenLink,
  onClose,
  onDelete,
}: {
  alerta: Alerta;
  onOpenLink: () => void;
  onClose: () => void;
  onDelete: () => void;
}) {
  const tipo = TIPOS[alerta.tipo] ?? TIPOS.info;
  return (
    <Box
      component="li"
      aria-label={alerta.texto}
      sx={{
        display: 'flex',
        gap: 1.5,
        px: 2,
        py: 1.5,
        borderLeft: 3,
        borderColor: tipo.color,
        bgcolor: alerta.lido ? 'transparent' : 'action.hover',
      }}
    >
      <Icon sx={{ color: tipo.color, mt: 0.25 }}>{tipo.icon}</Icon>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {alerta.texto}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {formatDate(alerta.data)}
        </Typography>
        {alerta.link && (
          <Box sx={{ display: 'flex', gap: 1, mt: 0.5 }}>
            <Button size="small" variant="outlined" onClick={onOpenLink}>
              {MESSAGES.alerts.details}
            </Button>
            <Button size="small" color="inherit" onClick={onClose}>
              {MESSAGES.alerts.close}
            </Button>
          </Box>
        )}
      </Box>
      {alerta.permiteExcluir && (
        <Tooltip title="Excluir notificação">
          <IconButton
            size="small"
            aria-label="Excluir notificação"
            onClick={onDelete}
            sx={{ alignSelf: 'start' }}
          >
            <Icon fontSize="small">delete_outline</Icon>
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
