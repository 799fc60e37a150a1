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
import { useState } from 'react';
import { extractErrorMessage } from '../../../core/extractErrorMessage.ts';
import type { ItemNota } from './useEmissaoNota.ts';

/**
 * Corrects one item of the nota before it is sent: descrição, NCM (which replaces the product's in this
 * nota) and CEST. The server validates and answers in pt-BR; its message stays in the dialog.
 */
export function CorrigirItemDialog({
  item,
  onSalvar,
  onFechar,
}: {
  item: ItemNota;
  onSalvar(campos: Partial<ItemNota>): Promise<void>;
  onFechar(): void;
}) {
  const [descricao, setDescricao] = useState(item.descricao);
  const [ncm, setNcm] = useState(item.ncm ?? '');
  const [cest, setCest] = useState(item.cest ?? '');
  const [erro, setErro] = useState<string | null>(null);
  const [salvando, setSalvando] = useState(false);

  const salvar = async () => {
    setSalvando(true);
    setErro(null);
    try {
      await onSalvar({ descricao, ncm: ncm.trim() || null, cest: cest.trim() || null });
      onFechar();
    } catch (error) {
      setErro(extractErrorMessage(error));
    } finally {
      setSalvando(false);
    }
  };

  return (
    <Dialog open onClose={onFechar} maxWidth="sm" fullWidth>
      <DialogTitle>Corrigir o item {item.numeroItem}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {erro && <Alert severity="warning">{erro}</Alert>}
          <TextField label="Descrição" value={descricao} onChange={(e) => setDescricao(e.target.value)} />
          <TextField
            label="NCM"
            value={ncm}
            onChange={(e) => setNcm(e.target.value)}
            helperText="8 dígitos; vale para este item da nota (vazio: o NCM do cadastro do produto)."
          />
          <TextField label="CEST" value={cest} onChange={(e) => setCest(e.target.value)} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onFechar}>Cancelar</Button>
        <Button variant="contained" loading={salvando} onClick={() => void salvar()}>
          Salvar item
        </Button>
      </DialogActions>
    </Dialog>
  );
}
