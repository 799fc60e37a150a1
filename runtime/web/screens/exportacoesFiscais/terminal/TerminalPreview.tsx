import {
  Box,
  Chip,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { formatBRL } from '../../../../core/formatMoney.ts';
import type { TerminalPreview as Preview } from '../exportacaoTypes.ts';

/** Counts and the first produtos of the terminal file: code, description, price and stock. */
export function TerminalPreview({ preview, estoque }: { preview: Preview; estoque: boolean }) {
  return (
    <Paper sx={{ mb: 2 }}>
      <Box sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Pré-visualização
        </Typography>
        <Chip label={`${preview.total} produto(s) encontrado(s)`} />
        <Chip color="success" label={`${preview.exportados} no arquivo`} />
        {preview.avisos.length > 0 && <Chip color="warning" label={`${preview.avisos.length} sem preço`} />}
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Produtos exportados para o terminal">
          <TableHead>
            <TableRow>
              <TableCell>Código de barras</TableCell>
              <TableCell>Descrição</TableCell>
              <TableCell align="right">Preço</TableCell>
              {estoque && <TableCell align="right">Estoque</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.itens.map((item) => (
              <TableRow key={item.id} hover>
                <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{item.codigo}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{item.descricao}</TableCell>
                <TableCell align="right">{formatBRL(item.preco)}</TableCell>
                {estoque && (
                  <TableCell align="right">{(item.estoque ?? 0).toLocaleString('pt-BR')}</TableCell>
                )}
              </TableRow>
            ))}
            {preview.itens.length === 0 && (
              <TableRow>
                <TableCell colSpan={estoque ? 4 : 3} align="center" sx={{ py: 4 }}>
                  Nenhum produto com preço atende aos filtros informados.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
      {preview.exportados > preview.itens.length && (
        <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
          Mostrando os primeiros {preview.itens.length} de {preview.exportados}; o arquivo leva todos.
        </Typography>
      )}
    </Paper>
  );
}
