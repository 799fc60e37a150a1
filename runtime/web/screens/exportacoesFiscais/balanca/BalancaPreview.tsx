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
import type { BalancaPreview as Preview } from '../exportacaoTypes.ts';

const TIPO = ['Peso (kg)', 'Unidade'];

/** Counts and the produtos that go to the scale: PLU, description as printed, price and sale type. */
export function BalancaPreview({ preview }: { preview: Preview }) {
  return (
    <Paper sx={{ mb: 2 }}>
      <Box sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Pré-visualização
        </Typography>
        <Chip label={`${preview.total} produto(s) marcado(s) para a balança`} />
        <Chip color="success" label={`${preview.exportados} no arquivo`} />
        {preview.avisos.length > 0 && <Chip color="warning" label={`${preview.avisos.length} com aviso`} />}
      </Box>
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Produtos exportados para a balança">
          <TableHead>
            <TableRow>
              <TableCell>PLU</TableCell>
              <TableCell>Descrição na balança</TableCell>
              <TableCell align="right">Preço</TableCell>
              <TableCell>Tipo de venda</TableCell>
              <TableCell align="right">Validade (dias)</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {preview.itens.map((item) => (
              <TableRow key={item.id} hover>
                <TableCell sx={{ fontFamily: 'monospace' }}>{String(item.plu).padStart(6, '0')}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }} title={item.descricao}>
                  {item.descricaoArquivo}
                </TableCell>
                <TableCell align="right">{formatBRL(item.preco)}</TableCell>
                <TableCell>{TIPO[item.tipo]}</TableCell>
                <TableCell align="right">{item.validadeDias || '—'}</TableCell>
              </TableRow>
            ))}
            {preview.itens.length === 0 && (
              <TableRow>
                <TableCell colSpan={5} align="center" sx={{ py: 4 }}>
                  Nenhum produto pode ir para a balança. Marque “Enviar para a balança” e informe o código
                  (PLU) e o preço no cadastro do produto.
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}
