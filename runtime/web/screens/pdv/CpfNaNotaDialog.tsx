import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useEffect, useState } from 'react';
import { formatCpfCnpj } from '../../../core/formatCpfCnpj.ts';
import { isValidCpfCnpj } from '../../../core/isValidCpfCnpj.ts';
import { normalizeCpfCnpj } from '../../../core/normalizeCpfCnpj.ts';

/**
 * "CPF na nota?" (F6): the consumer's CPF or CNPJ for the NFC-e of this sale, checked as it is typed (check
 * digits, an alphanumeric CNPJ too) and confirmed with Enter; an empty field takes the document off the nota.
 */
export function CpfNaNotaDialog(props: {
  open: boolean;
  atual: string | null;
  onClose: () => void;
  onConfirm: (documento: string | null) => void;
}) {
  const [texto, setTexto] = useState('');
  useEffect(() => {
    if (props.open) setTexto(props.atual ? formatCpfCnpj(props.atual) : '');
  }, [props.open, props.atual]);
  const documento = normalizeCpfCnpj(texto);
  const completo = documento.length === 11 || documento.length === 14;
  const valido = documento === '' || isValidCpfCnpj(documento);
  // Flagged once the document has a CPF's or CNPJ's length (or passed it) and fails its check digits.
  const invalido = documento !== '' && (completo || documento.length > 14) && !valido;
  const confirmar = () => valido && props.onConfirm(documento || null);
  return (
    <Dialog disableRestoreFocus open={props.open} onClose={props.onClose} maxWidth="xs" fullWidth>
      <DialogTitle>CPF na nota</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          label="CPF ou CNPJ do consumidor"
          value={texto}
          onChange={(event) => setTexto(event.target.value)}
          onBlur={() => completo && setTexto(formatCpfCnpj(documento))}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              confirmar();
            }
          }}
          error={invalido}
          helperText={
            invalido
              ? 'CPF/CNPJ inválido: confira os dígitos com o consumidor.'
              : 'Digite e tecle Enter. Deixe vazio para tirar o documento da nota.'
          }
          slotProps={{
            htmlInput: { maxLength: 18, inputMode: 'text', 'aria-label': 'CPF ou CNPJ do consumidor' },
          }}
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancelar</Button>
        <Button variant="contained" disabled={!valido} onClick={confirmar}>
          {documento ? 'Incluir na nota' : 'Sem CPF na nota'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
