import {
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { formatBRL } from '../../../../core/formatMoney.ts';
import type { EtiquetaItem } from './etiquetaTypes.ts';

interface Props {
  items: EtiquetaItem[];
  onQuantity: (id: number, quantidade: number) => void;
  onRemove: (id: number) => void;
}

/** The chosen produtos with the number of labels of each. */
export function LabelItems({ items, onQuantity, onRemove }: Props) {
  return (
    <Table size="small" aria-label="Produtos escolhidos">
      <TableHead>
        <TableRow>
          <TableCell>Produto</TableCell>
          <TableCell>Código de barras</TableCell>
          <TableCell align="right">Preço</TableCell>
          <TableCell sx={{ width: 130 }}>Quantidade</TableCell>
          <TableCell align="right" sx={{ width: 60 }} />
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map(({ produto, quantidade }) => (
          <TableRow key={produto.id}>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{produto.descricao}</TableCell>
            <TableCell>{produto.codigoBarras || produto.codigo || '—'}</TableCell>
            <TableCell align="right">{formatBRL(produto.precoVenda) || '—'}</TableCell>
            <TableCell>
              <TextField
                size="small"
                type="number"
                value={quantidade}
                onChange={(event) =>
                  onQuantity(produto.id, Math.max(1, Math.min(999, Number(event.target.value) || 1)))
                }
                slotProps={{
                  htmlInput: { min: 1, max: 999, 'aria-label': `Quantidade de ${produto.descricao}` },
                }}
              />
            </TableCell>
            <TableCell align="right">
              <Tooltip title="Remover">
                <IconButton
                  size="small"
                  aria-label={`Remover ${produto.descricao}`}
                  onClick={() => onRemove(produto.id)}
                >
                  <Icon fontSize="small">delete_outline</Icon>
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
        {items.length === 0 && (
          <TableRow>
            <TableCell colSpan={5} align="center" sx={{ py: 3, color: 'text.secondary' }}>
              Adicione os produtos que receberão etiquetas.
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
