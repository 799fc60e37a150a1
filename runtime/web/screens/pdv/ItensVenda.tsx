import {
  Button,
  IconButton,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import type { RefObject } from 'react';
import { formatBRL, parseBRL } from '../../../core/formatMoney.ts';
import type { PreviaVenda } from './pdvApi.ts';

const quantidadeBR = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 3 });

/**
 * The code line (quantity, código or barcode + Enter, "3*código" multiplies) and the items priced by the
 * server, each removable.
 */
export function ItensVenda(props: {
  previa: PreviaVenda | null;
  codigo: string;
  quantidade: string;
  codigoRef: RefObject<HTMLInputElement | null>;
  quantidadeRef: RefObject<HTMLInputElement | null>;
  onCodigo: (texto: string) => void;
  onQuantidade: (texto: string) => void;
  onAdicionar: () => void;
  onBuscar: () => void;
  onRemover: (index: number) => void;
  /** Enter in an item's Desconto cell: that item's discount (R$), checked by the server against the perfil. */
  onDescontoItem: (index: number, valor: number) => void;
}) {
  return (
    <Paper sx={{ p: 2, flex: 2, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ mb: 2 }}>
        <TextField
          label="Quantidade (F2)"
          value={props.quantidade}
          onChange={(event) => props.onQuantidade(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              props.codigoRef.current?.focus();
            }
          }}
          inputRef={props.quantidadeRef}
          sx={{ width: 170, flexShrink: 0 }}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <TextField
          autoFocus
          fullWidth
          label="Código ou código de barras"
          placeholder="Leia o código de barras ou digite o código e tecle Enter"
          value={props.codigo}
          onChange={(event) => props.onCodigo(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              props.onAdicionar();
            }
          }}
          inputRef={props.codigoRef}
          slotProps={{ htmlInput: { autoComplete: 'off' } }}
        />
        <Button variant="outlined" onClick={props.onBuscar} sx={{ whiteSpace: 'nowrap' }}>
          Buscar (F3)
        </Button>
      </Stack>
      <Table size="small" aria-label="Itens da venda">
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>Código</TableCell>
            <TableCell>Descrição</TableCell>
            <TableCell align="right">Qtd.</TableCell>
            <TableCell align="right">Preço</TableCell>
            <TableCell align="right">Desconto</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell padding="checkbox" />
          </TableRow>
        </TableHead>
        <TableBody>
          {(props.previa?.itens ?? []).map((item, index) => (
            <TableRow key={item.numeroItem}>
              <TableCell>{item.numeroItem}</TableCell>
              <TableCell>{item.codigo}</TableCell>
              <TableCell>{item.descricao}</TableCell>
              <TableCell align="right">{`${quantidadeBR.format(item.quantidade)} ${item.unidade}`}</TableCell>
              <TableCell align="right">{formatBRL(item.precoUnitario)}</TableCell>
              <TableCell align="right" sx={{ width: 120 }}>
                <TextField
                  size="small"
                  variant="standard"
                  key={`${item.numeroItem}-${item.desconto}`}
                  defaultValue={item.desconto > 0 ? item.desconto.toFixed(2).replace('.', ',') : ''}
                  placeholder="0,00"
                  onKeyDown={(event) => {
                    if (event.key === 'Enter') {
                      event.preventDefault();
                      props.onDescontoItem(index, parseBRL((event.target as HTMLInputElement).value) ?? 0);
                    }
                  }}
                  slotProps={{
                    htmlInput: {
                      inputMode: 'decimal',
                      'aria-label': `Desconto do item ${item.numeroItem}`,
                      style: { textAlign: 'right' },
                    },
                  }}
                />
              </TableCell>
              <TableCell align="right">{formatBRL(item.valorTotal)}</TableCell>
              <TableCell padding="checkbox">
                <IconButton
                  size="small"
                  aria-label={`Remover ${item.descricao}`}
                  onClick={() => props.onRemover(index)}
                >
                  <Icon fontSize="small">delete</Icon>
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {!props.previa && (
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          Nenhum item. Leia um código de barras para começar a venda.
        </Typography>
      )}
    </Paper>
  );
}
