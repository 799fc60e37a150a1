import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { parseBRL } from '../../../core/formatMoney.ts';
import type { Opcao } from './pdvApi.ts';

/** Abertura do caixa: the operator and the float (fundo de troco) in cash. */
export function AbrirCaixaDialog(props: {
  open: boolean;
  pdv: string;
  operadores: Opcao[];
  enviando: boolean;
  onClose: () => void;
  onConfirm: (operadorPdvId: number, valorAbertura: number) => void;
}) {
  const [operador, setOperador] = useState<number | ''>('');
  const [valor, setValor] = useState('0,00');
  useEffect(() => {
    if (props.open && props.operadores.length === 1 && props.operadores[0])
      setOperador(props.operadores[0].id);
  }, [props.open, props.operadores]);
  const numero = parseBRL(valor);
  const valido = operador !== '' && numero !== null && numero >= 0;
  return (
    <Dialog
      disableRestoreFocus
      open={props.open}
      onClose={() => !props.enviando && props.onClose()}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle>{`Abrir caixa — ${props.pdv}`}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <TextField
            select
            label="Operador"
            value={operador}
            onChange={(event) => setOperador(Number(event.target.value))}
            helperText={
              props.operadores.length === 0 ? 'Cadastre operadores em Vendas › Operadores de PDV.' : ' '
            }
          >
            {props.operadores.map((opcao) => (
              <MenuItem key={opcao.id} value={opcao.id}>
                {opcao.descricao}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Fundo de troco (R$)"
            value={valor}
            onChange={(event) => setValor(event.target.value)}
            error={numero === null}
            helperText={numero === null ? 'Informe um valor como 100,00.' : 'Dinheiro na gaveta ao abrir.'}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.enviando}>
          Cancelar
        </Button>
        <Button
          variant="contained"
          disabled={!valido || props.enviando}
          onClick={() => valido && props.onConfirm(Number(operador), numero ?? 0)}
        >
          Abrir caixa
        </Button>
      </DialogActions>
    </Dialog>
  );
}
