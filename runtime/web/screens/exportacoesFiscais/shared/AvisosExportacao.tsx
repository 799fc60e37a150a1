import { Alert, AlertTitle, List, ListItem, ListItemText } from '@mui/material';
import type { AvisoExportacao } from '../exportacaoTypes.ts';

/** The produtos a file leaves out, each with its reason, so the user can fix the cadastro. */
export function AvisosExportacao({ avisos }: { avisos: AvisoExportacao[] }) {
  if (avisos.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <AlertTitle>{avisos.length} produto(s) não serão exportados</AlertTitle>
      <List dense disablePadding aria-label="Produtos não exportados">
        {avisos.map((aviso) => (
          <ListItem key={aviso.id} disableGutters sx={{ py: 0 }}>
            <ListItemText
              primary={`${aviso.codigo ? `${aviso.codigo} — ` : ''}${aviso.descricao}: ${aviso.motivo}`}
            />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}
