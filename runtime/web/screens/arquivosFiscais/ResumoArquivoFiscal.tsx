import {
  Alert,
  AlertTitle,
  Box,
  Chip,
  List,
  ListItem,
  ListItemText,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { AvisoArquivoFiscal } from './arquivoFiscalTypes.ts';

interface Props {
  nomeArquivo: string;
  totalLinhas: number;
  registros: Array<{ registro: string; quantidade: number }>;
  /** Label and formatted value of each total shown as a chip. */
  totais: Array<[string, string]>;
  avisos: AvisoArquivoFiscal[];
}

/** Preview of a fiscal file: totals, lines per register and what the user should fix in the cadastros. */
export function ResumoArquivoFiscal({ nomeArquivo, totalLinhas, registros, totais, avisos }: Props) {
  return (
    <>
      {avisos.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>{avisos.length} aviso(s): confira os cadastros antes de transmitir</AlertTitle>
          <List dense disablePadding aria-label="Avisos do arquivo">
            {avisos.map((aviso) => (
              <ListItem
                key={`${aviso.tipo}-${aviso.referencia}-${aviso.mensagem}`}
                disableGutters
                sx={{ py: 0 }}
              >
                <ListItemText primary={`${aviso.referencia}: ${aviso.mensagem}`} />
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      <Paper sx={{ mb: 2 }}>
        <Box sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Resumo de {nomeArquivo}
          </Typography>
          <Chip label={`${totalLinhas} linha(s)`} />
          {totais.map(([label, valor]) => (
            <Chip key={label} color="primary" variant="outlined" label={`${label}: ${valor}`} />
          ))}
        </Box>
        <Box sx={{ overflowX: 'auto', maxHeight: 360 }}>
          <Table size="small" stickyHeader aria-label="Registros do arquivo">
            <TableHead>
              <TableRow>
                <TableCell>Registro</TableCell>
                <TableCell align="right">Quantidade</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {registros.map((linha) => (
                <TableRow key={linha.registro} hover>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{linha.registro}</TableCell>
                  <TableCell align="right">{linha.quantidade}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      </Paper>
    </>
  );
}
