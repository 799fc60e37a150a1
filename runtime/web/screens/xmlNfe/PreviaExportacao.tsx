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
import { formatDate } from '../../../core/formatDate.ts';
import type { PreviaExportacaoXml } from './xmlNfeTypes.ts';

const tamanho = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024)).toLocaleString('pt-BR')} KB`
    : `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

/** Counts by type, the file name and the documents whose XML is not stored (they miss from the ZIP). */
export function PreviaExportacao({ preview }: { preview: PreviaExportacaoXml }) {
  return (
    <>
      {preview.semXml > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          <AlertTitle>{preview.semXml} documento(s) sem XML armazenado não irão no arquivo</AlertTitle>
          <List dense disablePadding aria-label="Documentos sem XML">
            {preview.avisos.map((aviso) => (
              <ListItem key={`${aviso.tipo}-${aviso.id}`} disableGutters sx={{ py: 0 }}>
                <ListItemText
                  primary={`${aviso.descricaoTipo} nº ${aviso.numero ?? '—'} série ${aviso.serie ?? '—'} de ${formatDate(aviso.data)}: ${aviso.motivo}`}
                  secondary={aviso.chave ?? undefined}
                />
              </ListItem>
            ))}
          </List>
        </Alert>
      )}
      <Paper sx={{ mb: 2 }}>
        <Box sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {preview.nomeArquivo}
          </Typography>
          <Chip label={`${preview.total} documento(s) no período`} />
          <Chip color="success" label={`${preview.comXml} XML(s) no arquivo`} />
          {preview.comXml > 0 && <Chip variant="outlined" label={tamanho(preview.tamanhoBytes)} />}
        </Box>
        <Table size="small" aria-label="Documentos por tipo">
          <TableHead>
            <TableRow>
              <TableCell>Tipo</TableCell>
              <TableCell align="right">Documentos</TableCell>
              <TableCell align="right">Com XML</TableCell>
              <TableCell align="right">Sem XML</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.tipos.map((tipo) => (
              <TableRow key={tipo.tipo}>
                <TableCell>{tipo.descricao}</TableCell>
                <TableCell align="right">{tipo.total}</TableCell>
                <TableCell align="right">{tipo.comXml}</TableCell>
                <TableCell align="right">{tipo.total - tipo.comXml}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </>
  );
}
