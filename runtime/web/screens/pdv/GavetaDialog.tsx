import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { formatBRL, parseBRL } from '../../../core/formatMoney.ts';

/** Sangria (cash out) or suprimento (cash in) with its required motivo; the sangria shows the cash on hand. */
export function GavetaDialog(props: {
  tipo: 'sangria' | 'suprimento' | null;
  /** null on a blind PDV (fechamento cego): not shown to the operator. */
  dinheiroNaGaveta: number | null;
  enviando: boolean;
  onClose: () => void;
  onConfirm: (valor: number, motivo: string) => void;
}) {
  const [valor, setValor] = useState('');
  const [motivo, setMotivo] = useState('');
  useEffect(() => {
    if (props.tipo) {
      setValor('');
      setMotivo('');
    }
  }, [props.tipo]);
  const numero = parseBRL(valor);
  const valido = numero !== null && numero > 0 && motivo.trim().length > 0;
  const titulo = props.tipo === 'sangria' ? 'Sangria' : 'Suprimento';
  return (
    <Dialog
      disableRestoreFocus
      open={props.tipo !== null}
      onClose={() => !props.enviando && props.onClose()}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle>{titulo}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {props.tipo === 'sangria' && props.dinheiroNaGaveta !== null && (
            <Alert severity="info">{`Dinheiro na gaveta: ${formatBRL(props.dinheiroNaGaveta)}`}</Alert>
          )}
          <TextField
            autoFocus
            label="Valor (R$)"
            value={valor}
            onChange={(event) => setValor(event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
          <TextField
            label="Motivo"
            value={motivo}
            onChange={(event) => setMotivo(event.target.value)}
            required
            helperText="Obrigatório: por que o dinheiro sai ou entra."
            slotProps={{ htmlInput: { maxLength: 200 } }}
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
          onClick={() => valido && props.onConfirm(numero ?? 0, motivo.trim())}
        >
          {`Registrar ${titulo.toLowerCase()}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
