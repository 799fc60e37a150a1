import {
  Alert,
  Button,
  Divider,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import Icon from '@mui/material/Icon';
import { type RefObject, useState } from 'react';
import { formatBRL, parseBRL } from '../../../core/formatMoney.ts';
import type { Opcao } from './pdvApi.ts';
import type { PagamentoDigitado } from './useVendaPdv.ts';

/** The running total, the sale's discount, the payments with what is missing or the change, and Finalizar. */
export function PagamentosVenda(props: {
  formas: (Opcao & { dinheiro: boolean })[];
  total: number;
  valorDesconto: number;
  pagamentos: PagamentoDigitado[];
  falta: number;
  troco: number;
  enviando: boolean;
  podeFinalizar: boolean;
  descontoRef: RefObject<HTMLInputElement | null>;
  valorRef: RefObject<HTMLInputElement | null>;
  valorPagamento: string;
  onValorPagamento: (texto: string) => void;
  onDesconto: (valor: number) => void;
  onAdicionar: (pagamento: PagamentoDigitado) => void;
  onRemover: (index: number) => void;
  onFinalizar: () => void;
}) {
  const [formaId, setFormaId] = useState<number | ''>('');
  const [desconto, setDesconto] = useState('');
  const forma =
    props.formas.find((opcao) => opcao.id === formaId) ?? props.formas.find((opcao) => opcao.dinheiro);
  const adicionar = () => {
    const valor = parseBRL(props.valorPagamento);
    if (!forma || valor === null || valor <= 0) return;
    props.onAdicionar({
      formaPagamentoId: forma.id,
      descricao: forma.descricao,
      dinheiro: forma.dinheiro,
      valor,
    });
    props.onValorPagamento('');
  };
  return (
    <Paper sx={{ p: 2, flex: 1, minWidth: 320 }}>
      <Typography variant="overline">Total da venda</Typography>
      <Typography variant="h3" component="p" aria-label="Total da venda" sx={{ fontWeight: 700 }}>
        {formatBRL(props.total)}
      </Typography>
      {props.valorDesconto > 0 && (
        <Typography color="text.secondary">{`Descontos: ${formatBRL(props.valorDesconto)}`}</Typography>
      )}
      <TextField
        label="Desconto na venda (F4)"
        size="small"
        value={desconto}
        placeholder="0,00"
        onChange={(event) => setDesconto(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            props.onDesconto(parseBRL(desconto) ?? 0);
          }
        }}
        inputRef={props.descontoRef}
        sx={{ mt: 2 }}
        fullWidth
        slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      />
      <Divider sx={{ my: 2 }} />
      <Stack direction="row" spacing={1}>
        <TextField
          select
          size="small"
          label="Forma de pagamento"
          value={forma?.id ?? ''}
          onChange={(event) => setFormaId(Number(event.target.value))}
          sx={{ flex: 1 }}
        >
          {props.formas.map((opcao) => (
            <MenuItem key={opcao.id} value={opcao.id}>
              {opcao.descricao}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Valor (F9)"
          value={props.valorPagamento}
          onChange={(event) => props.onValorPagamento(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              adicionar();
            }
          }}
          inputRef={props.valorRef}
          sx={{ width: 130 }}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Stack>
      <Button onClick={adicionar} sx={{ mt: 1 }} disabled={!forma}>
        Adicionar pagamento
      </Button>
      <List dense aria-label="Pagamentos">
        {props.pagamentos.map((pagamento, index) => (
          <ListItem
            key={pagamento.id ?? pagamento.formaPagamentoId}
            secondaryAction={
              <IconButton
                size="small"
                aria-label={`Remover pagamento em ${pagamento.descricao}`}
                onClick={() => props.onRemover(index)}
              >
                <Icon fontSize="small">close</Icon>
              </IconButton>
            }
          >
            <ListItemText primary={pagamento.descricao} secondary={formatBRL(pagamento.valor)} />
          </ListItem>
        ))}
      </List>
      {props.falta > 0 && props.total > 0 && (
        <Alert severity="info">{`Falta pagar: ${formatBRL(props.falta)}`}</Alert>
      )}
      {props.troco > 0 && (
        <Alert severity="success" icon={false}>
          <Typography variant="h5" component="p">{`Troco: ${formatBRL(props.troco)}`}</Typography>
        </Alert>
      )}
      <Button
        variant="contained"
        size="large"
        fullWidth
        sx={{ mt: 2 }}
        disabled={!props.podeFinalizar || props.enviando}
        onClick={props.onFinalizar}
      >
        {props.enviando ? 'Emitindo NFC-e…' : 'Finalizar venda (F10)'}
      </Button>
    </Paper>
  );
}
